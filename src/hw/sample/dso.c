/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* dso.c: an ELF file's functions through libelf, its source lines through libdw (see dso.h). */
#include "dso.h"
#include "base/errmsg.h"
#include "dso_elf.h"
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int by_start(const void *a, const void *b)
{
	const struct dsym *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->size < y->size ? 1 : x->size > y->size ? -1 : 0;   /* the sized one first */
}

/* Append the functions of symbol table section scn (strings in section link). */
static int add_syms(Elf *e, Elf_Scn *scn, GElf_Shdr *sh, struct dso_syms *d, size_t *cap, size_t *ncap)
{
	Elf_Data *data = de.elf_getdata(scn, NULL);
	size_t count;

	if (!data || !sh->sh_entsize)
		return -ENOEXEC;
	count = sh->sh_size / sh->sh_entsize;
	for (size_t i = 0; i < count; i++) {
		GElf_Sym s;
		const char *nm;
		size_t len;

		if (!de.gelf_getsym(data, (int)i, &s))
			return -ENOEXEC;   /* the table is shorter than it says (a truncated file) */
		if ((GELF_ST_TYPE(s.st_info) != STT_FUNC && GELF_ST_TYPE(s.st_info) != STT_GNU_IFUNC) ||
		    s.st_shndx == SHN_UNDEF || s.st_value == 0)
			continue;
		if (!(nm = de.elf_strptr(e, sh->sh_link, s.st_name)) || !nm[0])
			continue;
		len = strnlen(nm, 4096) + 1;
		if (d->n >= DSO_MAX_SYMS || d->names_len + len > DSO_MAX_NAMES)
			return -EFBIG;
		if ((size_t)d->n == *cap) {
			size_t nc = *cap ? *cap * 2 : 256;
			struct dsym *nv = realloc(d->v, nc * sizeof(*nv));

			if (!nv)
				return -ENOMEM;
			d->v = nv, *cap = nc;
		}
		if (d->names_len + len > *ncap) {
			size_t nc = *ncap ? *ncap * 2 : 4096;
			char *nn;

			while (nc < d->names_len + len)
				nc *= 2;
			if (!(nn = realloc(d->names, nc)))
				return -ENOMEM;
			d->names = nn, *ncap = nc;
		}
		memcpy(d->names + d->names_len, nm, len - 1);
		d->names[d->names_len + len - 1] = '\0';
		d->v[d->n++] = (struct dsym){ s.st_value, s.st_size > UINT32_MAX ? UINT32_MAX : (uint32_t)s.st_size,
					      (uint32_t)d->names_len };
		d->names_len += len;
	}
	return 0;
}

static void read_build_id(Elf_Scn *scn, struct dso_syms *d)
{
	Elf_Data *data = de.elf_getdata(scn, NULL);
	size_t off = 0, noff, doff;
	GElf_Nhdr nh;

	while (data && (off = de.gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && doff + nh.n_descsz <= data->d_size &&
		    memcmp((char *)data->d_buf + noff, "GNU", 4) == 0) {
			d->bidlen = nh.n_descsz > 20 ? 20 : (int)nh.n_descsz;
			memcpy(d->bid, (char *)data->d_buf + doff, (size_t)d->bidlen);
			return;
		}
	}
}

static int read_segments(Elf *e, struct dso_syms *d)
{
	size_t np;

	if (de.elf_getphdrnum(e, &np))
		return -ENOEXEC;
	for (size_t i = 0; i < np && d->nload < DSO_MAX_LOAD; i++) {
		GElf_Phdr ph;

		if (!de.gelf_getphdr(e, (int)i, &ph))
			return -ENOEXEC;
		if (ph.p_type == PT_LOAD && ph.p_filesz)
			d->load[d->nload].off = ph.p_offset, d->load[d->nload].vaddr = ph.p_vaddr,
			d->load[d->nload++].filesz = ph.p_filesz;
	}
	return 0;
}

/* Every section: the symbol tables (.symtab first, else .dynsym), the build-id, .debug_line. */
static int read_sections(Elf *e, struct dso_syms *d)
{
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	GElf_Shdr sh, ssh = { 0 }, dsh = { 0 };
	size_t shstrndx, cap = 0, ncap = 0;
	int r = 0;

	if (de.elf_getshdrstrndx(e, &shstrndx))
		return -ENOEXEC;
	while ((scn = de.elf_nextscn(e, scn))) {
		const char *nm;

		if (!de.gelf_getshdr(scn, &sh))
			return -ENOEXEC;
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn, ssh = sh;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn, dsh = sh;
		else if (sh.sh_type == SHT_NOTE && !d->bidlen)
			read_build_id(scn, d);
		else if ((nm = de.elf_strptr(e, shstrndx, sh.sh_name)) && strcmp(nm, ".debug_line") == 0)
			d->debug = true;
	}
	d->symtab = symtab != NULL;
	if (symtab)
		r = add_syms(e, symtab, &ssh, d, &cap, &ncap);
	else if (dynsym)
		r = add_syms(e, dynsym, &dsh, d, &cap, &ncap);
	return r;
}

int dso_read(int fd, struct dso_syms **out, struct errmsg *em)
{
	struct dso_syms *d;
	struct stat st;
	Elf *e;
	int r;

	*out = NULL;
	if (dso_elf_open() < 0)
		return errmsg_set(em, -ELIBACC, "libelf and libdw are not installed (Debian/Ubuntu: apt install libelf1 libdw1)");
	if (fstat(fd, &st) < 0)
		return errmsg_set(em, -errno, "cannot stat it: %s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return errmsg_set(em, -EINVAL, "not a regular file");
	if ((uint64_t)st.st_size > DSO_MAX_FILE)
		return errmsg_set(em, -EFBIG, "larger than %llu GiB", DSO_MAX_FILE >> 30);
	if (!(e = de.elf_begin(fd, ELF_C_READ, NULL)) || de.elf_kind(e) != ELF_K_ELF) {
		if (e)
			de.elf_end(e);
		return errmsg_set(em, -ENOEXEC, "not an ELF file");
	}
	if (!(d = calloc(1, sizeof(*d)))) {
		de.elf_end(e);
		return -ENOMEM;
	}
	r = read_segments(e, d);
	if (!r)
		r = read_sections(e, d);
	de.elf_end(e);
	if (r) {
		dso_free(d);
		return errmsg_set(em, r, "%s", r == -ENOEXEC ? "damaged or truncated ELF file" :
				  r == -EFBIG ? "too many symbols" : strerror(-r));
	}
	if (d->n)
		qsort(d->v, (size_t)d->n, sizeof(*d->v), by_start);
	d->bytes = sizeof(*d) + (size_t)d->n * sizeof(*d->v) + d->names_len;
	*out = d;
	return 0;
}

void dso_free(struct dso_syms *d)
{
	if (!d)
		return;
	free(d->v);
	free(d->names);
	free(d);
}

bool dso_off_to_vaddr(const struct dso_syms *d, uint64_t off, uint64_t *vaddr)
{
	for (int i = 0; i < d->nload; i++)
		if (off >= d->load[i].off && off - d->load[i].off < d->load[i].filesz) {
			*vaddr = off - d->load[i].off + d->load[i].vaddr;
			return true;
		}
	return false;
}

int dso_find(const struct dso_syms *d, uint64_t vaddr)
{
	int lo = 0, hi = d->n - 1, at = -1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (d->v[mid].start <= vaddr)
			at = mid, lo = mid + 1;
		else
			hi = mid - 1;
	}
	/* the first of the symbols at that address (sorted sized first) */
	while (at > 0 && d->v[at - 1].start == d->v[at].start)
		at--;
	if (at < 0)
		return -1;
	if (d->v[at].size && vaddr - d->v[at].start >= d->v[at].size)
		return -1;   /* past its end: a gap between functions */
	return at;
}

int dso_srcline(int fd, uint64_t vaddr, char *file, size_t n, int *line)
{
	Dwarf_Die cu;
	Dwarf_Line *l;
	const char *src;
	Dwarf *dw;
	Elf *e;
	int r = -ENOENT;

	if (dso_elf_open() < 0)
		return -ELIBACC;
	if (!(e = de.elf_begin(fd, ELF_C_READ, NULL)))
		return -ENOEXEC;
	if ((dw = de.dwarf_begin_elf(e, DWARF_C_READ, NULL))) {
		if (de.dwarf_addrdie(dw, vaddr, &cu) && (l = de.dwarf_getsrc_die(&cu, vaddr)) &&
		    (src = de.dwarf_linesrc(l, NULL, NULL)) && de.dwarf_lineno(l, line) == 0) {
			snprintf(file, n, "%s", src);
			r = 0;
		}
		de.dwarf_end(dw);
	}
	de.elf_end(e);
	return r;
}
