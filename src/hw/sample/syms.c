/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* syms.c: process and kernel addresses made into names (see syms.h). */
#include "syms.h"
#include "dso.h"
#include "prec.h"
#include "symcache.h"
#include "textmap.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/openat2.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define SYMS_BUCKETS 1024
#define SYMS_MAX_PROCS 65536
#define SYMS_MAX_MAPS 8192     /* executable mappings of one process */
#define MAPS_MAX_BYTES (16u << 20)

struct pmap {
	uint64_t start, end, pgoff, dev, ino;
	uint8_t bid[20];
	int bidlen;
	char *path;
	int slot;            /* DSO cache slot, -1 not looked up yet */
	uint32_t gen;
};

struct sproc {
	int pid;
	bool loaded, exited, pm_tried;
	struct pmap *m;
	int n, cap;
	struct textmap pm;   /* /tmp/perf-PID.map */
	struct sproc *next;
};

struct syms {
	struct sproc *b[SYMS_BUCKETS];
	int nproc;
	struct symcache cache;
	struct textmap ks;
	bool ks_tried;
	char ks_note[160];
	char buf[64];
};

struct syms *syms_new(size_t cache_bytes)
{
	struct syms *s = calloc(1, sizeof(*s));

	if (s)
		symcache_init(&s->cache, cache_bytes ? cache_bytes : 32u << 20);
	return s;
}

static void maps_clear(struct sproc *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->m[i].path);
	p->n = 0;
}

static void proc_free(struct sproc *p)
{
	maps_clear(p);
	free(p->m);
	textmap_free(&p->pm);
	free(p);
}

void syms_free(struct syms *s)
{
	if (!s)
		return;
	for (int i = 0; i < SYMS_BUCKETS; i++)
		for (struct sproc *p = s->b[i], *nx; p; p = nx) {
			nx = p->next;
			proc_free(p);
		}
	symcache_free(&s->cache);
	textmap_free(&s->ks);
	free(s);
}

static struct sproc *proc_get(struct syms *s, int pid, bool make)
{
	struct sproc **h = &s->b[(unsigned)pid % SYMS_BUCKETS], *p;

	for (p = *h; p; p = p->next)
		if (p->pid == pid)
			return p;
	if (!make || s->nproc >= SYMS_MAX_PROCS || !(p = calloc(1, sizeof(*p))))
		return NULL;
	p->pid = pid;
	p->next = *h;
	*h = p;
	s->nproc++;
	return p;
}

/* Add a mapping, replacing what it overlaps (a new mmap over an old one). */
static int map_add(struct sproc *p, const struct pmap *nm)
{
	int w = 0;

	for (int i = 0; i < p->n; i++) {
		if (p->m[i].start < nm->end && nm->start < p->m[i].end) {
			free(p->m[i].path);
			continue;
		}
		p->m[w++] = p->m[i];
	}
	p->n = w;
	if (p->n >= SYMS_MAX_MAPS)
		return -E2BIG;
	if (p->n == p->cap) {
		int nc = p->cap ? p->cap * 2 : 32;
		struct pmap *nv = realloc(p->m, (size_t)nc * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		p->m = nv, p->cap = nc;
	}
	p->m[p->n] = *nm;
	if (!(p->m[p->n].path = strdup(nm->path ? nm->path : "")))
		return -ENOMEM;
	p->m[p->n].slot = -1;
	p->n++;
	/* sorted by start (insertion: mappings come nearly in order) */
	for (int i = p->n - 1; i > 0 && p->m[i - 1].start > p->m[i].start; i--) {
		struct pmap t = p->m[i];

		p->m[i] = p->m[i - 1], p->m[i - 1] = t;
	}
	return 0;
}

/* One line of /proc/PID/maps: "start-end perms offset maj:min inode   path"; executable only. */
static void maps_line(struct sproc *p, char *l)
{
	unsigned long long a, e, off, ino;
	unsigned maj, min;
	char perms[8];
	int pos = 0;
	struct pmap m = { 0 };

	if (sscanf(l, "%llx-%llx %7s %llx %x:%x %llu %n", &a, &e, perms, &off, &maj, &min, &ino, &pos) < 7 ||
	    !strchr(perms, 'x') || e <= a)
		return;
	m.start = a, m.end = e, m.pgoff = off, m.dev = makedev(maj, min), m.ino = ino;
	m.path = pos > 0 ? l + pos : "";
	if (!m.path[0])
		m.path = "//anon";
	map_add(p, &m);
}

static void maps_load(struct sproc *p)
{
	char rel[64], *text = NULL;
	long len;
	int fd;

	p->loaded = true;
	snprintf(rel, sizeof(rel), "%s/%d/maps", procfs_root() ? procfs_root() : "/proc", p->pid);
	if ((fd = open(rel, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0)
		return;
	len = textmap_slurp(fd, &text);
	close(fd);
	if (len <= 0 || (size_t)len > MAPS_MAX_BYTES) {
		free(text);
		return;
	}
	for (char *l = text, *nl; l && *l; l = nl) {
		if ((nl = strchr(l, '\n')))
			*nl++ = '\0';
		maps_line(p, l);
	}
	free(text);
}

void syms_record(struct syms *s, const struct prec *r)
{
	struct sproc *p, *pp;

	switch (r->type) {
	case PERF_RECORD_MMAP2: {
		struct pmap m = { .start = r->addr, .end = r->addr + r->len, .pgoff = r->pgoff, .path = (char *)r->name };

		if (!(r->prot & 4 /* PROT_EXEC */) || !(p = proc_get(s, (int)r->pid, true)))
			return;
		if (!p->loaded)
			maps_load(p);   /* what was there before: the record adds to it */
		if (r->build_id_size)
			memcpy(m.bid, r->build_id, sizeof(m.bid)), m.bidlen = r->build_id_size;
		else
			m.dev = makedev(r->maj, r->min), m.ino = r->ino;
		map_add(p, &m);
		return;
	}
	case PERF_RECORD_COMM:
		if ((r->misc & PERF_RECORD_MISC_COMM_EXEC) && (p = proc_get(s, (int)r->pid, true))) {
			maps_clear(p);   /* a new program: its MMAP2 records follow */
			p->loaded = true;
			textmap_free(&p->pm);
			p->pm_tried = false;
		}
		return;
	case PERF_RECORD_FORK:
		if (r->pid == r->ppid || !(pp = proc_get(s, (int)r->ppid, false)) || !(p = proc_get(s, (int)r->pid, true)))
			return;
		maps_clear(p);
		p->loaded = true;
		for (int i = 0; i < pp->n; i++)
			map_add(p, &pp->m[i]);
		return;
	case PERF_RECORD_EXIT:
		if (r->pid == r->tid && (p = proc_get(s, (int)r->pid, false)))
			p->exited = true;
		return;
	}
}

void syms_reap(struct syms *s)
{
	for (int i = 0; i < SYMS_BUCKETS; i++)
		for (struct sproc **pp = &s->b[i]; *pp;) {
			struct sproc *p = *pp;

			if (p->exited) {
				*pp = p->next;
				proc_free(p);
				s->nproc--;
			} else {
				pp = &p->next;
			}
		}
}

static const char *proc_dir(void)
{
	return procfs_root() ? procfs_root() : "/proc";
}

/* The file of mapping m of pid: the kernel's own link to what is mapped (map_files, root only),
 * else its path inside the process's root (RESOLVE_IN_ROOT: a link inside cannot lead out of it),
 * which must then be the inode the mapping names. A descriptor or a negative errno (-ESTALE: a
 * different file is there now). */
static int dso_open(int pid, const struct pmap *m)
{
	struct open_how how = { .flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY,
				.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS };
	char path[4200];
	struct stat st;
	int fd, rfd, e;
	bool exact = true;

	snprintf(path, sizeof(path), "%s/%d/map_files/%" PRIx64 "-%" PRIx64, proc_dir(), pid, m->start, m->end);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		exact = false;
		snprintf(path, sizeof(path), "%s/%d/root", proc_dir(), pid);
		if ((rfd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
			return -errno;
		fd = (int)syscall(SYS_openat2, rfd, m->path[0] == '/' ? m->path + 1 : m->path, &how, sizeof(how));
		e = errno;
		close(rfd);
		if (fd < 0)
			return -e;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	if (!exact && m->ino && (st.st_ino != m->ino || (m->dev && st.st_dev != m->dev))) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

static const char *why_of(int err)
{
	switch (err) {
	case -EACCES: case -EPERM: return "no permission";
	case -ENOENT: return "not found";
	case -ESTALE: return "changed";
	case -ENOEXEC: return "damaged";
	case -EFBIG: return "too large";
	case -EINVAL: return "not a file";
	case -ELIBACC: return "no libelf/libdw (apt install libdw1)";
	default: return "unreadable";
	}
}

/* The cache slot of m's file, reading it when new. */
static void dso_load(struct syms *s, int pid, struct pmap *m)
{
	struct symkey k = { 0 };
	struct dso_syms *d = NULL;
	struct stat st;
	int fd, r, slot;
	const char *why = NULL;

	if (m->bidlen) {
		memcpy(k.bid, m->bid, sizeof(k.bid)), k.bidlen = m->bidlen;
		if ((slot = symcache_find(&s->cache, &k)) >= 0)
			goto found;
	}
	if ((fd = dso_open(pid, m)) < 0) {
		/* not remembered in the cache: the file may come back; the mapping keeps the failure */
		slot = symcache_put(&s->cache, &k, NULL, why_of(fd));
		goto found;
	}
	fstat(fd, &st);
	k.bidlen = 0;
	k.dev = st.st_dev, k.ino = st.st_ino, k.size = (uint64_t)st.st_size, k.mtime = (uint64_t)st.st_mtime;
	if ((slot = symcache_find(&s->cache, &k)) < 0) {
		if ((r = dso_read(fd, &d, NULL)) < 0)
			why = why_of(r);
		else if (m->bidlen && d->bidlen && (d->bidlen != m->bidlen || memcmp(d->bid, m->bid, (size_t)d->bidlen)))
			dso_free(d), d = NULL, why = "changed (build-id differs)";
		if (d && d->bidlen)
			memcpy(k.bid, d->bid, sizeof(k.bid)), k.bidlen = d->bidlen;
		slot = symcache_put(&s->cache, &k, d, why);
	}
	close(fd);
found:
	m->slot = slot;
	m->gen = slot >= 0 ? s->cache.e[slot].gen : 0;
}

static struct pmap *map_find(struct sproc *p, uint64_t ip)
{
	int lo = 0, hi = p->n - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (ip < p->m[mid].start)
			hi = mid - 1;
		else if (ip >= p->m[mid].end)
			lo = mid + 1;
		else
			return &p->m[mid];
	}
	return NULL;
}

/* /tmp/perf-PID.map (under the tree's root for a simulated machine), as perf reads it: a regular
 * file of the process's user or root that others cannot write, opened without following a link. */
static void perfmap_load(struct sproc *p)
{
	char path[4200], dir[4096], *text = NULL;
	struct stat st, ps;
	long len;
	int fd;

	p->pm_tried = true;
	snprintf(dir, sizeof(dir), "%s", proc_dir());
	*strrchr(dir, '/') = '\0';   /* "/proc" -> "", "T/proc" -> "T" */
	snprintf(path, sizeof(path), "%s/tmp/perf-%d.map", dir, p->pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY)) < 0)
		return;
	snprintf(path, sizeof(path), "%s/%d", proc_dir(), p->pid);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (st.st_mode & S_IWOTH) || stat(path, &ps) < 0 ||
	    (st.st_uid != 0 && st.st_uid != ps.st_uid)) {
		close(fd);
		return;
	}
	len = textmap_slurp(fd, &text);
	close(fd);
	if (len > 0)
		textmap_parse(&p->pm, text, (size_t)len, TEXTMAP_PERFMAP);
	free(text);
}

static void kernel_load(struct syms *s)
{
	char path[4200], *text = NULL, kr[16] = "";
	long len = -1;
	int fd;

	s->ks_tried = true;
	snprintf(path, sizeof(path), "%s/kallsyms", proc_dir());
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) >= 0) {
		len = textmap_slurp(fd, &text);
		close(fd);
	}
	if (len > 0)
		textmap_parse(&s->ks, text, (size_t)len, TEXTMAP_KALLSYMS);
	free(text);
	procfs_read("sys/kernel/kptr_restrict", kr, sizeof(kr));
	if (len <= 0)
		snprintf(s->ks_note, sizeof(s->ks_note), "%s/kallsyms cannot be read: kernel samples are shown as "
			 "[kernel.kallsyms]+0xADDRESS", proc_dir());
	else if (s->ks.all_zero || !s->ks.n)
		snprintf(s->ks_note, sizeof(s->ks_note), "kptr_restrict is %s: kernel addresses are hidden from "
			 "this user, kernel samples are shown as [kernel.kallsyms]+0xADDRESS", kr[0] ? kr : "set");
}

const char *syms_kernel_note(struct syms *s)
{
	if (!s->ks_tried)
		kernel_load(s);
	return s->ks_note;
}

static void resolve_kernel(struct syms *s, uint64_t ip, struct sym_res *res)
{
	int i;

	if (!s->ks_tried)
		kernel_load(s);
	res->dso = "[kernel.kallsyms]";
	res->off = ip;
	if (s->ks.all_zero || !s->ks.n)
		res->why = "kptr_restrict";
	else if ((i = textmap_find(&s->ks, ip)) >= 0)
		res->sym = s->ks.names + s->ks.v[i].name;
	else
		res->why = "not in kallsyms";
}

void syms_resolve(struct syms *s, int pid, uint64_t ip, bool kernel, struct sym_res *res)
{
	struct symcache_ent *ce;
	struct sproc *p;
	struct pmap *m;
	int i;

	memset(res, 0, sizeof(*res));
	res->slot = -1;
	if (kernel || pid <= 0)
		return resolve_kernel(s, ip, res);
	if (!(p = proc_get(s, pid, true))) {
		res->dso = "[unknown]", res->off = ip, res->why = "too many processes";
		return;
	}
	if (!p->loaded)
		maps_load(p);
	if (!p->pm_tried)
		perfmap_load(p);
	m = map_find(p, ip);
	if (p->pm.n && (i = textmap_find(&p->pm, ip)) >= 0) {   /* JIT code, or a tree's own table */
		snprintf(s->buf, sizeof(s->buf), "[JIT] tid %d", pid);
		res->dso = m && m->path[0] != '/' && m->path[0] != '[' ? s->buf : m ? m->path : s->buf;
		res->sym = p->pm.names + p->pm.v[i].name;
		return;
	}
	if (!m) {
		res->dso = "[unknown]", res->off = ip, res->why = "no mapping";
		return;
	}
	res->dso = m->path;
	res->off = ip - m->start + m->pgoff;
	if (m->path[0] != '/') {
		res->why = "no file";
		return;
	}
	if (m->slot < 0 || !(ce = symcache_get(&s->cache, m->slot, m->gen))) {
		dso_load(s, pid, m);
		if (!(ce = symcache_get(&s->cache, m->slot, m->gen))) {
			res->why = "out of memory";
			return;
		}
	}
	if (!ce->d) {
		res->why = ce->why;
		return;
	}
	if (!dso_off_to_vaddr(ce->d, res->off, &res->vaddr)) {
		res->why = "outside the file's segments";
		return;
	}
	res->slot = m->slot, res->gen = m->gen;
	if ((i = dso_find(ce->d, res->vaddr)) >= 0)
		res->sym = dso_name(ce->d, i);
	else
		res->why = ce->d->symtab ? "no function there" : "stripped";
}

int syms_srcline(struct syms *s, int pid, uint64_t ip, char *file, size_t n, int *line)
{
	struct sym_res res;
	struct sproc *p;
	struct pmap *m;
	int fd, r;

	syms_resolve(s, pid, ip, false, &res);
	if (res.slot < 0 || !s->cache.e[res.slot].d || !s->cache.e[res.slot].d->debug)
		return -ENOENT;
	if (!(p = proc_get(s, pid, false)) || !(m = map_find(p, ip)))
		return -ENOENT;
	if ((fd = dso_open(pid, m)) < 0)
		return fd;
	r = dso_srcline(fd, res.vaddr, file, n, line);
	close(fd);
	return r;
}

size_t syms_bytes(const struct syms *s, int *ndso)
{
	size_t b = sizeof(*s) + s->cache.bytes + s->ks.bytes;
	int n = 0;

	for (int i = 0; i < s->cache.n; i++)
		n += s->cache.e[i].busy && s->cache.e[i].d;
	for (int i = 0; i < SYMS_BUCKETS; i++)
		for (const struct sproc *p = s->b[i]; p; p = p->next)
			b += sizeof(*p) + (size_t)p->cap * sizeof(struct pmap) + p->pm.bytes;
	if (ndso)
		*ndso = n;
	return b;
}
