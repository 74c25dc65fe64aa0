/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_hot_records.c: the sampling's readers with hostile input (issue 40): the mmap ring (records
 * that wrap round its end, sizes that do not add up, a head far ahead), the record parser (lengths
 * inside a record), kallsyms and perf-PID.map text, and ELF files truncated or damaged. */
#include "t.h"
#include "hw/sample/dso.h"
#include "hw/sample/prec.h"
#include "hw/sample/ring.h"
#include "hw/sample/textmap.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <unistd.h>

#define PAGE 4096
#define DATA 256

static unsigned char mem[PAGE + DATA] __attribute__((aligned(4096)));
static int seen;
static size_t seen_len[64];
static unsigned char seen_first[64];

static void count(void *ctx, const void *rec, size_t len)
{
	(void)ctx;
	if (seen < 64) {
		seen_len[seen] = len;
		seen_first[seen] = ((const unsigned char *)rec)[8];
	}
	seen++;
}

static void rec_make(unsigned char *b, uint16_t size, uint32_t type, unsigned char mark)
{
	struct perf_event_header h = { type, 0, size };

	memset(b, 0, size);
	memcpy(b, &h, sizeof(h));
	if (size > 8)
		b[8] = mark;
}

TEST(ring_wraps)
{
	struct ring r;
	unsigned char rec[64];

	memset(mem, 0, sizeof(mem));
	CHECK_EQ_INT(ring_init(&r, mem, PAGE, DATA), 0);
	/* move both ends near the end of the data so the third record wraps */
	((struct perf_event_mmap_page *)mem)->data_head = DATA - 40;
	((struct perf_event_mmap_page *)mem)->data_tail = DATA - 40;
	for (int i = 0; i < 3; i++) {
		rec_make(rec, 24, PERF_RECORD_SAMPLE, (unsigned char)(0xa0 + i));
		CHECK_EQ_INT(ring_write(&r, rec, 24), 0);
	}
	seen = 0;
	CHECK_EQ_INT(ring_drain(&r, count, NULL, 0), 3);
	CHECK_EQ_INT(seen_first[0], 0xa0);
	CHECK_EQ_INT(seen_first[1], 0xa1);   /* this one straddles the end */
	CHECK_EQ_INT(seen_first[2], 0xa2);
	CHECK_EQ_U64(ring_tail(&r), ring_head(&r));
	CHECK_EQ_INT(r.corrupt, 0);
	/* full: a writer is refused rather than overwriting what is unread */
	for (int i = 0; i < DATA / 24; i++)
		ring_write(&r, rec, 24);
	CHECK_EQ_INT(ring_write(&r, rec, 24), -ENOSPC);
	ring_free(&r);
}

TEST(ring_hostile)
{
	struct perf_event_mmap_page *pg = (struct perf_event_mmap_page *)mem;
	struct ring r;
	unsigned char rec[32];

	memset(mem, 0, sizeof(mem));
	CHECK_EQ_INT(ring_init(&r, mem, PAGE, DATA), 0);
	/* a size of 0 would loop for ever; one under a header, one past the head, one not 8-aligned */
	const uint16_t bad[] = { 0, 4, 200, 12 };
	for (int i = 0; i < 4; i++) {
		rec_make(rec, 16, PERF_RECORD_SAMPLE, 1);
		((struct perf_event_header *)rec)->size = bad[i];
		memcpy(mem + PAGE + (pg->data_head & (DATA - 1)), rec, 16);
		pg->data_head += 16;
		seen = 0;
		ring_drain(&r, count, NULL, 0);
		CHECK(seen == 0, "size %u handed out", bad[i]);
		CHECK_EQ_U64(pg->data_tail, pg->data_head);
	}
	CHECK(r.corrupt >= 64, "corrupt %llu", (unsigned long long)r.corrupt);
	/* a head more than the ring ahead, or behind the tail: skipped, counted */
	pg->data_head = pg->data_tail + DATA * 3;
	seen = 0;
	ring_drain(&r, count, NULL, 0);
	CHECK_EQ_INT(seen, 0);
	CHECK_EQ_U64(pg->data_tail, pg->data_head);
	pg->data_head = pg->data_tail - 8;
	ring_drain(&r, count, NULL, 0);
	CHECK_EQ_INT(seen, 0);
	ring_free(&r);
	/* a bad ring is refused */
	CHECK_EQ_INT(ring_init(&r, mem, PAGE, 100), -EINVAL);
}

static size_t put(unsigned char *b, size_t at, const void *v, size_t n)
{
	memcpy(b + at, v, n);
	return at + n;
}

TEST(prec_sample_group)
{
	unsigned char b[256];
	uint64_t st = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
		      PERF_SAMPLE_READ;
	uint64_t ip = 0x401136, t = 123456789, period = 1000, nr = 3, vals[3] = { 100, 250, 7 };
	uint32_t pt[2] = { 42, 43 }, cpu[2] = { 1, 0 };
	struct perf_event_header h = { PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, 0 };
	struct prec p;
	size_t n = 8;

	n = put(b, n, &ip, 8), n = put(b, n, pt, 8), n = put(b, n, &t, 8), n = put(b, n, cpu, 8);
	n = put(b, n, &period, 8), n = put(b, n, &nr, 8), n = put(b, n, vals, 24);
	h.size = (uint16_t)n;
	memcpy(b, &h, 8);
	CHECK_EQ_INT(prec_parse(b, n, st, PERF_FORMAT_GROUP, &p), 0);
	CHECK_EQ_U64(p.ip, ip);
	CHECK_EQ_INT(p.pid, 42);
	CHECK_EQ_INT(p.tid, 43);
	CHECK_EQ_INT(p.cpu, 1);
	CHECK_EQ_U64(p.period, 1000);
	CHECK_EQ_INT(p.nvals, 3);
	CHECK_EQ_U64(p.vals[1], 250);
	/* cut anywhere: refused, never read past the record */
	for (size_t cut = 8; cut < n; cut += 8) {
		((struct perf_event_header *)b)->size = (uint16_t)cut;
		CHECK(prec_parse(b, cut, st, PERF_FORMAT_GROUP, &p) == -EINVAL, "cut at %zu", cut);
	}
	/* a group count beyond what a sample can carry */
	((struct perf_event_header *)b)->size = (uint16_t)n;
	nr = 1000;
	memcpy(b + 48, &nr, 8);
	CHECK_EQ_INT(prec_parse(b, n, st, PERF_FORMAT_GROUP, &p), -EINVAL);
	/* the header's size must be the record's */
	CHECK_EQ_INT(prec_parse(b, n - 8, st, PERF_FORMAT_GROUP, &p), -EINVAL);
	/* a sample_type it cannot walk (a callchain) */
	CHECK_EQ_INT(prec_parse(b, n, st | PERF_SAMPLE_CALLCHAIN, PERF_FORMAT_GROUP, &p), -ENOTSUP);
}

/* UNTHROTTLE: time, id, stream_id, then the sample_id (sample_id_all) whose TID names the task */
TEST(prec_throttle_tid)
{
	uint64_t r[8] = { 0, 555, 7, 7, 0, 555, 1, 0 }, st = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
	uint32_t pt[2] = { 42, 43 };
	struct perf_event_header h = { PERF_RECORD_UNTHROTTLE, 0, 56 };
	struct prec p;

	memcpy(r, &h, 8);
	memcpy(&r[4], pt, 8);
	CHECK_EQ_INT(prec_parse(r, 56, st, 0, &p), 0);
	CHECK_EQ_U64(p.time, 555);
	CHECK_EQ_INT(p.pid, 42);
	CHECK_EQ_INT(p.tid, 43);
	/* without sample_id_all: no task named */
	h.size = 32;
	memcpy(r, &h, 8);
	CHECK_EQ_INT(prec_parse(r, 32, st, 0, &p), 0);
	CHECK_EQ_U64(p.time, 555);
	CHECK_EQ_INT(p.tid, 0);
}

TEST(prec_mmap2_names)
{
	unsigned char b[128];
	struct perf_event_header h = { PERF_RECORD_MMAP2, PERF_RECORD_MISC_MMAP_BUILD_ID, 0 };
	uint32_t pt[2] = { 7, 7 }, prot[2] = { 5, 2 };
	uint64_t a = 0x400000, len = 0x1000, off = 0;
	unsigned char u[24] = { 20, 0, 0, 0, 0xde, 0xad };
	struct prec p;
	size_t n = 8;

	n = put(b, n, pt, 8), n = put(b, n, &a, 8), n = put(b, n, &len, 8), n = put(b, n, &off, 8);
	n = put(b, n, u, 24), n = put(b, n, prot, 8);
	n = put(b, n, "/bin/x\0\0", 8);
	h.size = (uint16_t)n;
	memcpy(b, &h, 8);
	CHECK_EQ_INT(prec_parse(b, n, 0, 0, &p), 0);
	CHECK_EQ_STR(p.name, "/bin/x");
	CHECK_EQ_INT(p.build_id_size, 20);
	CHECK_EQ_INT(p.build_id[0], 0xde);
	/* a name without its NUL inside the record */
	memcpy(b + n - 8, "/bin/xyz", 8);
	CHECK_EQ_INT(prec_parse(b, n, 0, 0, &p), -EINVAL);
	/* a mapping that wraps round the address space */
	memcpy(b + n - 8, "/bin/x\0\0", 8);
	a = UINT64_MAX - 10;
	memcpy(b + 16, &a, 8);
	CHECK_EQ_INT(prec_parse(b, n, 0, 0, &p), -EINVAL);
	/* a build-id size beyond 20 is held to 20 */
	a = 0x400000, memcpy(b + 16, &a, 8);
	b[40] = 200;
	CHECK_EQ_INT(prec_parse(b, n, 0, 0, &p), 0);
	CHECK_EQ_INT(p.build_id_size, 20);
}

TEST(textmaps)
{
	const char ks[] = "ffffffff81000000 T _stext\nffffffff81000100 t helper\t[mod]\nffffffff81000200 D data\n"
			  "zzzz T bad\nffffffff81000300 T\n";
	const char zero[] = "0000000000000000 T _stext\n0000000000000000 T other\n";
	const char pm[] = "7f0000001000 100 jitted_a\n7f0000001100 80 jitted b with spaces\n"
			  "ffffffffffffffff 10 wraps\n7f00 0 empty\nnot a line\n";
	struct textmap m;
	int i;

	CHECK_EQ_INT(textmap_parse(&m, ks, sizeof(ks) - 1, TEXTMAP_KALLSYMS), 0);
	CHECK_EQ_INT(m.n, 2);
	CHECK(!m.all_zero, "restricted");
	i = textmap_find(&m, 0xffffffff81000150);
	CHECK(i >= 0 && !strcmp(m.names + m.v[i].name, "helper"), "%d", i);
	textmap_free(&m);
	CHECK_EQ_INT(textmap_parse(&m, zero, sizeof(zero) - 1, TEXTMAP_KALLSYMS), 0);
	CHECK(m.all_zero, "kptr_restrict's zeros not seen");
	textmap_free(&m);
	CHECK_EQ_INT(textmap_parse(&m, pm, sizeof(pm) - 1, TEXTMAP_PERFMAP), 0);
	CHECK_EQ_INT(m.n, 2);
	i = textmap_find(&m, 0x7f0000001120);
	CHECK(i >= 0 && !strcmp(m.names + m.v[i].name, "jitted b with spaces"), "%d", i);
	CHECK_EQ_INT(textmap_find(&m, 0x7f0000001180), -1);
	textmap_free(&m);
}

/* The test binary itself, cut short at many lengths and damaged: an error or a smaller table,
 * never a fault. */
TEST(dso_truncated)
{
	struct dso_syms *d = NULL;
	char tmp[] = "/tmp/pmutop-dso-XXXXXX";
	unsigned char *whole;
	off_t size;
	int fd = open("/proc/self/exe", O_RDONLY), out, full;

	CHECK(fd >= 0, "open self");
	size = lseek(fd, 0, SEEK_END);
	whole = malloc((size_t)size);
	CHECK(whole && pread(fd, whole, (size_t)size, 0) == size, "read self");
	close(fd);
	CHECK((out = mkstemp(tmp)) >= 0, "mkstemp");
	CHECK_EQ_INT(write(out, whole, (size_t)size), size);
	CHECK_EQ_INT(dso_read(out, &d, NULL), 0);
	full = d ? d->n : 0;
	CHECK(full > 10 && d->symtab, "symbols %d", full);
	CHECK(d && dso_find(d, d->v[0].start) == 0, "find");
	dso_free(d);
	for (off_t cut = 0; cut < size; cut += size / 97 + 1) {
		CHECK_EQ_INT(ftruncate(out, cut), 0);
		d = NULL;
		if (dso_read(out, &d, NULL) == 0) {
			CHECK(d->n <= full, "cut %lld: %d symbols", (long long)cut, d->n);
			dso_free(d);
		}
	}
	/* damaged: the section headers' offset and count made nonsense */
	CHECK_EQ_INT(ftruncate(out, 0), 0);
	memset(whole + 0x28, 0xff, 8);
	CHECK_EQ_INT(pwrite(out, whole, (size_t)size, 0), size);
	d = NULL;
	CHECK(dso_read(out, &d, NULL) < 0 || d->n == 0, "damaged read as whole");
	dso_free(d);
	/* not ELF */
	CHECK_EQ_INT(ftruncate(out, 0), 0);
	CHECK_EQ_INT(pwrite(out, "#!/bin/sh\n", 10, 0), 10);
	CHECK_EQ_INT(dso_read(out, &d, NULL), -ENOEXEC);
	close(out);
	unlink(tmp);
	free(whole);
}

int main(void)
{
	RUN(ring_wraps);
	RUN(ring_hostile);
	RUN(prec_sample_group);
	RUN(prec_throttle_tid);
	RUN(prec_mmap2_names);
	RUN(textmaps);
	RUN(dso_truncated);
	T_DONE();
}
