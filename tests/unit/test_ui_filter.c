/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_filter.c: the `/` row filter's words (CPU list, socket, core type, text) and the palette:
 * contrast on dark and light terminals, and when colour is used (NO_COLOR, TERM, the setting). */
#include "t.h"
#include "config/settings.h"
#include "ui/widgets/filter.h"
#include "ui/widgets/palette.h"

static const char *const hybrid[] = { "P", "E" };

/* a CPU row: one CPU, its socket and type, label "cpuN pmu" */
static bool row(const struct ui_filter *f, int cpu, int sock, const char *type, const char *pmu)
{
	char label[64];
	struct ui_frow r = { &cpu, 1, sock, type, label };

	snprintf(label, sizeof(label), "cpu%d %s", cpu, pmu);
	return ui_filter_match(f, &r);
}

TEST(filter_cpu_list)
{
	struct ui_filter f;
	char err[96];

	CHECK_EQ_INT(ui_filter_compile("0-3,8", hybrid, 2, &f, err, sizeof(err)), 0);
	CHECK_EQ_INT(f.n, 1);
	CHECK_EQ_INT(f.t[0].kind, UF_CPUS);
	CHECK(row(&f, 0, 0, "P", "cpu_core"), "0 in 0-3,8");
	CHECK(row(&f, 3, 0, "P", "cpu_core"), "3 in 0-3,8");
	CHECK(row(&f, 8, 0, "P", "cpu_core"), "8 in 0-3,8");
	CHECK(!row(&f, 4, 0, "P", "cpu_core"), "4 not in 0-3,8");
	CHECK(!row(&f, 9, 0, "P", "cpu_core"), "9 not in 0-3,8");
	ui_filter_free(&f);
	/* a folded row (a core's siblings) passes when one of its CPUs is listed */
	{
		int sib[2] = { 4, 5 };
		struct ui_frow r = { sib, 2, 0, "P", "core0/2" };
		ui_filter_compile("5", NULL, 0, &f, err, sizeof(err));
		CHECK(ui_filter_match(&f, &r), "sibling 5 listed");
		ui_filter_free(&f);
	}
	/* typed halfway ("0-"): left out with a reason, so every row still shows */
	CHECK_EQ_INT(ui_filter_compile("0-", hybrid, 2, &f, err, sizeof(err)), 1);
	CHECK_EQ_INT(f.n, 0);
	CHECK(strstr(err, "not a CPU list") != NULL, "err '%s'", err);
	CHECK(row(&f, 7, 0, "P", "cpu_core"), "an incomplete word hides nothing");
	ui_filter_free(&f);
	/* a number past the kernel's range is refused, not allocated */
	CHECK_EQ_INT(ui_filter_compile("0-99999999", NULL, 0, &f, err, sizeof(err)), 1);
	ui_filter_free(&f);
}

TEST(filter_socket_type_text)
{
	struct ui_filter f;
	char err[96];

	ui_filter_compile("s1", hybrid, 2, &f, err, sizeof(err));
	CHECK_EQ_INT(f.t[0].kind, UF_SOCK);
	CHECK(row(&f, 40, 1, "P", "cpu_core") && !row(&f, 0, 0, "P", "cpu_core"), "s1");
	ui_filter_free(&f);
	ui_filter_compile("socket:0-1", hybrid, 2, &f, err, sizeof(err));
	CHECK(row(&f, 0, 0, NULL, "cpu") && row(&f, 40, 1, NULL, "cpu") && !row(&f, 80, 2, NULL, "cpu"),
	      "socket:0-1");
	ui_filter_free(&f);
	/* a word equal to a core type of the machine (any case) is a type word */
	ui_filter_compile("e", hybrid, 2, &f, err, sizeof(err));
	CHECK_EQ_INT(f.t[0].kind, UF_TYPE);
	CHECK(row(&f, 16, 0, "E", "cpu_atom") && !row(&f, 0, 0, "P", "cpu_core"), "type E");
	ui_filter_free(&f);
	/* on a machine of one type the same word is text */
	ui_filter_compile("E", NULL, 0, &f, err, sizeof(err));
	CHECK_EQ_INT(f.t[0].kind, UF_TEXT);
	ui_filter_free(&f);
	/* type:NAME for a cluster name of a big.LITTLE */
	ui_filter_compile("type:a76", NULL, 0, &f, err, sizeof(err));
	CHECK(row(&f, 4, 0, "a76", "armv8_cortex_a76") && !row(&f, 0, 0, "a55", "armv8_cortex_a55"), "type:a76");
	ui_filter_free(&f);
	/* text: case-insensitive, anywhere in the label */
	ui_filter_compile("ATOM", hybrid, 2, &f, err, sizeof(err));
	CHECK(row(&f, 16, 0, "E", "cpu_atom") && !row(&f, 0, 0, "P", "cpu_core"), "text atom");
	ui_filter_free(&f);
	/* every word must match: socket 1 and P */
	ui_filter_compile("s1 P", hybrid, 2, &f, err, sizeof(err));
	CHECK_EQ_INT(f.n, 2);
	CHECK(row(&f, 40, 1, "P", "cpu_core"), "s1 P");
	CHECK(!row(&f, 41, 1, "E", "cpu_atom") && !row(&f, 0, 0, "P", "cpu_core"), "s1 P hides");
	ui_filter_free(&f);
	/* a row without CPUs (an uncore event) is judged by its label alone */
	{
		struct ui_frow r = { NULL, -1, -1, NULL, "uncore_imc_0/cas_count_read/" };
		ui_filter_compile("0-3 imc", NULL, 0, &f, err, sizeof(err));
		CHECK(ui_filter_match(&f, &r), "uncore label");
		ui_filter_free(&f);
		ui_filter_compile("upi", NULL, 0, &f, err, sizeof(err));
		CHECK(!ui_filter_match(&f, &r), "uncore label hidden");
		ui_filter_free(&f);
	}
	/* at most UI_FILTER_TERMS words, the text bounded */
	ui_filter_compile("a b c d e f g h i j k l m n", NULL, 0, &f, err, sizeof(err));
	CHECK_EQ_INT(f.n, UI_FILTER_TERMS);
	ui_filter_free(&f);
}

/* Every colour written on the terminal's own background reads at 3:1 or more on black and on
 * white (WCAG 2's floor for bold text and marks); text on a background of ours at 4.5:1 with
 * 256 colours (chosen by number) and 3:1 with 8 (whose shades are the terminal's). */
TEST(palette_contrast)
{
	static const int black[3] = { 0, 0, 0 }, white[3] = { 255, 255, 255 };
	int n, fg[3], bg[3];
	const struct ui_pal *p = ui_palette(&n);

	CHECK_EQ_INT(n, UP_COUNT);
	for (int i = 1; i < n; i++)
		for (int big = 0; big < 2; big++) {
			int f = big ? p[i].fg256 : p[i].fg8, b = big ? p[i].bg256 : p[i].bg8;
			if (f < 0 && b < 0)
				continue;
			CHECK(f >= 0, "pair %d (%s): a background needs its own foreground", i, p[i].what);
			if (f < 0)
				continue;
			ui_palette_rgb(f, fg);
			if (b < 0) {
				double cb = ui_contrast(fg, black), cw = ui_contrast(fg, white);
				CHECK(cb >= 3.0 && cw >= 3.0, "pair %d (%s, %d colours): %.2f on black, %.2f on white",
				      i, p[i].what, big ? 256 : 8, cb, cw);
			} else {
				double c;
				ui_palette_rgb(b, bg);
				c = ui_contrast(fg, bg);
				CHECK(c >= (big ? 4.5 : 3.0), "pair %d (%s, %d colours): %.2f", i, p[i].what,
				      big ? 256 : 8, c);
			}
		}
	/* the reference points of the formula */
	CHECK_NEAR(ui_contrast(black, white), 21.0, 0.01);
	ui_palette_rgb(196, fg);
	CHECK(fg[0] == 255 && fg[1] == 0 && fg[2] == 0, "196 is pure red");
	ui_palette_rgb(244, fg);
	CHECK_EQ_INT(fg[0], 128);
	/* without colour, an estimate still differs from a measured value, and a gap from both */
	CHECK(p[UP_WARN].mono != 0 && p[UP_WARN].mono != p[UP_BAD].mono, "estimate mark %lx", p[UP_WARN].mono);
}

TEST(color_wanted)
{
	CHECK(ui_color_wanted(COLOR_AUTO, NULL, true), "auto on a colour terminal");
	CHECK(!ui_color_wanted(COLOR_AUTO, "1", true), "NO_COLOR=1");
	CHECK(!ui_color_wanted(COLOR_AUTO, "0", true), "NO_COLOR=0 is non-empty too");
	CHECK(ui_color_wanted(COLOR_AUTO, "", true), "an empty NO_COLOR is not set");
	CHECK(!ui_color_wanted(COLOR_AUTO, NULL, false), "no colours (vt100)");
	CHECK(ui_color_wanted(COLOR_ALWAYS, "1", true), "always outranks NO_COLOR");
	CHECK(!ui_color_wanted(COLOR_ALWAYS, NULL, false), "always cannot add colours a terminal lacks");
	CHECK(!ui_color_wanted(COLOR_NEVER, NULL, true), "never");
}

int main(void)
{
	RUN(filter_cpu_list);
	RUN(filter_socket_type_text);
	RUN(palette_contrast);
	RUN(color_wanted);
	T_DONE();
}
