/* SPDX-License-Identifier: GPL-2.0-or-later */
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

/* A title is the name itself, or "~" and an end of the name, or "~", a piece of the name, "~"
 * and an end of it: never text the name does not have. */
static int made_of(const char *title, const char *name)
{
	char mid[TL];
	const char *t2, *end;
	size_t nl = strlen(name), nb = nl;

	if (title[0] != '~')
		return strcmp(title, name) == 0;
	if (nl && name[nl - 1] == '/')
		nb--;   /* a long name's trailing '/' is dropped */
	t2 = strchr(title + 1, '~');
	end = t2 ? t2 + 1 : title + 1;
	if (strlen(end) > nb || strncmp(name + nb - strlen(end), end, strlen(end)) != 0)
		return 0;
	if (!t2)
		return 1;
	snprintf(mid, sizeof(mid), "%.*s", (int)(t2 - title - 1), title + 1);
	return strstr(name, mid) != NULL;
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

/* The three: "cpu/ocr.demand_~" each before; now each keeps the words where it differs. */
TEST(ocr_columns)
{
	const char *in[3] = { "cpu/ocr.demand_data_rd.l3_miss/", "cpu/ocr.demand_rfo.l3_miss/",
			      "cpu/ocr.demand_data_rd.any_response/" };
	char t[3][TL], *out[3] = { t[0], t[1], t[2] };

	ui_titles_short(in, 3, W, out, TL);
	CHECK_EQ_STR(t[0], "~rd.l3_miss");
	CHECK_EQ_STR(t[1], "~rfo.l3_miss");
	CHECK_EQ_STR(t[2], "~any_response");
}

/* Short names stay as they are; names differing only far from their end show where. */
TEST(short_and_far_differences)
{
	const char *in[4] = { "cycles", "page-faults", "a.first_part.same_long_tail.miss",
			      "a.other_part.same_long_tail.miss" };
	char t[4][TL], *out[4] = { t[0], t[1], t[2], t[3] };

	ui_titles_short(in, 4, W, out, TL);
	CHECK_EQ_STR(t[0], "cycles");
	CHECK_EQ_STR(t[1], "page-faults");
	CHECK(strcmp(t[2], t[3]) != 0 && strstr(t[2], "first") && strstr(t[3], "other") &&
	      strstr(t[2], "miss") && strstr(t[3], "miss"), "\"%s\" \"%s\"", t[2], t[3]);
	/* the same name twice (a repeat the view numbers anyway) still gets two titles */
	in[3] = in[2];
	ui_titles_short(in, 4, W, out, TL);
	CHECK(strcmp(t[2], t[3]) != 0 && strlen(t[3]) <= W, "\"%s\" \"%s\"", t[2], t[3]);
}

int main(void)
{
	load_names();
	RUN(ocr_columns);
	RUN(short_and_far_differences);
	RUN(spr_pairs_sharing_a_prefix_differ);
	RUN(all_spr_names_together_differ);
	for (int i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	T_DONE();
}
