/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_evparse.c: libFuzzer target for the pure event-list parser (evsyntax): no crash, no leak, errors
 * point inside the input, and every node of a parsed tree points at the text it came from. */
// FUZZ_SOURCES: src/hw/events/evsyntax.c src/hw/events/evtables.c
// FUZZ_SEEDS: tests/fuzz/corpus/evparse/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/events/evsyntax.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_event(const char *s, int len, const struct evs_event *e)
{
	if (e->pos < 0 || e->end > len || e->pos >= e->end || !e->name || e->name_pos < e->pos ||
	    strncmp(s + e->name_pos, e->name, strlen(e->name)) != 0)
		abort();
	if ((e->kind == EVS_TRACEPOINT) != (e->tp != NULL))
		abort();
	if (e->tp && strncmp(s + e->tp_pos, e->tp, strlen(e->tp)) != 0)
		abort();
	if (e->mods.letters[0] && (e->mods.pos < e->pos || e->mods.pos >= e->end ||
				   strncmp(s + e->mods.pos, e->mods.letters, strlen(e->mods.letters)) != 0))
		abort();
	for (int i = 0; i < e->nterms; i++) {
		const struct evs_term *t = &e->terms[i];

		if (e->kind != EVS_PMU || t->kpos < e->terms_pos || t->kpos >= e->terms_end ||
		    strncmp(s + t->kpos, t->key, strlen(t->key)) != 0 ||
		    (t->val && strncmp(s + t->vpos, t->val, strlen(t->val)) != 0))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct evs_tree t;
	struct ev_error err;
	struct evs_term *terms;
	int nterms, len;
	char *s;

	if (size > 4096)
		return 0;
	s = malloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	len = (int)strlen(s);
	memset(&err, 0, sizeof(err));
	if (evs_parse(s, &t, &err) < 0) {
		if (err.pos < 0 || err.pos > len || !err.msg[0] || t.ng != 0 || t.g != NULL)
			abort();
	} else {
		if (t.ng < 1)
			abort();
		for (int i = 0; i < t.ng; i++) {
			if (t.g[i].nev < 1 || (!t.g[i].braced && t.g[i].nev != 1))
				abort();
			for (int j = 0; j < t.g[i].nev; j++)
				check_event(s, len, &t.g[i].ev[j]);
		}
		evs_free(&t);
	}
	/* the same text as an alias file's term list */
	if (evs_parse_terms(s, len, 0, &terms, &nterms, &err) == 0) {
		for (int i = 0; i < nterms; i++)
			if (strncmp(s + terms[i].kpos, terms[i].key, strlen(terms[i].key)) != 0)
				abort();
		evs_terms_free(terms, nterms);
	} else if (err.pos < 0 || err.pos > len) {
		abort();
	}
	free(s);
	return 0;
}
