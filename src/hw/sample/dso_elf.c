/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dso_elf.c: libelf and libdw loaded with dlopen when the first file's symbols are read (dso_elf.h). */
#include "dso_elf.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>

struct dso_elf de;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;   /* 1, or -ELIBACC */

#define SYM(h, field) (*(void **)&de.field = dlsym(h, #field))

static void load(void)
{
	/* Debian's libelf1 and libdw1 (libdw needs libelf: it is loaded first), then development links */
	void *e = dlopen("libelf.so.1", RTLD_NOW | RTLD_LOCAL), *d;
	int missing = 0;

	if (!e)
		e = dlopen("libelf.so", RTLD_NOW | RTLD_LOCAL);
	d = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!d)
		d = dlopen("libdw.so", RTLD_NOW | RTLD_LOCAL);
	if (!e || !d) {
		loaded = -ELIBACC;
		return;
	}
	missing += !SYM(e, elf_version) + !SYM(e, elf_begin) + !SYM(e, elf_end) + !SYM(e, elf_kind);
	missing += !SYM(e, elf_nextscn) + !SYM(e, elf_getdata) + !SYM(e, elf_strptr);
	missing += !SYM(e, elf_getshdrstrndx) + !SYM(e, elf_getphdrnum);
	missing += !SYM(e, gelf_getshdr) + !SYM(e, gelf_getphdr) + !SYM(e, gelf_getsym) + !SYM(e, gelf_getnote);
	missing += !SYM(d, dwarf_begin_elf) + !SYM(d, dwarf_end) + !SYM(d, dwarf_addrdie);
	missing += !SYM(d, dwarf_getsrc_die) + !SYM(d, dwarf_linesrc) + !SYM(d, dwarf_lineno);
	if (missing) {
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
