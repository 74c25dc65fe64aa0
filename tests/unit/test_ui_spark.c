/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_spark.c: glyph sets and the IPC sparkline over the model's history ring. */
#include "t.h"
#include "ui/widgets/spark.h"

TEST(glyph_choice)
{
	CHECK(ui_glyphs_pick("UTF-8", false)->utf8, "UTF-8 locale gives UTF-8 glyphs");
	CHECK(ui_glyphs_pick("utf8", false)->utf8, "utf8 spelling");
	CHECK(!ui_glyphs_pick("ANSI_X3.4-1968", false)->utf8, "C locale gives ASCII");
	CHECK(!ui_glyphs_pick("UTF-8", true)->utf8, "ascii setting wins");
	CHECK(!ui_glyphs_pick(NULL, false)->utf8, "unknown codeset gives ASCII");
}

TEST(ascii_glyphs_are_ascii)
{
	const struct ui_glyphs *g = ui_glyphs_pick("ISO-8859-1", false);
	const char *all[UI_SPARK_LEVELS + 4];
	for (int i = 0; i < UI_SPARK_LEVELS; i++)
		all[i] = g->spark[i];
	all[UI_SPARK_LEVELS] = g->collapsed;
	all[UI_SPARK_LEVELS + 1] = g->expanded;
	all[UI_SPARK_LEVELS + 2] = g->sort_up;
	all[UI_SPARK_LEVELS + 3] = g->sort_down;
	for (int i = 0; i < UI_SPARK_LEVELS + 4; i++) {
		CHECK(strlen(all[i]) == 1, "glyph %d is one byte", i);
		CHECK((unsigned char)all[i][0] >= 32 && (unsigned char)all[i][0] < 127, "glyph %d printable", i);
	}
}

TEST(ramp_newest_right)
{
	const struct ui_glyphs *g = ui_glyphs_pick("C", false);
	float ring[8];
	char out[64];
	int i;

	/* samples 0..7 written in order: head wrapped to 0, the newest (7) is at slot 7 */
	for (i = 0; i < 8; i++)
		ring[i] = (float)i;
	CHECK_EQ_INT(ui_spark(ring, 8, 8, 0, 8, 0, g, out, sizeof(out)), 8);
	CHECK_EQ_STR(out, "_.-~=+*#");
	/* width 4 shows the newest four, scaled to their own top */
	ui_spark(ring, 8, 8, 0, 4, 0, g, out, sizeof(out));
	CHECK_EQ_INT(strlen(out), 4);
	CHECK_EQ_STR(out + 3, "#");
}

/* An infinite sample (IPC of a hostile recording) is blank and does not flatten the others. */
TEST(infinite_sample_is_blank)
{
	const struct ui_glyphs *g = ui_glyphs_pick("C", false);
	float ring[3] = { 1, INFINITY, 2 };
	char out[16];

	CHECK(ui_spark_max(ring, 3, 3, 0, 3) == 2, "top %g", ui_spark_max(ring, 3, 3, 0, 3));
	CHECK_EQ_INT(ui_spark(ring, 3, 3, 0, 3, 0, g, out, sizeof(out)), 3);
	CHECK_EQ_STR(out, "= #");
	/* a caller's top below the samples clamps to the highest glyph */
	ui_spark(ring, 3, 3, 0, 3, 0.5f, g, out, sizeof(out));
	CHECK_EQ_STR(out, "# #");
}

TEST(wrapped_ring_and_short_history)
{
	const struct ui_glyphs *g = ui_glyphs_pick("C", false);
	float ring[4] = { 3, NAN, 1, 2 };   /* written 1, 2, 3 then NAN: head = 2 */
	char out[64];

	ui_spark(ring, 4, 4, 2, 4, 0, g, out, sizeof(out));
	/* oldest to newest: 1, 2, 3, NAN */
	CHECK_EQ_INT(strlen(out), 4);
	CHECK(out[3] == ' ', "NAN is blank: \"%s\"", out);
	CHECK(out[2] == '#', "max is the top glyph: \"%s\"", out);
	/* two samples in a width of 5: three blanks on the left */
	ui_spark(ring, 4, 2, 4 % 4, 5, 0, g, out, sizeof(out));
	CHECK(strncmp(out, "   ", 3) == 0, "left padded: \"%s\"", out);
}

TEST(utf8_fits_buffer)
{
	const struct ui_glyphs *g = ui_glyphs_pick("UTF-8", false);
	float ring[10];
	char out[64], small[8];

	for (int i = 0; i < 10; i++)
		ring[i] = (float)i;
	CHECK_EQ_INT(ui_spark(ring, 10, 10, 0, 10, 0, g, out, sizeof(out)), 10);
	CHECK_EQ_INT(strlen(out), 30);    /* three bytes per block glyph */
	/* a buffer too small stops at a glyph boundary */
	CHECK_EQ_INT(ui_spark(ring, 10, 10, 0, 10, 0, g, small, sizeof(small)), 2);
	CHECK_EQ_INT(strlen(small), 6);
}

TEST(shared_scale)
{
	const struct ui_glyphs *g = ui_glyphs_pick("C", false);
	float ring[4] = { 1, 1, 1, 1 };
	char out[16];

	/* alone, a flat row sits at the top; on a shared scale of 4 it sits low */
	ui_spark(ring, 4, 4, 0, 4, 0, g, out, sizeof(out));
	CHECK_EQ_STR(out, "####");
	ui_spark(ring, 4, 4, 0, 4, 4, g, out, sizeof(out));
	CHECK_EQ_STR(out, "----");
	CHECK_NEAR(ui_spark_max(ring, 4, 4, 0, 4), 1, 0);
	ring[2] = 3;
	CHECK_NEAR(ui_spark_max(ring, 4, 4, 0, 4), 3, 0);
	/* only the samples shown count */
	CHECK_NEAR(ui_spark_max(ring, 4, 4, 0, 1), 1, 0);
}

int main(void)
{
	RUN(glyph_choice);
	RUN(ascii_glyphs_are_ascii);
	RUN(ramp_newest_right);
	RUN(infinite_sample_is_blank);
	RUN(wrapped_ring_and_short_history);
	RUN(utf8_fits_buffer);
	RUN(shared_scale);
	T_DONE();
}
