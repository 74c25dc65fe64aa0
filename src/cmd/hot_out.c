/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot_out.c: the hot functions in batch output (see out_hot.h). */
#include "hot_out.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void out_hot_name(const struct hot_row *r, char *buf, size_t n)
{
	const char *base = strrchr(r->dso, '/');

	if (r->symbol)
		snprintf(buf, n, "%s", r->symbol);
	else
		snprintf(buf, n, "%s+0x%" PRIx64, base ? base + 1 : r->dso, r->off);
}

static bool kernel_row(const struct hot_row *r)
{
	return strcmp(r->dso, "[kernel.kallsyms]") == 0;
}

static void json_u64(struct outbuf *b, const char *key, uint64_t v)
{
	ob_char(b, '"'), ob_str(b, key), ob_str(b, "\":"), ob_u64(b, v);
}

static void json_row(struct outbuf *b, const struct hot_frame *f, const struct hot_row *r)
{
	const struct hot_info *in = f->info;
	char name[4200];

	out_hot_name(r, name, sizeof(name));
	ob_str(b, "{\"overhead\":"), ob_json_num(b, r->share * 100.0);
	ob_char(b, ','), json_u64(b, "samples", r->samples);
	ob_str(b, ",\"dso\":"), ob_json_str(b, r->dso);
	ob_str(b, ",\"symbol\":"), ob_json_str(b, name);
	ob_str(b, ",\"kernel\":"), ob_str(b, kernel_row(r) ? "true" : "false");
	if (!r->symbol)
		ob_str(b, ",\"unresolved\":"), ob_json_str(b, r->why ? r->why : "unknown");
	if (r->source)
		ob_str(b, ",\"source\":"), ob_json_str(b, r->source);
	if (in->group) {
		ob_str(b, ",\"counts\":{");
		for (int k = 0; k < in->nev; k++) {
			if (k)
				ob_char(b, ',');
			ob_json_str(b, in->names[k]), ob_char(b, ':'), ob_u64(b, r->vals[k]);
		}
		ob_str(b, "},\"ipc\":"), isnan(r->ipc) ? ob_str(b, "null") : ob_json_num(b, r->ipc);
		ob_str(b, ",\"mpki\":"), isnan(r->mpki) ? ob_str(b, "null") : ob_json_num(b, r->mpki);
	}
	ob_char(b, '}');
}

void out_hot_json(struct outbuf *b, const struct hot_frame *f)
{
	const struct hot_info *in = f->info;

	ob_str(b, "{\"time\":"), ob_json_num(b, f->time);
	ob_str(b, ",\"target\":"), ob_json_str(b, f->target);
	ob_str(b, ",\"event\":"), ob_json_str(b, in->event);
	ob_str(b, ",\"group\":"), ob_str(b, in->group ? "true" : "false");
	ob_char(b, ','), json_u64(b, "freq", in->freq);
	ob_str(b, ",\"window\":"), ob_json_num(b, in->window);
	ob_char(b, ','), json_u64(b, "samples", in->samples);
	ob_char(b, ','), json_u64(b, "throttled", in->throttled);
	ob_char(b, ','), json_u64(b, "unthrottled", in->unthrottled);
	ob_char(b, ','), json_u64(b, "lost", in->lost);
	ob_char(b, ','), json_u64(b, "corrupt_bytes", in->corrupt);
	if (in->group)
		ob_char(b, ','), json_u64(b, "group_counted", in->counted);
	if (in->wnote[0])
		ob_str(b, ",\"window_note\":"), ob_json_str(b, in->wnote);
	ob_char(b, ','), json_u64(b, "dsos", (uint64_t)in->ndso);
	ob_char(b, ','), json_u64(b, "symbol_bytes", in->sym_bytes);
	if (in->note[0])
		ob_str(b, ",\"note\":"), ob_json_str(b, in->note);
	ob_str(b, ",\"functions\":[");
	for (int i = 0; i < f->nrows; i++) {
		if (i)
			ob_char(b, ',');
		json_row(b, f, &f->rows[i]);
	}
	ob_str(b, "]}\n");
}

void out_hot_csv_header(struct outbuf *b, const struct hot_info *in, const char *sep)
{
	ob_str(b, "# overhead"), ob_str(b, sep), ob_str(b, "dso"), ob_str(b, sep), ob_str(b, "sym");
	ob_str(b, sep), ob_str(b, "samples");
	if (in->group)
		ob_str(b, sep), ob_str(b, "ipc"), ob_str(b, sep), ob_str(b, "mpki");
	ob_str(b, sep), ob_str(b, "unresolved"), ob_str(b, sep), ob_str(b, "time\n");
}

void out_hot_csv(struct outbuf *b, const struct hot_frame *f, const char *sep)
{
	const struct hot_info *in = f->info;
	char name[4200];

	ob_str(b, "# "), ob_fixed(b, f->time, 3, "nan"), ob_str(b, " s: ");
	ob_text(b, in->event), ob_str(b, ", "), ob_u64(b, in->samples), ob_str(b, " samples in ");
	ob_fixed(b, in->window, 1, "nan"), ob_str(b, " s, throttled "), ob_u64(b, in->throttled);
	ob_str(b, ", lost "), ob_u64(b, in->lost);
	if (in->note[0])
		ob_str(b, "; "), ob_text(b, in->note);
	if (in->wnote[0])
		ob_str(b, "; "), ob_text(b, in->wnote);
	ob_char(b, '\n');
	for (int i = 0; i < f->nrows; i++) {
		const struct hot_row *r = &f->rows[i];

		out_hot_name(r, name, sizeof(name));
		ob_fixed(b, r->share * 100.0, 2, "nan"), ob_char(b, '%'), ob_str(b, sep);
		ob_field(b, r->dso, sep), ob_str(b, sep);
		ob_str(b, kernel_row(r) ? "[k] " : "[.] "), ob_field(b, name, sep), ob_str(b, sep);
		ob_u64(b, r->samples);
		if (in->group) {
			ob_str(b, sep), ob_fixed(b, r->ipc, 3, "");
			ob_str(b, sep), ob_fixed(b, r->mpki, 3, "");
		}
		ob_str(b, sep), ob_field(b, r->symbol ? "" : r->why ? r->why : "unknown", sep);
		ob_str(b, sep), ob_fixed(b, f->time, 3, "nan"), ob_char(b, '\n');
	}
}

void out_hot_text(struct outbuf *b, const struct hot_frame *f)
{
	const struct hot_info *in = f->info;
	char name[4200];

	ob_str(b, "# "), ob_text(b, f->target), ob_str(b, ": "), ob_text(b, in->event), ob_str(b, " at ");
	ob_u64(b, in->freq), ob_str(b, " Hz, "), ob_u64(b, in->samples), ob_str(b, " samples in ");
	ob_fixed(b, in->window, 1, "nan"), ob_str(b, " s; throttled "), ob_u64(b, in->throttled);
	ob_str(b, ", lost "), ob_u64(b, in->lost), ob_char(b, '\n');
	if (in->note[0])
		ob_str(b, "# "), ob_text(b, in->note), ob_char(b, '\n');
	if (in->wnote[0])
		ob_str(b, "# "), ob_text(b, in->wnote), ob_char(b, '\n');
	for (int i = 0; i < f->nrows; i++) {
		const struct hot_row *r = &f->rows[i];

		out_hot_name(r, name, sizeof(name));
		ob_fixed(b, r->share * 100.0, 2, "nan"), ob_str(b, "%  ");
		if (in->group)
			ob_str(b, "IPC "), ob_fixed(b, r->ipc, 2, "-"), ob_str(b, "  MPKI "), ob_fixed(b, r->mpki, 2, "-"),
				ob_str(b, "  ");
		ob_text(b, r->dso), ob_str(b, "  "), ob_str(b, kernel_row(r) ? "[k] " : "[.] "), ob_text(b, name);
		if (!r->symbol)
			ob_str(b, "  ("), ob_text(b, r->why ? r->why : "unknown"), ob_char(b, ')');
		ob_char(b, '\n');
	}
}
