/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* uncore_report.c: print the uncore PMON discovery inventory for --list-uncore, as text or JSON. */
#include <errno.h>
#include <string.h>

#include "uncore_report.h"
#include "outbuf.h"

static const char *access_name(int access)
{
	switch (access) {
	case DISC_MSR: return "msr";
	case DISC_MMIO: return "mmio";
	case DISC_PCI: return "pci";
	default: return "reserved";
	}
}

/* A string that is "" when absent becomes null. */
static void json_opt_str(FILE *f, const char *s)
{
	if (s && *s)
		json_fputs(f, s);
	else
		fputs("null", f);
}

static void json_opt_int(FILE *f, int v)
{
	if (v < 0)
		fputs("null", f);
	else
		fprintf(f, "%d", v);
}

static void report_json(FILE *f, const struct disc_inventory *inv)
{
	fputs("{\"dvsec\":[", f);
	for (int i = 0; i < inv->ndvsec; i++) {
		const struct disc_dvsec *d = &inv->dvsec[i];

		fputs(i ? ",{\"bdf\":" : "{\"bdf\":", f);
		json_fputs(f, d->bdf);
		fprintf(f, ",\"id\":%d,\"bir\":", d->id);
		json_opt_int(f, d->bir);
		fputs(",\"bar\":", f);
		if (d->bar)
			fprintf(f, "\"0x%llx\"", (unsigned long long)d->bar);
		else
			fputs("null", f);
		fputs(",\"socket\":", f);
		json_opt_int(f, d->socket);
		fprintf(f, ",\"used\":%s,\"note\":", d->used ? "true" : "false");
		json_opt_str(f, d->note);
		fputc('}', f);
	}
	fputs("],\"boxes\":[", f);
	for (int i = 0; i < inv->nboxes; i++) {
		const struct disc_box *b = &inv->boxes[i];

		fputs(i ? ",{\"socket\":" : "{\"socket\":", f);
		json_opt_int(f, b->socket);
		fprintf(f, ",\"type\":%d,\"name\":", b->type);
		json_fputs(f, b->name);
		fprintf(f, ",\"box_id\":%d,\"access\":\"%s\",\"ctrl_addr\":\"0x%llx\",\"num_counters\":%d,"
			"\"counter_width\":%d,\"ctrl_offset\":%d,\"ctr_offset\":%d,\"kernel_pmu\":",
			b->box_id, access_name(b->access), (unsigned long long)b->ctrl_addr, b->num_counters,
			b->counter_width, b->ctrl_offset, b->ctr_offset);
		json_opt_str(f, b->kernel_pmu);
		fputc('}', f);
	}
	fprintf(f, "],\"skipped\":%d,\"generation\":", inv->skipped);
	json_opt_str(f, inv->generation);
	fputs(",\"warning\":", f);
	json_opt_str(f, inv->warning);
	fputs("}\n", f);
}

/* "uncore_imc_0..7" for a run of kernel PMUs sharing a prefix, plus how many boxes have none. */
static void kernel_range(const struct disc_box *b, int n, char *out, size_t len)
{
	const char *first = NULL, *last = NULL;
	int have = 0;
	size_t used;

	for (int i = 0; i < n; i++) {
		if (!b[i].kernel_pmu[0])
			continue;
		if (!first)
			first = b[i].kernel_pmu;
		last = b[i].kernel_pmu;
		have++;
	}
	if (!have) {
		snprintf(out, len, "no kernel PMU");
		return;
	}
	if (have == 1) {
		snprintf(out, len, "%s", first);
	} else {
		const char *fu = strrchr(first, '_'), *lu = strrchr(last, '_');

		if (fu && lu && fu - first == lu - last && strncmp(first, last, (size_t)(fu - first)) == 0)
			snprintf(out, len, "%s..%s", first, lu + 1);
		else
			snprintf(out, len, "%s..%s", first, last);
	}
	used = strlen(out);
	if (have < n && used < len)
		snprintf(out + used, len - used, " (%d without a kernel PMU)", n - have);
}

static void report_group(FILE *f, const struct disc_box *b, int n)
{
	char socket[16], shape[32], kpmu[160];
	bool same = true;

	for (int i = 1; i < n; i++)
		if (b[i].access != b[0].access || b[i].counter_width != b[0].counter_width ||
		    b[i].num_counters != b[0].num_counters)
			same = false;
	if (b[0].socket >= 0)
		snprintf(socket, sizeof(socket), "%d", b[0].socket);
	else
		snprintf(socket, sizeof(socket), "?");
	if (same)
		snprintf(shape, sizeof(shape), "%-4s  %d-bit x%d", access_name(b[0].access),
			 b[0].counter_width, b[0].num_counters);
	else
		snprintf(shape, sizeof(shape), "mixed");
	kernel_range(b, n, kpmu, sizeof(kpmu));
	fprintf(f, "socket %s  %-8s %d box%s  %s  %s\n", socket, b[0].name, n, n == 1 ? "" : "es", shape, kpmu);
}

static void report_text(FILE *f, const struct disc_inventory *inv)
{
	fprintf(f, "uncore PMON discovery%s%s%s: %d DVSEC%s, %d box%s\n",
		inv->generation[0] ? " (" : "", inv->generation, inv->generation[0] ? ")" : "",
		inv->ndvsec, inv->ndvsec == 1 ? "" : "s", inv->nboxes, inv->nboxes == 1 ? "" : "es");
	if (!inv->ndvsec)
		fputs("no PMON discovery DVSEC found (Intel Xeon Sapphire Rapids or later carries one)\n", f);
	for (int i = 0; i < inv->ndvsec; i++) {
		const struct disc_dvsec *d = &inv->dvsec[i];

		fprintf(f, "dvsec %s  id %d", d->bdf, d->id);
		if (d->bir >= 0)
			fprintf(f, "  BAR%d", d->bir);
		if (d->bar)
			fprintf(f, " 0x%llx", (unsigned long long)d->bar);
		if (d->socket >= 0)
			fprintf(f, "  socket %d", d->socket);
		if (d->used)
			fputs("  table read", f);
		else if (d->id != 1)
			fputs("  not PMON discovery", f);
		if (d->note[0])
			fprintf(f, "  (%s)", d->note);
		fputc('\n', f);
	}
	for (int i = 0, j; i < inv->nboxes; i = j) {
		for (j = i + 1; j < inv->nboxes; j++)
			if (inv->boxes[j].socket != inv->boxes[i].socket || inv->boxes[j].type != inv->boxes[i].type)
				break;
		report_group(f, &inv->boxes[i], j - i);
	}
	if (inv->skipped)
		fprintf(f, "skipped %d invalid table entr%s\n", inv->skipped, inv->skipped == 1 ? "y" : "ies");
	if (inv->warning[0])
		fprintf(f, "warning: %s\n", inv->warning);
}

int uncore_report(FILE *f, const struct disc_inventory *inv, bool json)
{
	if (json)
		report_json(f, inv);
	else
		report_text(f, inv);
	return fflush(f) == 0 && !ferror(f) ? 0 : -EIO;
}
