/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dso_elf.c: libelf and libdw loaded with dlopen when the first file's symbols are read (dso_elf.h). */
#include "dso_elf.h"
#include <errno.h>
#include <pthread.h>
#include "base/dynlib.h"

struct dso_elf de;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;   /* 1, or -ELIBACC */

#define FN(field) DYNLIB_FN(de, field, #field)

static void load(void)
{
	/* Debian's libelf1 and libdw1 (libdw needs libelf: it is loaded first), then development links */
	static const char *const elf[] = { "libelf.so.1", "libelf.so", NULL }, *const dw[] = { "libdw.so.1", "libdw.so", NULL };
	static const struct dynlib_fn elf_fns[] = {
		FN(elf_version), FN(elf_begin), FN(elf_end), FN(elf_kind), FN(elf_nextscn), FN(elf_getdata),
		FN(elf_strptr), FN(elf_getshdrstrndx), FN(elf_getphdrnum), FN(gelf_getshdr), FN(gelf_getphdr),
		FN(gelf_getsym), FN(gelf_getnote),
	}, dw_fns[] = {
		FN(dwarf_begin_elf), FN(dwarf_end), FN(dwarf_addrdie), FN(dwarf_getsrc_die), FN(dwarf_linesrc),
		FN(dwarf_lineno),
	};

	if (dynlib_open(elf, elf_fns, sizeof(elf_fns) / sizeof(elf_fns[0]), NULL, NULL, 0) < 0 ||
	    dynlib_open(dw, dw_fns, sizeof(dw_fns) / sizeof(dw_fns[0]), NULL, NULL, 0) < 0) {
		loaded = -ELIBACC;
		return;
	}
	de.elf_version(EV_CURRENT);
	loaded = 1;
}

int dso_elf_open(void)
{
	pthread_once(&once, load);
	return loaded < 0 ? loaded : 0;
}
