/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_coltitle.c: short column titles stay apart: over every pair of Intel's Sapphire Rapids
 * core event names that share a prefix (ocr.demand_*, mem_load_retired.*, ...), bare and as the
 * cores view names them (cpu/NAME/), the two titles differ, fit, and are made of the names' own
 * text; all of them together differ too. Built from tests/fixtures/events/intel (perfmon). */
#include "t.h"
#include <ctype.h>
#include "ui/widgets/coltitle.h"

#define SPR_CORE "tests/fixtures/events/intel/SPR/events/sapphirerapids_core.json"
#define W 14
#define TL 32

static char **names;
static int nnames;

/* Every "EventName" of the perfmon file, lower-cased as perf spells them. */
static int load_names(void)
{
	FILE *f = fopen(SPR_CORE, "r");
	char line[1024];
	int cap = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "\"EventName\": \""), *e;
		if (!p)
			continue;
		p += strlen("\"EventName\": \"");
		if (!(e = strchr(p, '"')))
			continue;
		*e = '\0';
		if (nnames == cap) {
			cap = cap ? cap * 2 : 512;
			names = realloc(names, sizeof(*names) * (size_t)cap);
		}
		for (char *q = p; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		names[nnames++] = strdup(p);
	}
	fclose(f);
	return nnames;
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t k = 0;

	while (a[k] && a[k] == b[k])
		k++;
	return k;
}

static int is_brk(char c)
{
	return c && strchr("._-/:,= ", c) != NULL;
}

/* A title is made of its name's own whole words: the name (less a trailing '/'), a tail of it
 * starting at a word, or the first whole words of such a tail (ending before a break); never a
 * piece of a word, never a '~' ("estimated" on the screen). */
static int made_of(const char *title, const char *name)
{
	size_t nl = strlen(name), tl = strlen(title);

	if (nl && name[nl - 1] == '/')
		nl--;
	if (strchr(title, '~') || !tl)
		return 0;
	for (size_t p = 0; p + tl <= nl; p++)
		if ((p == 0 || is_brk(name[p - 1])) && !strncmp(name + p, title, tl) &&
		    (p + tl == nl || is_brk(name[p + tl])))
			return 1;
	return 0;
}

/* Titles of a and b together: distinct, within W, the name's own text, no "#2" needed. */
static int pair_ok(const char *a, const char *b, char *why, size_t wl)
{
	char ta[TL], tb[TL], *out[2] = { ta, tb };
	const char *in[2] = { a, b };

	ui_titles_short(in, 2, W, out, TL);
	if (strcmp(ta, tb) == 0)
		snprintf(why, wl, "%s and %s both \"%s\"", a, b, ta);
	else if (strlen(ta) > W || strlen(tb) > W)
		snprintf(why, wl, "\"%s\" or \"%s\" wider than %d", ta, tb, W);
	else if (!made_of(ta, a) || !made_of(tb, b))
		snprintf(why, wl, "\"%s\" (%s) or \"%s\" (%s) is not made of its name", ta, a, tb, b);
	else if (strchr(ta, '#') || strchr(tb, '#'))
		snprintf(why, wl, "%s and %s needed the last resort: \"%s\", \"%s\"", a, b, ta, tb);
	else
		return 1;
	return 0;
}

TEST(spr_pairs_sharing_a_prefix_differ)
{
	long pairs = 0, cut_alike = 0, bad = 0;
	char why[256], ca[160], cb[160];

	if (nnames < 100)
		T_SKIP("%s not readable", SPR_CORE);
	for (int i = 0; i < nnames; i++)
		for (int j = i + 1; j < nnames; j++) {
			size_t cp = common_prefix(names[i], names[j]);
			if (cp == 0)
				continue;
			pairs++;
			/* the pairs a cut after W - 1 characters made one title ("cpu/ocr.demand_~") */
			cut_alike += cp + 4 >= W - 1;
			snprintf(ca, sizeof(ca), "cpu/%s/", names[i]);
			snprintf(cb, sizeof(cb), "cpu/%s/", names[j]);
			if ((!pair_ok(names[i], names[j], why, sizeof(why)) ||
			     !pair_ok(ca, cb, why, sizeof(why))) && bad++ < 5)
				CHECK(0, "%s", why);
		}
	CHECK(cut_alike > 0 && pairs > cut_alike, "%ld pairs, %ld of them alike when cut", pairs, cut_alike);
	CHECK_EQ_INT(bad, 0);
}

TEST(all_spr_names_together_differ)
{
	char **t, *title;
	int dup = 0;

	if (nnames < 100)
		T_SKIP("%s not readable", SPR_CORE);
	t = malloc(sizeof(*t) * (size_t)nnames);
	title = malloc((size_t)nnames * TL);
	for (int i = 0; i < nnames; i++)
		t[i] = title + (size_t)i * TL;
	ui_titles_short((const char *const *)names, nnames, W, t, TL);
	for (int i = 0; i < nnames; i++) {
		CHECK(strlen(t[i]) <= W, "\"%s\" wider than %d", t[i], W);
		for (int j = i + 1; j < nnames; j++)
			if (strcmp(t[i], t[j]) == 0 && dup++ < 5)
				CHECK(0, "%s and %s both \"%s\"", names[i], names[j], t[i]);
	}
	free(t);
	free(title);
}

/* The three: "cpu/ocr.demand_~" each once; now each keeps the whole words where it differs. */
TEST(ocr_columns)
{
	const char *in[3] = { "cpu/ocr.demand_data_rd.l3_miss/", "cpu/ocr.demand_rfo.l3_miss/",
			      "cpu/ocr.demand_data_rd.any_response/" };
	char t[3][TL], *out[3] = { t[0], t[1], t[2] };

	ui_titles_short(in, 3, W, out, TL);
	CHECK_EQ_STR(t[0], "rd.l3_miss");
	CHECK_EQ_STR(t[1], "rfo.l3_miss");
	CHECK_EQ_STR(t[2], "any_response");
	/* at the processes view's 9: the first words of those tails */
	ui_titles_short(in, 3, 9, out, TL);
	CHECK_EQ_STR(t[0], "rd.l3");
	CHECK_EQ_STR(t[1], "rfo.l3");
	CHECK_EQ_STR(t[2], "response");   /* the longest whole tail within 9 */
}

/* Short names stay as they are; names differing only far from their end show where, in whole words. */
TEST(short_and_far_differences)
{
	const char *in[4] = { "cycles", "page-faults", "a.first_part.same_long_tail.miss",
			      "a.other_part.same_long_tail.miss" };
	char t[4][TL], *out[4] = { t[0], t[1], t[2], t[3] };

	ui_titles_short(in, 4, W, out, TL);
	CHECK_EQ_STR(t[0], "cycles");
	CHECK_EQ_STR(t[1], "page-faults");
	CHECK(strcmp(t[2], t[3]) != 0 && strstr(t[2], "first") && strstr(t[3], "other") &&
	      made_of(t[2], in[2]) && made_of(t[3], in[3]), "\"%s\" \"%s\"", t[2], t[3]);
	/* the same name twice (a repeat the view numbers anyway) still gets two titles */
	CHECK(strchr(t[2], '~') == NULL && strchr(t[3], '~') == NULL, "\"%s\" \"%s\"", t[2], t[3]);
	in[3] = in[2];
	ui_titles_short(in, 4, W, out, TL);
	CHECK(strcmp(t[2], t[3]) != 0 && strlen(t[3]) <= W, "\"%s\" \"%s\"", t[2], t[3]);
}

/* The well-known names read at any width, never cut inside a word: at 14 the ones that fit are
 * themselves ("context-switches/s" had been "~switches/s"), at 9 their short titles. */
TEST(well_known_names_read)
{
	const char *in[6] = { "instructions", "context-switches", "cpu-migrations", "cache-references",
			      "branch-misses", "instructions:u" };
	char t[6][TL], *out[6] = { t[0], t[1], t[2], t[3], t[4], t[5] };

	ui_titles_short(in, 6, 14, out, TL);
	CHECK_EQ_STR(t[0], "instructions");
	CHECK_EQ_STR(t[1], "ctxsw");
	CHECK_EQ_STR(t[2], "cpu-migrations");
	CHECK_EQ_STR(t[3], "cacherefs");
	CHECK_EQ_STR(t[4], "branch-misses");
	CHECK_EQ_STR(t[5], "instructions:u");
	ui_titles_short(in, 6, 9, out, TL);
	CHECK_EQ_STR(t[0], "instr");
	CHECK_EQ_STR(t[1], "ctxsw");
	CHECK_EQ_STR(t[2], "migr");
	CHECK_EQ_STR(t[3], "cacherefs");
	CHECK_EQ_STR(t[4], "brmisses");
	CHECK_EQ_STR(t[5], "instr:u");
	/* a single word wider than the column: abbreviated with a '.', never a '~' */
	in[0] = "averyveryverylongsingleword";
	ui_titles_short(in, 1, 9, out, TL);
	CHECK_EQ_STR(t[0], "averyver.");
}

int main(void)
{
	load_names();
	RUN(ocr_columns);
	RUN(short_and_far_differences);
	RUN(well_known_names_read);
	RUN(spr_pairs_sharing_a_prefix_differ);
	RUN(all_spr_names_together_differ);
	for (int i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	T_DONE();
}
