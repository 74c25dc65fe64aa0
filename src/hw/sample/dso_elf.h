/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dso_elf.h: elfutils' libelf and libdw loaded with dlopen when the hot functions first read a
 * file's symbols, not at every start (with their compressors they cost every run of pmutop memory
 * and start-up time; as libcurl, fleet_curl.h). dso.c calls them through de. */
#ifndef PMUTOP_DSO_ELF_H
#define PMUTOP_DSO_ELF_H
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>

struct dso_elf {
	unsigned (*elf_version)(unsigned v);
	Elf *(*elf_begin)(int fd, Elf_Cmd cmd, Elf *ref);
	int (*elf_end)(Elf *e);
	Elf_Kind (*elf_kind)(Elf *e);
	Elf_Scn *(*elf_nextscn)(Elf *e, Elf_Scn *scn);
	Elf_Data *(*elf_getdata)(Elf_Scn *scn, Elf_Data *data);
	char *(*elf_strptr)(Elf *e, size_t section, size_t offset);
	int (*elf_getshdrstrndx)(Elf *e, size_t *dst);
	int (*elf_getphdrnum)(Elf *e, size_t *dst);
	GElf_Shdr *(*gelf_getshdr)(Elf_Scn *scn, GElf_Shdr *dst);
	GElf_Phdr *(*gelf_getphdr)(Elf *e, int ndx, GElf_Phdr *dst);
	GElf_Sym *(*gelf_getsym)(Elf_Data *data, int ndx, GElf_Sym *dst);
	size_t (*gelf_getnote)(Elf_Data *data, size_t offset, GElf_Nhdr *result, size_t *name_offset,
			       size_t *desc_offset);
	Dwarf *(*dwarf_begin_elf)(Elf *e, Dwarf_Cmd cmd, Elf_Scn *scngrp);
	int (*dwarf_end)(Dwarf *dw);
	Dwarf_Die *(*dwarf_addrdie)(Dwarf *dw, Dwarf_Addr addr, Dwarf_Die *result);
	Dwarf_Line *(*dwarf_getsrc_die)(Dwarf_Die *cudie, Dwarf_Addr addr);
	const char *(*dwarf_linesrc)(Dwarf_Line *line, Dwarf_Word *mtime, Dwarf_Word *length);
	int (*dwarf_lineno)(Dwarf_Line *line, int *linep);
};
extern struct dso_elf de;

/* Load libelf and libdw and start libelf (once; thread-safe). 0, or -ELIBACC when they are not
 * installed (Debian/Ubuntu: libelf1 and libdw1) or lack a function. */
int dso_elf_open(void);
#endif
