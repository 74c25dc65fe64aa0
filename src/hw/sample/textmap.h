/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* textmap.h: symbol tables read from text (issue 40): /proc/kallsyms ("ADDR TYPE NAME [MODULE]",
 * functions only) and the JIT maps /tmp/perf-PID.map ("START SIZE NAME", hex), as perf reads them.
 * Bounded: at most TEXTMAP_MAX entries and TEXTMAP_MAX_BYTES of text; a line that does not parse
 * is skipped. */
#ifndef PMUTOP_TEXTMAP_H
#define PMUTOP_TEXTMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TEXTMAP_MAX (1 << 21)
#define TEXTMAP_MAX_BYTES (256u << 20)

struct textmap {
	struct tment { uint64_t start, end; uint32_t name; } *v;
	int n;
	char *names;
	size_t names_len, bytes;
	bool all_zero;     /* kallsyms: every address 0 (kptr_restrict hides them) */
};

enum textmap_kind { TEXTMAP_KALLSYMS, TEXTMAP_PERFMAP };
/* Parse text (len bytes) into m: 0 or -ENOMEM. */
int textmap_parse(struct textmap *m, const char *text, size_t len, enum textmap_kind kind);
void textmap_free(struct textmap *m);
/* The entry holding addr, -1 none. */
int textmap_find(const struct textmap *m, uint64_t addr);
/* Read fd wholly (at most TEXTMAP_MAX_BYTES) into a malloc'd NUL-terminated buffer: its length or a
 * negative errno (-EFBIG when larger). */
long textmap_slurp(int fd, char **out);
#endif
