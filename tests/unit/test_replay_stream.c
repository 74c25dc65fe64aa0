/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_replay_stream.c: the block line reader, and replay over a recording larger than its
 * buffer: every interval read again after seeking (back, forward, to the start) is the same. */
#include "t.h"
#include "base/errmsg.h"
#include "replay/linereader.h"
#include "hw/model/model.h"
#include "replay/replay.h"
#include "app/app.h"
#include "out/output.h"
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

static char *tmp_with(const char *data, size_t len)
{
	static char path[64];
	int fd;

	snprintf(path, sizeof(path), "/tmp/pmutop-lr.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	if (write(fd, data, len) != (ssize_t)len) {
		close(fd);
		return NULL;
	}
	close(fd);
	return path;
}

/* Lines of every length around the block size, the last without '\n': each comes back whole, at
 * its offset, and seeking to any of them (in the buffer or not) reads it again. */
TEST(lines_across_blocks)
{
	size_t cap = 3 * LR_BLOCK, len = 0, nlines = 0, offs[4096];
	char *data = malloc(cap), *path;
	struct errmsg em = { 0 };
	struct linereader lr;
	const char *p;
	size_t ll, k;
	uint64_t off;
	int kind;

	for (size_t i = 0; len + 20000 < cap && nlines < 4096; i++) {
		size_t n = (i * 7919) % 17000;   /* 0 .. 17 KB, so lines straddle block ends */
		offs[nlines++] = len;
		for (size_t j = 0; j < n; j++)
			data[len++] = (char)('a' + (i + j) % 26);
		data[len++] = '\n';
	}
	len--;   /* the last line has no newline */
	path = tmp_with(data, len);
	CHECK(path && lr_open(&lr, path, &em) == 0, "open: %s", em.text);
	if (!path)
		goto out;
	for (k = 0; (kind = lr_next(&lr, &p, &ll, &off)) == LR_LINE; k++) {
		size_t want = (k + 1 < nlines ? offs[k + 1] - 1 : len) - offs[k];
		if (k >= nlines || off != offs[k] || ll != want || memcmp(p, data + offs[k], ll) != 0) {
			CHECK(0, "line %zu: offset %llu length %zu", k, (unsigned long long)off, ll);
			break;
		}
	}
	CHECK_EQ_INT(kind, LR_END);
	CHECK_EQ_INT(k, nlines);
	CHECK_EQ_U64(lr_size(&lr), len);
	for (size_t i = 0; i < 40; i++) {   /* back and forth */
		k = (i * 2654435761u) % nlines;
		CHECK_EQ_INT(lr_seek(&lr, offs[k]), 0);
		CHECK_EQ_INT(lr_next(&lr, &p, &ll, &off), LR_LINE);
		CHECK(off == offs[k] && memcmp(p, data + offs[k], ll) == 0, "seek to line %zu", k);
	}
	lr_close(&lr);
	unlink(path);
out:
	free(data);
}

/* A line longer than LR_MAXLINE is one LR_LONG, and the next line follows it. */
TEST(long_line_skipped)
{
	size_t n = LR_MAXLINE * 3;
	char *data = malloc(n + 16), *path;
	struct errmsg em = { 0 };
	struct linereader lr;
	const char *p;
	size_t ll;
	uint64_t off;

	memcpy(data, "a\n", 2);
	memset(data + 2, 'x', n);
	memcpy(data + 2 + n, "\nb\n", 3);
	path = tmp_with(data, n + 5);
	CHECK(path && lr_open(&lr, path, &em) == 0, "open: %s", em.text);
	if (path) {
		CHECK(lr_next(&lr, &p, &ll, &off) == LR_LINE && ll == 1 && p[0] == 'a', "first");
		CHECK(lr_next(&lr, &p, &ll, &off) == LR_LONG && off == 2, "long");
		CHECK(lr_next(&lr, &p, &ll, &off) == LR_LINE && ll == 1 && p[0] == 'b' && off == n + 3, "after");
		CHECK_EQ_INT(lr_next(&lr, &p, &ll, &off), LR_END);
		lr_close(&lr);
		unlink(path);
	}
	free(data);
}

/* A recording of 5 MB (five reader blocks): the frames read in order, then again after seeking to
 * each interval from the last back to the first and forward by strides, are identical. */
#define NCPU 48
#define NEV 6
#define NIV 300
TEST(seek_back_exact_interval)
{
	static struct ev_val first[NIV][NCPU * NEV];
	static const char *ev[NEV] = { "cycles", "instructions", "cycles", "branches", "r01c2", "cpu/event=0x3c,umask=0x0/" };
	size_t cap = 8 << 20, len = 0;
	char *data = malloc(cap), *path = NULL;
	struct errmsg em = { 0 };
	struct replay *r = NULL;
	struct model m;
	int order[2 * NIV], n = 0;

	memset(&m, 0, sizeof(m));
	len += (size_t)snprintf(data + len, cap - len, "# started on a test\n");
	for (int t = 0; t < NIV; t++)
		for (int e = 0; e < NEV; e++)
			for (int c = 0; c < NCPU; c++)
				len += (size_t)snprintf(data + len, cap - len,
							"%16.9f,CPU%d,%llu,,%s,%d,%d.%02d,,\n", 1.0 + t * 1.000012, c,
							(unsigned long long)(t * 1000003ULL + (unsigned)c * 7919u + (unsigned)e),
							ev[e], 1000000 + t + c, 50 + (t + c) % 50, (t * 7 + e) % 100);
	CHECK(len > 4 * LR_BLOCK && len < cap, "recording of %zu bytes", len);
	path = tmp_with(data, len);
	if (path)
		replay_open(path, NULL, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	if (!r)
		goto out;
	CHECK_EQ_INT(replay_count(r), NIV);
	CHECK_EQ_INT(replay_setup_model(r, &m, 4), 0);
	CHECK_EQ_INT(m.ncpus, NCPU);
	CHECK_EQ_INT(m.nev, NEV);
	for (int i = 0; i < NIV; i++) {
		CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
		memcpy(first[i], m.cur.cpu, sizeof(first[i]));
	}
	CHECK_EQ_INT(replay_next(r, &m, NULL), 1);
	for (int i = NIV - 1; i >= 0; i--)
		order[n++] = i;
	for (int i = 0; i < NIV; i += 37)
		order[n++] = i;
	for (int k = 0; k < n; k++) {
		int i = order[k], bad = -1;
		CHECK_EQ_INT(replay_seek(r, i), 0);
		CHECK_EQ_INT(replay_next(r, &m, NULL), 0);
		for (int j = 0; j < NCPU * NEV && bad < 0; j++) {
			const struct ev_val *a = &first[i][j], *b = &m.cur.cpu[j];
			if (a->raw != b->raw || a->running != b->running || a->enabled != b->enabled ||
			    a->state != b->state || memcmp(&a->value, &b->value, sizeof(double)) ||
			    memcmp(&a->pct, &b->pct, sizeof(double)))
				bad = j;
		}
		CHECK(bad < 0, "interval %d, value %d differs after seeking", i, bad);
		CHECK_EQ_INT(m.cur.seq, i + 1);
		if (bad >= 0)
			break;
	}
	/* the values themselves: the last interval, CPU 5, the second "cycles" */
	CHECK_NEAR(first[NIV - 1][5 * NEV + 2].value, (NIV - 1) * 1000003.0 + 5 * 7919 + 2, 0);
	CHECK_EQ_INT(first[NIV - 1][5 * NEV + 2].state, EVS_OK);
out:
	if (r) {
		model_free(&m);
		replay_close(r);
	}
	if (path)
		unlink(path);
	free(data);
}

/* The value of CPU cpu, event key in m's current frame; NULL when m has no such CPU or event. */
static const struct ev_val *cell(const struct model *m, int cpu, const char *key)
{
	int c = -1, e = -1;

	for (int i = 0; i < m->ncpus; i++)
		if (m->cpu_ids[i] == cpu)
			c = i;
	for (int i = 0; i < m->nev; i++)
		if (strcmp(m->ev[i].key, key) == 0)
			e = i;
	return c < 0 || e < 0 ? NULL : &m->cur.cpu[(size_t)c * (size_t)m->nev + (size_t)e];
}

/* Read once (a stream, batch) or indexed (the TUI), a hostile recording gives the same frames: an
 * event, a second event of a name and a CPU first seen in later intervals (the stream's model grows
 * then; before, the index's has them absent), garbage, a summary row, a cut last line. */
TEST(stream_same_as_index)
{
	static const char rec[] =
		"# started on a test\n"
		"     1.000100000,CPU2,100,,cycles,1000,100.00,,\n"
		"     1.000100000,CPU0,110,,cycles,1000,100.00,,\n"
		"garbage\n"
		"     1.000100000,CPU2,50,,instructions,1000,50.00,0.50,insn per cycle\n"
		"     1.000100000,CPU0,<not counted>,,instructions,0,0.00,,\n"
		"     2.000200000,CPU0,200,,cycles,1000,100.00,,\n"
		"     2.000200000,CPU1,210,msec,cpu-clock,1000,100.00,,\n"
		"     2.000200000,CPU0,220,,cycles,1000,100.00,,\n"
		"     2.000200000,CPU2,7x,,cycles,1000,100.00,,\n"
		"     2.000200000,CPU2,<not supported>,,branches,0,100.00,,\n"
		"summary,CPU0,300,,cycles,2000,100.00,,\n"
		"     3.000300000,CPU1,310,,instructions,1000,25.00,,\n"
		"     3.000300000,CPU2,320,,cycles,1000,100.00,,\n"
		"     3.000300000,CPU2";
	static const char *keys[] = { "cycles", "instructions", "cpu-clock", "cycles#2", "branches" };
	char *path = tmp_with(rec, sizeof(rec) - 1);
	struct errmsg em = { 0 };
	struct replay *ri = NULL, *rs = NULL;
	struct model mi, ms;
	int li[4] = { 0 }, ls[4] = { 0 }, n = 0;

	memset(&mi, 0, sizeof(mi));
	memset(&ms, 0, sizeof(ms));
	if (path && replay_open(path, NULL, &ri, &em) == 0)
		replay_open_stream(path, NULL, &rs, &em);
	CHECK(ri && rs, "open: %s", em.text);
	if (!ri || !rs)
		goto out;
	CHECK_EQ_INT(replay_setup_model(ri, &mi, 4), 0);
	CHECK_EQ_INT(replay_setup_model(rs, &ms, 4), 0);
	CHECK_EQ_INT(ms.ncpus, 2);   /* the first interval's CPUs and events */
	CHECK_EQ_INT(ms.nev, 2);
	CHECK_EQ_INT(mi.ncpus, 3);
	CHECK_EQ_INT(mi.nev, 5);
	for (;; n++) {
		int ki = replay_next(ri, &mi, NULL), ks = replay_next(rs, &ms, NULL);
		CHECK_EQ_INT(ks, ki);
		if (ki || ks)
			break;
		CHECK(mi.cur.t == ms.cur.t && mi.cur.interval == ms.cur.interval && mi.cur.seq == ms.cur.seq,
		      "interval %d: t %g/%g", n, mi.cur.t, ms.cur.t);
		for (int cpu = 0; cpu < 3; cpu++) {
			for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
				const struct ev_val *a = cell(&mi, cpu, keys[k]), *b = cell(&ms, cpu, keys[k]);
				CHECK(a != NULL, "index has CPU %d %s", cpu, keys[k]);
				if (!a)
					continue;
				if (!b) {   /* not seen by the stream yet: nothing of it in the index either */
					CHECK(a->state == EVS_ABSENT, "interval %d CPU %d %s", n, cpu, keys[k]);
					continue;
				}
				CHECK(a->raw == b->raw && a->running == b->running && a->enabled == b->enabled &&
				      a->state == b->state && !memcmp(&a->value, &b->value, sizeof(double)) &&
				      !memcmp(&a->pct, &b->pct, sizeof(double)),
				      "interval %d CPU %d %s: %g/%g state %d/%d", n, cpu, keys[k], a->value, b->value,
				      a->state, b->state);
			}
		}
	}
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(ms.ncpus, 3);   /* grown to the index's */
	CHECK_EQ_INT(ms.nev, 5);
	CHECK_EQ_INT(cell(&ms, 2, "cycles")->value, 320);
	CHECK_EQ_INT(replay_count(rs), replay_count(ri));
	CHECK_EQ_INT(replay_bad_lines(rs, ls, 4), 3);
	CHECK_EQ_INT(replay_bad_lines(ri, li, 4), 3);
	CHECK(!memcmp(li, ls, sizeof(li)) && li[0] == 4 && li[1] == 10 && li[2] == 15, "bad lines %d %d %d", ls[0],
	      ls[1], ls[2]);
	CHECK_EQ_STR(replay_bad_summary(rs), replay_bad_summary(ri));
	CHECK_EQ_INT(replay_seek(rs, 0), -ESPIPE);   /* read once: no stepping back */
out:
	model_free(&mi);
	model_free(&ms);
	replay_close(ri);
	replay_close(rs);
	if (path)
		unlink(path);
}

/* JSON of one frame of a recording's text, through the app a (its model set up afresh). */
static char *json_frame(const char *t_name, struct app *a, const char *text)
{
	char *path = tmp_with(text, strlen(text)), *out = NULL;
	struct errmsg em = { 0 };
	struct replay *r = NULL;
	struct outbuf b;

	if (path)
		replay_open(path, NULL, &r, &em);
	CHECK(r != NULL, "open: %s", em.text);
	memset(&a->model, 0, sizeof(a->model));
	if (r && replay_setup_model(r, &a->model, 2) == 0 && replay_next(r, &a->model, NULL) == 0) {
		model_derive(&a->model);
		ob_init(&b, 16);
		out_json_frame(&b, a);
		ob_char(&b, '\0');
		out = b.oom ? NULL : strdup(b.p);
		ob_free(&b);
	}
	CHECK(out != NULL, "no JSON");
	model_free(&a->model);
	replay_close(r);
	if (path)
		unlink(path);
	return out;
}

/* The escaped event keys are kept between frames: a second recording with as many events under
 * other names (one needing escapes) is written with its own names. */
TEST(json_keys_follow_events)
{
	static struct app a;
	char *one = json_frame(t_name, &a, "1.0,CPU0,10,,cycles,100,100.00,,\n1.0,CPU0,20,,instructions,100,100.00,,\n");
	char *two = json_frame(t_name, &a, "1.0,CPU0,10,,branches,100,100.00,,\n1.0,CPU0,20,,a\\b,100,100.00,,\n");

	CHECK(one && strstr(one, "\"cycles\":{\"value\":10,") && strstr(one, "\"instructions\":{\"value\":20,"),
	      "%.300s", one ? one : "");
	CHECK(two && strstr(two, "\"branches\":{\"value\":10,") && strstr(two, "\"a\\\\\\\\b\":{\"value\":20,") &&
	      !strstr(two, "cycles"), "%.300s", two ? two : "");
	free(one);
	free(two);
}

int main(void)
{
	RUN(lines_across_blocks);
	RUN(long_line_skipped);
	RUN(seek_back_exact_interval);
	RUN(stream_same_as_index);
	RUN(json_keys_follow_events);
	T_DONE();
}
