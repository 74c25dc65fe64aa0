/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_fleet_promjson.c: libFuzzer target for the fleet's reader of Prometheus' query API answers
 * (/api/v1/query JSON), with the samples gathered into the hosts' table and made into rows as a
 * refresh does: no crash, no leak; an answer refused says why; a sample handed on has a host shorter
 * than FLEET_NAME_MAX and a key; issues stay within FLEET_ISSUES_MAX, NUL-terminated; every row has a
 * state, and a figure that is NAN says why. */
// FUZZ_SOURCES: src/fleet/fleet_promjson.c src/fleet/fleet_table.c src/fleet/fleet_fields.c src/base/errmsg.c src/base/printable.c
// FUZZ_LIBS: -ljson-c -lm
// FUZZ_CFLAGS: -I/usr/include/json-c
// FUZZ_ARGS: -max_len=4096
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/errmsg.h"
#include "fleet/fleet_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put(void *ctx, const struct fleet_sample *s)
{
	struct fleet_table *t = ctx;
	struct fleet_acc *a;

	if (!s->host || !*s->host || strlen(s->host) >= FLEET_NAME_MAX || !s->key || isnan(s->value))
		abort();
	if ((a = fleet_table_get(t, s->host)))
		fleet_acc_put(a, fleet_raw_slot(s->key), s->value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fleet_issue issues[FLEET_ISSUES_MAX];
	struct errmsg em = { 0 };
	struct fleet_table t;
	struct fleet_row *rows = NULL;
	char *body = malloc(size ? size : 1);
	int nissues = 0, r;

	if (!body)
		return 0;
	memcpy(body, data, size);
	fleet_table_init(&t);
	r = fleet_promjson_parse(body, size, "instance", put, &t, issues, &nissues, "up", &em);
	if ((r < 0 && !em.text[0]) || nissues < 0 || nissues > FLEET_ISSUES_MAX)
		abort();
	for (int i = 0; i < nissues; i++)
		if (!memchr(issues[i].what, '\0', sizeof(issues[i].what)) || !memchr(issues[i].query, '\0', sizeof(issues[i].query)))
			abort();
	r = fleet_rows_from(&t, &rows, 60);
	if (r >= 0 && r != t.n)
		abort();
	for (int i = 0; i < r; i++) {
		if (rows[i].state > FLEET_NOPMU || !memchr(rows[i].host, '\0', sizeof(rows[i].host)))
			abort();
		for (int f = 0; f < FF_NFIELDS; f++)
			if (isnan(rows[i].v[f]) && !rows[i].missing[f])
				abort();
	}
	free(rows);
	fleet_table_free(&t);
	free(body);
	return 0;
}
