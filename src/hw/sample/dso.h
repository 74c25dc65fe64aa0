/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dso.h: the functions of one ELF file (an executable, a library) read with elfutils' libelf
 * (issue 40): .symtab, else .dynsym, the loadable segments that turn a file offset into an
 * address, and the GNU build-id. Only what is needed is kept (16 bytes a function and its name);
 * the file is read with pread, never mapped, so a file that shrinks or changes while read gives
 * an error, not a fault. Every count and size is bounded. */
#ifndef PMUTOP_DSO_H
#define PMUTOP_DSO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DSO_MAX_LOAD 16
#define DSO_MAX_SYMS (1 << 20)
#define DSO_MAX_NAMES (64u << 20)
#define DSO_MAX_FILE (4ULL << 30)

struct dsym {
	uint64_t start;
	uint32_t size;
	uint32_t name;      /* offset in names */
};

struct dso_syms {
	struct dsym *v;
	int n;
	char *names;
	size_t names_len;
	struct { uint64_t off, vaddr, filesz; } load[DSO_MAX_LOAD];
	int nload;
	uint8_t bid[20];
	int bidlen;         /* 0: no build-id note */
	bool symtab;        /* .symtab was there (else .dynsym only, or nothing: stripped) */
	bool debug;         /* .debug_line is there: source lines can be asked for */
	size_t bytes;       /* memory held */
};

struct errmsg;
/* Read the ELF file open on fd: 0 with *out (dso_free it), or a negative errno with em saying
 * why (-ENOEXEC not ELF or damaged, -EFBIG too large). */
int dso_read(int fd, struct dso_syms **out, struct errmsg *em);
void dso_free(struct dso_syms *d);
/* The address (as the file's symbols count) of file offset off, or false when no loadable
 * segment holds it. */
bool dso_off_to_vaddr(const struct dso_syms *d, uint64_t off, uint64_t *vaddr);
/* The function holding vaddr: its index, or -1. */
int dso_find(const struct dso_syms *d, uint64_t vaddr);
static inline const char *dso_name(const struct dso_syms *d, int i)
{
	return d->names + d->v[i].name;
}
/* The source file and line of vaddr from the DWARF of the file open on fd (libdw): 0, or a
 * negative errno (-ENOENT when no line information covers it). */
int dso_srcline(int fd, uint64_t vaddr, char *file, size_t n, int *line);
#endif
