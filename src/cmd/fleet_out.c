/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_out.c: the fleet's frames as JSON or -x rows. A figure the host lacks is null in JSON (its
 * reason in "missing") and an empty field in -x, never 0. Host names and the servers' words are
 * escaped (ob_json_str, ob_field). */
#include "fleet_out.h"
#include <math.h>
#include <stdio.h>

static void issues_json(struct outbuf *b, const struct fleet_issue *is, int n)
{
	ob_str(b, ",\"issues\":[");
	for (int i = 0; i < n; i++) {
		ob_str(b, i ? ",{\"" : "{\"");
		ob_str(b, is[i].warning ? "warning" : "error");
		ob_str(b, "\":");
		ob_json_str(b, is[i].what);
		ob_str(b, ",\"query\":");
		ob_json_str(b, is[i].query);
		ob_char(b, '}');
	}
	ob_char(b, ']');
}

static void row_json(struct outbuf *b, const struct fleet_row *r)
{
	bool any = false;

	ob_str(b, "{\"host\":");
	ob_json_str(b, r->host);
	ob_str(b, ",\"state\":\"");
	ob_str(b, fleet_state_name(r->state));
	ob_str(b, "\",\"why\":");
	ob_json_str(b, r->why);
	ob_str(b, ",\"version\":");
	ob_json_str(b, r->version);
	for (int f = 0; f < FF_NFIELDS; f++) {
		ob_str(b, ",\"");
		ob_str(b, fleet_fields[f].key);
		ob_str(b, "\":");
		ob_json_num(b, r->v[f]);
	}
	ob_str(b, ",\"missing\":{");
	for (int f = 0; f < FF_NFIELDS; f++)
		if (isnan(r->v[f]) && r->missing[f]) {
			if (any)
				ob_char(b, ',');
			ob_char(b, '"');
			ob_str(b, fleet_fields[f].key);
			ob_str(b, "\":");
			ob_json_str(b, r->missing[f]);
			any = true;
		}
	ob_str(b, "}}");
}

void out_fleet_json(struct outbuf *b, const struct fleet_frame *fr)
{
	ob_str(b, "{\"time\":");
	ob_fixed(b, fr->time, 3, "null");
	ob_str(b, ",\"mode\":\"");
	ob_str(b, fr->mode ? fr->mode : "");
	ob_str(b, "\",\"window_s\":");
	ob_json_num(b, fr->window);
	ob_str(b, ",\"rules\":");
	ob_str(b, fr->rules ? "true" : "false");
	ob_str(b, ",\"queries\":");
	ob_i64(b, fr->nqueries);
	ob_str(b, ",\"elapsed_s\":");
	ob_fixed(b, fr->elapsed, 6, "null");
	issues_json(b, fr->issues, fr->nissues);
	ob_str(b, ",\"hosts\":[");
	for (int i = 0; i < fr->nrows; i++) {
		if (i)
			ob_char(b, ',');
		row_json(b, &fr->rows[i]);
	}
	ob_str(b, "]}\n");
}

static void header_csv(struct outbuf *b, const char *sep, const char *first)
{
	ob_str(b, "time");
	ob_str(b, sep);
	ob_str(b, first);
	ob_str(b, sep);
	ob_str(b, "state");
	ob_str(b, sep);
	ob_str(b, "version");
	for (int f = 0; f < FF_NFIELDS; f++) {
		ob_str(b, sep);
		ob_str(b, fleet_fields[f].key);
	}
	ob_str(b, sep);
	ob_str(b, "why\n");
}

static void row_csv(struct outbuf *b, double t, const struct fleet_row *r, const char *sep)
{
	ob_fixed(b, t, 3, "");
	ob_str(b, sep);
	ob_field(b, r->host, sep);
	ob_str(b, sep);
	ob_str(b, fleet_state_name(r->state));
	ob_str(b, sep);
	ob_field(b, r->version, sep);
	for (int f = 0; f < FF_NFIELDS; f++) {
		ob_str(b, sep);
		if (isfinite(r->v[f]))
			ob_fixed_trimmed(b, r->v[f], 6, "");
	}
	ob_str(b, sep);
	ob_field(b, r->why, sep);
	ob_char(b, '\n');
}

void out_fleet_csv(struct outbuf *b, const struct fleet_frame *fr, const char *sep, bool header)
{
	if (header)
		header_csv(b, sep, "host");
	for (int i = 0; i < fr->nrows; i++)
		row_csv(b, fr->time, &fr->rows[i], sep);
}

void out_fleet_detail_json(struct outbuf *b, const struct fleet_detail *d)
{
	ob_str(b, "{\"time\":");
	ob_fixed(b, d->time, 3, "null");
	ob_str(b, ",\"host\":");
	ob_json_str(b, d->host);
	ob_str(b, ",\"remote\":true,\"window_s\":");
	ob_json_num(b, d->window);
	ob_str(b, ",\"queries\":");
	ob_i64(b, d->nqueries);
	issues_json(b, d->issues, d->nissues);
	for (int k = FLEET_D_SOCKET; k <= FLEET_D_CGROUP; k++) {
		bool first = true;
		ob_str(b, k == FLEET_D_SOCKET ? ",\"sockets\":[" : k == FLEET_D_CPU ? ",\"cpus\":[" : ",\"cgroups\":[");
		for (int i = 0; i < d->nrows; i++)
			if ((int)d->kind[i] == k) {
				if (!first)
					ob_char(b, ',');
				row_json(b, &d->rows[i]);
				first = false;
			}
		ob_char(b, ']');
	}
	ob_str(b, "}\n");
}

void out_fleet_detail_csv(struct outbuf *b, const struct fleet_detail *d, const char *sep, bool header)
{
	if (header)
		header_csv(b, sep, "row");
	for (int i = 0; i < d->nrows; i++)
		row_csv(b, d->time, &d->rows[i], sep);
}

/* Plain text: the main figures, aligned, for a person at a terminal (host names escaped). */
void out_fleet_text(struct outbuf *b, const struct fleet_frame *fr)
{
	static const int cols[] = { FF_UTIL, FF_GHZ, FF_IPC, FF_MPKI, FF_MEM, FF_PKG_W, FF_MUX, FF_AGE };
	char tmp[64];

	for (int i = 0; i < fr->nrows; i++) {
		if (i == 0) {
			ob_str(b, "HOST                      STATE ");
			for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++) {
				size_t s = b->len;
				ob_str(b, fleet_fields[cols[c]].title);
				ob_pad_left(b, s, 9);
			}
			ob_char(b, '\n');
		}
		snprintf(tmp, sizeof(tmp), "%-25.25s", fr->rows[i].host);
		ob_text(b, tmp);
		snprintf(tmp, sizeof(tmp), " %-6s", fleet_state_name(fr->rows[i].state));
		ob_str(b, tmp);
		for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++) {
			size_t s = b->len;
			ob_fixed(b, fr->rows[i].v[cols[c]], fleet_fields[cols[c]].prec, "-");
			ob_pad_left(b, s, 9);
		}
		if (fr->rows[i].why[0]) {
			ob_str(b, "  ");
			ob_text(b, fr->rows[i].why);
		}
		ob_char(b, '\n');
	}
	for (int i = 0; i < fr->nissues; i++) {
		ob_str(b, fr->issues[i].warning ? "warning: " : "error: ");
		ob_text(b, fr->issues[i].what);
		ob_char(b, '\n');
	}
}
