/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* prec.h: one perf record taken apart (issue 40): SAMPLE (IP, TID, TIME, CPU, PERIOD, READ of a
 * group), MMAP2, COMM, FORK, EXIT, THROTTLE, UNTHROTTLE (pid and tid from the sample_id with
 * sample_id_all, 0 without), LOST, LOST_SAMPLES. Every length inside
 * the record is checked against the record's own size; a record that does not add up is refused. */
#ifndef PMUTOP_PREC_H
#define PMUTOP_PREC_H
#include <stddef.h>
#include <stdint.h>

#define PREC_MAXVALS 8        /* a sampled group's members read with the sample */
/* the sample_type bits prec_parse can walk: IP TID TIME ADDR READ ID CPU PERIOD STREAM_ID IDENTIFIER */
#define PREC_SAMPLE_TYPE_KNOWN 0x103dfULL

struct prec {
	uint32_t type;
	uint16_t misc;
	uint32_t pid, tid, cpu;
	uint64_t ip, time, period;
	int nvals;                      /* READ of a group: the members' values, leader first */
	uint64_t vals[PREC_MAXVALS];
	/* MMAP2 */
	uint64_t addr, len, pgoff, ino;
	uint32_t maj, min, prot, flags;
	uint8_t build_id[20];
	int build_id_size;              /* > 0 when misc has PERF_RECORD_MISC_MMAP_BUILD_ID */
	/* MMAP2's file name, COMM's name: within the record, NUL-terminated there */
	const char *name;
	/* FORK, EXIT */
	uint32_t ppid, ptid;
	/* LOST, LOST_SAMPLES */
	uint64_t lost;
};

/* Parse the record rec (len bytes, 8-aligned) as written for an event with sample_type and
 * read_format (PERF_FORMAT_GROUP with TOTAL_TIME_ENABLED/RUNNING and ID allowed). 0, -EINVAL for a
 * record that does not add up, -ENOTSUP for a type or sample_type it does not walk (skip it). */
int prec_parse(const void *rec, size_t len, uint64_t sample_type, uint64_t read_format, struct prec *out);
#endif
