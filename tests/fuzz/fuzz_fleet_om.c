/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_fleet_om.c: libFuzzer target for the fleet's OpenMetrics / Prometheus text reader (direct
 * mode's scrapes of --fleet-targets): no crash, no leak, no read past the input; every sample handed
 * on has a name, at most FLEET_OM_LABELS_MAX labels, each with a name and a value; the count returned
 * is the samples handed on, and a sample's labels are found again by name. */
// FUZZ_SOURCES: src/fleet/fleet_openmetrics.c
// FUZZ_ARGS: -max_len=4096
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int put(void *ctx, const struct fleet_om_sample *s)
{
	int *n = ctx;

	if (!s->name || !*s->name || s->nlabels < 0 || s->nlabels > FLEET_OM_LABELS_MAX)
		abort();
	for (int i = 0; i < s->nlabels; i++) {
		if (!s->labels[i].name || !s->labels[i].value || !*s->labels[i].name)
			abort();
		/* the first label of a name is the one found */
		const char *v = fleet_om_label(s, s->labels[i].name);
		if (!v)
			abort();
	}
	(*n)++;
	return *n == 100000 ? -1 : 0;   /* put's refusal ends the parse with it */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of exactly size bytes, no NUL after it: ASan sees any read past the end */
	char *text = malloc(size ? size : 1);
	int n = 0, bad = -1, r;

	if (!text)
		return 0;
	memcpy(text, data, size);
	r = fleet_om_parse(text, size, put, &n, &bad);
	if ((r >= 0 && r != n) || (r < 0 && r != -1 && r != -E2BIG) || bad < 0 || (size_t)bad > size)
		abort();
	free(text);
	return 0;
}
