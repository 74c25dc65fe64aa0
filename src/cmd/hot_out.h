/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* hot_out.h: the hot functions (--hot, issue 40) in batch: a JSON object per interval, -x rows in
 * the field order of perf report --stdio -F overhead,dso,sym (then samples, the group's figures,
 * why unnamed, the time), or a text table. Every name is escaped (JSON, printable). */
#ifndef PMUTOP_CMD_HOT_OUT_H
#define PMUTOP_CMD_HOT_OUT_H
#include "out/outbuf.h"
#include "hw/sample/hot.h"

struct hot_frame {
	double time;                /* seconds since the start */
	const char *target;         /* "pid 1234", "cpus 0-3", "cgroup /x" */
	const struct hot_info *info;
	const struct hot_row *rows;
	int nrows;
};

void out_hot_json(struct outbuf *b, const struct hot_frame *f);
/* The header naming the fields, once at the top. */
void out_hot_csv_header(struct outbuf *b, const struct hot_info *info, const char *sep);
void out_hot_csv(struct outbuf *b, const struct hot_frame *f, const char *sep);
void out_hot_text(struct outbuf *b, const struct hot_frame *f);
/* The function's name as shown: the symbol, else the DSO's file name + 0xOFFSET (raw text: escape). */
void out_hot_name(const struct hot_row *r, char *buf, size_t n);
#endif
