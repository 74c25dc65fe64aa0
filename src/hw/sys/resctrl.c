/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* resctrl.c: the resctrl file system read for RDT/PQoS monitoring: mount point, info, groups, values. */
#include "resctrl.h"
#include "base/errmsg.h"
#include "fsat.h"
#include "sysfs.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define RDTGROUP_SUPER_MAGIC 0x7655821   /* the kernel's resctrl file system */
#define MOUNT_CMD "mount -t resctrl resctrl /sys/fs/resctrl"

const char *const rdt_feat_file[RDT_NFEAT] = { "llc_occupancy", "mbm_total_bytes", "mbm_local_bytes" };

bool resctrl_name_ok(const char *name)
{
	size_t n = 0;

	for (; name[n]; n++)
		if (n >= RDT_NAME_MAX || !(('a' <= name[n] && name[n] <= 'z') || ('A' <= name[n] && name[n] <= 'Z') ||
		      ('0' <= name[n] && name[n] <= '9') || strchr("._@:+-", name[n])))
			return false;
	return n > 0 && strcmp(name, ".") && strcmp(name, "..");
}

int resctrl_parse_value(const char *text, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i = 0;

	if (n && text[n - 1] == '\n')
		n--;
	if (n == 11 && !memcmp(text, "Unavailable", 11))
		return RDT_UNAVAILABLE;
	if (n == 5 && !memcmp(text, "Error", 5))
		return RDT_ERROR;
	if (n == 0 || n > 20)
		return -EINVAL;
	for (; i < n; i++) {
		unsigned d = (unsigned)(text[i] - '0');

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -EINVAL;
		x = x * 10 + d;
	}
	*v = x;
	return RDT_OK;
}

/* A mountinfo field with its octal escapes (\040 for a space) undone into out. */
static int unescape(const char *s, size_t n, char *out, size_t on)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\\' && i + 3 < n && s[i + 1] >= '0' && s[i + 1] <= '3' &&
		    s[i + 2] >= '0' && s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
			c = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		}
		if (c == 0 || o + 1 >= on)
			return -EINVAL;
		out[o++] = c;
	}
	out[o] = 0;
	return 0;
}

int resctrl_mount_point(const char *text, char *mp, size_t n)
{
	for (const char *l = text; *l; ) {
		const char *e = strchr(l, '\n'), *sep = strstr(l, " - ");
		size_t len = e ? (size_t)(e - l) : strlen(l);
		const char *f = l;

		if (sep && sep < l + len && !strncmp(sep + 3, "resctrl ", 8)) {
			for (int k = 0; k < 4 && f; k++) {   /* id parent maj:min root MOUNTPOINT */
				f = memchr(f, ' ', (size_t)(l + len - f));
				f = f ? f + 1 : NULL;
			}
			if (f && f < sep) {
				const char *fe = memchr(f, ' ', (size_t)(sep - f));

				if (fe && unescape(f, (size_t)(fe - f), mp, n) == 0 && mp[0] == '/')
					return 0;
			}
		}
		l += len + (e != NULL);
	}
	return -ENOENT;
}

/* The mount point as a path here: the same under /sys; under a test root, /sys/... taken there. */
static int place(const char *mp, char *out, size_t n)
{
	int w;

	if (!strcmp(sysfs_root(), "/sys"))
		w = snprintf(out, n, "%s", mp);
	else if (!strncmp(mp, "/sys/", 5))
		w = snprintf(out, n, "%s/%s", sysfs_root(), mp + 5);
	else
		return -ENOENT;
	return w < 0 || (size_t)w >= n ? -ENAMETOOLONG : 0;
}

/* A small regular file under the mount point, read through its kept descriptor (a read each interval
 * walks only the group's part of the path): its text without trailing whitespace, or a negative
 * errno. A FIFO, device or link planted in a tree is refused without blocking. */
static int read_rel(const struct resctrl *r, const char *rel, char *buf, size_t n)
{
	struct stat st;
	size_t len = 0;
	ssize_t got;
	int fd;

	if (r->dirfd < 0 || n == 0)
		return -EBADF;
	if ((fd = openat(r->dirfd, rel, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)) < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	while (len < n - 1 && (got = read(fd, buf + len, n - 1 - len)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			len = (size_t)-errno;
			break;
		}
		len += (size_t)got;
	}
	close(fd);
	if ((ssize_t)len < 0)
		return (int)(ssize_t)len;
	buf[len] = 0;
	while (len > 0 && strchr("\n \t\r", buf[len - 1]))
		buf[--len] = 0;
	return (int)len;
}

static int dom_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

/* The domains: mon_data/mon_L3_NN of the default group. */
static int find_domains(struct resctrl *r)
{
	char path[sizeof(r->root) + 16];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/mon_data", r->root);
	if (!(d = opendir(path)))
		return -errno;
	r->ndom = 0;
	while ((de = readdir(d)) && r->ndom < RDT_MAXDOM) {
		char *end;
		long id;

		if (strncmp(de->d_name, "mon_L3_", 7) || !de->d_name[7] || strlen(de->d_name) > 12)
			continue;
		id = strtol(de->d_name + 7, &end, 10);
		if (*end || id < 0 || id > 99999 || de->d_name[7] < '0' || de->d_name[7] > '9')
			continue;
		r->dom[r->ndom++] = (int)id;
	}
	closedir(d);
	qsort(r->dom, (size_t)r->ndom, sizeof(int), dom_cmp);
	return r->ndom ? 0 : -ENODEV;
}

static int read_info(struct resctrl *r, struct errmsg *em)
{
	char buf[512];
	long long n;
	int k;

	if ((k = read_rel(r, "info/L3_MON/mon_features", buf, sizeof(buf))) < 0)
		return errmsg_set(em, -ENODEV, "no RDT/PQoS L3 monitoring on this machine: resctrl is mounted "
				  "at %s but has no info/L3_MON (the CPU has no cache or memory-bandwidth "
				  "monitoring)", r->root);
	r->features = 0;
	for (char *l = buf, *e; l && *l; l = e ? e + 1 : NULL) {
		e = strchr(l, '\n');
		if (e)
			*e = 0;
		for (int f = 0; f < RDT_NFEAT; f++)
			if (!strcmp(l, rdt_feat_file[f]))
				r->features |= 1u << f;
	}
	if (!r->features)
		return errmsg_set(em, -ENODEV, "%s/info/L3_MON/mon_features offers none of llc_occupancy, "
				  "mbm_total_bytes, mbm_local_bytes", r->root);
	r->num_rmids = -1;
	if (read_rel(r, "info/L3_MON/num_rmids", buf, sizeof(buf)) > 0) {
		char *end;

		n = strtoll(buf, &end, 10);
		if (!*end && n > 0 && n < (1 << 24))
			r->num_rmids = (int)n;
	}
	if ((k = find_domains(r)) < 0)
		return errmsg_set(em, k == -ENODEV ? -ENODEV : k, "%s/mon_data: %s", r->root,
				  k == -ENODEV ? "no mon_L3_NN domain" : strerror(-k));
	return 0;
}

int resctrl_open(struct resctrl *r, struct errmsg *em)
{
	size_t cap = 1 << 20;
	char *text = malloc(cap), mp[4096], dir[4200];
	struct stat st;
	int k;

	memset(r, 0, sizeof(*r));
	r->dirfd = -1;
	if (!text)
		return errmsg_set(em, -ENOMEM, "resctrl: out of memory");
	k = procfs_read("self/mountinfo", text, cap);
	k = k < 0 ? k : resctrl_mount_point(text, mp, sizeof(mp));
	free(text);
	if (k == 0)
		k = place(mp, r->root, sizeof(r->root));
	if (k == 0 && (r->dirfd = open(r->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		k = -ENOENT;   /* mounted in another mount namespace's view, or a tree that lacks it */
	if (k < 0) {
		/* the kernel makes /sys/fs/resctrl only where it found RDT or PQoS */
		snprintf(dir, sizeof(dir), "%s/fs/resctrl", sysfs_root());
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			return errmsg_set(em, -ENOENT, "RDT monitoring: resctrl is not mounted; as root: " MOUNT_CMD);
		return errmsg_set(em, -ENOENT, "RDT monitoring: no resctrl here (%s/fs/resctrl is absent): the CPU "
				  "has no RDT/PQoS, or the kernel was built without resctrl", sysfs_root());
	}
	if ((k = read_info(r, em)) < 0)
		resctrl_close(r);
	return k;
}

void resctrl_close(struct resctrl *r)
{
	if (r->root[0] && r->dirfd >= 0)
		close(r->dirfd);
	r->dirfd = -1;
}

static int name_cmp(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The plain names of the sub-folders of rel, sorted (*n of them; the caller frees each and the
 * array), leaving out the reserved ones at the top. */
static char **subdirs(const struct resctrl *r, const char *rel, int *n, int *skipped)
{
	char **v = NULL;
	struct dirent *de;
	int cap = 0, fd;
	DIR *d;

	*n = 0;
	fd = r->dirfd < 0 ? -1 : openat(r->dirfd, *rel ? rel : ".", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return NULL;
	}
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    (!*rel && (!strcmp(de->d_name, "info") || !strcmp(de->d_name, "mon_groups") ||
			       !strcmp(de->d_name, "mon_data"))))
			continue;
		if (!resctrl_name_ok(de->d_name)) {
			(*skipped)++;
			continue;
		}
		if (*n == cap) {
			char **nv = realloc(v, sizeof(*v) * (size_t)(cap = cap ? cap * 2 : 16));

			if (!nv)
				break;
			v = nv;
		}
		if (!(v[*n] = strdup(de->d_name)))
			break;
		(*n)++;
	}
	closedir(d);
	if (v)
		qsort(v, (size_t)*n, sizeof(*v), name_cmp);
	return v;
}

static void add(struct rdt_group *out, int max, int *n, int *skipped, int kind, const char *ctrl, const char *mon)
{
	struct rdt_group *g = &out[*n];

	if (*n >= max) {
		(*skipped)++;
		return;
	}
	g->kind = kind;
	if (kind == RDT_DEFAULT) {
		g->rel[0] = 0;
		snprintf(g->name, sizeof(g->name), "/");
	} else if (kind == RDT_CTRL) {
		snprintf(g->rel, sizeof(g->rel), "%s", ctrl);
		snprintf(g->name, sizeof(g->name), "%s", ctrl);
	} else {
		snprintf(g->rel, sizeof(g->rel), "%s%smon_groups/%s", ctrl, *ctrl ? "/" : "", mon);
		snprintf(g->name, sizeof(g->name), "%s/%s", ctrl, mon);
	}
	(*n)++;
}

/* The monitoring groups of the control group ctrl ("" default) after it. */
static void add_mons(const struct resctrl *r, const char *ctrl, struct rdt_group *out, int max, int *n,
		     int *skipped)
{
	char rel[RDT_REL_MAX];
	int nm;
	char **m;

	snprintf(rel, sizeof(rel), "%s%smon_groups", ctrl, *ctrl ? "/" : "");
	m = subdirs(r, rel, &nm, skipped);
	for (int i = 0; i < nm; i++) {
		add(out, max, n, skipped, RDT_MON, ctrl, m[i]);
		free(m[i]);
	}
	free(m);
}

int resctrl_groups(const struct resctrl *r, struct rdt_group *out, int max, int *skipped)
{
	int n = 0, nc, sk = 0;
	char **c;

	if (max <= 0)
		return -EINVAL;
	add(out, max, &n, &sk, RDT_DEFAULT, "", "");
	add_mons(r, "", out, max, &n, &sk);
	c = subdirs(r, "", &nc, &sk);
	for (int i = 0; i < nc; i++) {
		add(out, max, &n, &sk, RDT_CTRL, c[i], "");
		add_mons(r, c[i], out, max, &n, &sk);
		free(c[i]);
	}
	free(c);
	if (skipped)
		*skipped = sk;
	return n;
}

/* A value file's text through a kept descriptor: 0 and its text, or a negative errno. */
static int pread_text(int fd, char *buf, size_t n)
{
	ssize_t got;

	do
		got = pread(fd, buf, n - 1, 0);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return -errno;
	buf[got] = 0;
	while (got > 0 && strchr("\n \t\r", buf[got - 1]))
		buf[--got] = 0;
	return (int)got;
}

int resctrl_unkeep(int fds[RDT_NFEAT])
{
	int n = 0;

	for (int f = 0; f < RDT_NFEAT; f++)
		if (fds[f]) {
			close(fds[f] - 1);
			fds[f] = 0;
			n++;
		}
	return n;
}

int resctrl_read_kept(const struct resctrl *r, const char *rel, int d, int fds[RDT_NFEAT], int *budget,
		      struct rdt_sample *s)
{
	char file[RDT_REL_MAX + 64], buf[64];
	int gone = 0;

	memset(s, 0, sizeof(*s));
	if (d < 0 || d >= r->ndom)
		return -EINVAL;
	for (int f = 0; f < RDT_NFEAT; f++) {
		struct stat st;
		int k = -1, fd;

		if (!(r->features & (1u << f)))
			continue;
		if (fds[f] && (k = pread_text(fds[f] - 1, buf, sizeof(buf))) < 0) {
			close(fds[f] - 1);   /* the group went, or came back as another file: open it again */
			fds[f] = 0;
			(*budget)++;
		}
		if (!fds[f]) {
			snprintf(file, sizeof(file), "%s%smon_data/mon_L3_%02d/%s", rel, *rel ? "/" : "", r->dom[d],
				 rdt_feat_file[f]);
			fd = r->dirfd < 0 ? -EBADF : openat(r->dirfd, file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW);
			if (fd < 0) {
				k = r->dirfd < 0 ? -EBADF : -errno;
			} else if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
				close(fd);
				k = -EINVAL;
			} else {
				k = pread_text(fd, buf, sizeof(buf));
				if (k >= 0 && *budget > 0) {
					fds[f] = fd + 1;
					(*budget)--;
				} else {
					close(fd);
				}
			}
			gone += k == -ENOENT || k == -ENOTDIR;
		}
		if (k >= 0)
			k = resctrl_parse_value(buf, (size_t)k, &s->v[f]);
		s->st[f] = k < 0 ? RDT_ABSENT : (unsigned char)k;
	}
	return gone && gone == __builtin_popcount(r->features) ? -ENOENT : 0;
}

int resctrl_read(const struct resctrl *r, const char *rel, int d, struct rdt_sample *s)
{
	char file[RDT_REL_MAX + 64], buf[64];
	int gone = 0;

	memset(s, 0, sizeof(*s));
	if (d < 0 || d >= r->ndom)
		return -EINVAL;
	for (int f = 0; f < RDT_NFEAT; f++) {
		int k;

		if (!(r->features & (1u << f)))
			continue;
		snprintf(file, sizeof(file), "%s%smon_data/mon_L3_%02d/%s", rel, *rel ? "/" : "", r->dom[d],
			 rdt_feat_file[f]);
		k = read_rel(r, file, buf, sizeof(buf));
		if (k == -ENOENT || k == -ENOTDIR)
			gone++;
		if (k >= 0)
			k = resctrl_parse_value(buf, (size_t)k, &s->v[f]);
		s->st[f] = k < 0 ? RDT_ABSENT : (unsigned char)k;
	}
	return gone && gone == __builtin_popcount(r->features) ? -ENOENT : 0;
}

int resctrl_rmids_used(const struct resctrl *r)
{
	struct rdt_group *g = malloc(sizeof(*g) * 4096);
	int n;

	if (!g)
		return -ENOMEM;
	n = resctrl_groups(r, g, 4096, NULL);
	free(g);
	return n;
}

static int write_rel(const struct resctrl *r, const char *rel, const char *text)
{
	char path[sizeof(r->root) + RDT_REL_MAX + 32];
	size_t len = strlen(text);
	ssize_t w;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", r->root, rel);
	/* O_CREAT: a test tree's group has no files until written; resctrl's exist already */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644)) < 0)
		return -errno;
	w = write(fd, text, len);
	if (w < 0)
		w = -errno;
	close(fd);
	return w < 0 ? (int)w : (size_t)w == len ? 0 : -EIO;
}

int resctrl_mkgroup_cpu(const struct resctrl *r, const char *name, int cpu, struct errmsg *em)
{
	char rel[RDT_REL_MAX + 32], path[sizeof(r->root) + RDT_REL_MAX + 32], num[16], why[256] = "";
	int k;

	if (!resctrl_name_ok(name) || cpu < 0)
		return errmsg_set(em, -EINVAL, "resctrl: bad group name or CPU");
	snprintf(path, sizeof(path), "%s/mon_groups/%s", r->root, name);
	if (mkdir(path, 0755) < 0) {
		k = -errno;
		if (read_rel(r, "info/last_cmd_status", why, sizeof(why)) < 0)
			why[0] = 0;
		if (k == -EEXIST)   /* a run killed with SIGKILL cannot remove its groups */
			snprintf(why, sizeof(why), "left by an earlier run? remove it with rmdir");
		return errmsg_set(em, k, "cannot make the monitoring group %s: %s%s%s", path, strerror(-k),
				  why[0] ? ": " : "", why);
	}
	snprintf(rel, sizeof(rel), "mon_groups/%s/cpus_list", name);
	snprintf(num, sizeof(num), "%d", cpu);
	if ((k = write_rel(r, rel, num)) < 0) {
		if (read_rel(r, "info/last_cmd_status", why, sizeof(why)) < 0)
			why[0] = 0;
		resctrl_rmgroup(r, name);
		return errmsg_set(em, k, "cannot give CPU %d to the monitoring group %s: %s%s%s", cpu, path,
				  strerror(-k), why[0] ? ": " : "", why);
	}
	return 0;
}

int resctrl_rmgroup(const struct resctrl *r, const char *name)
{
	char path[sizeof(r->root) + 16];
	struct statfs sf;
	int dfd, k;

	if (!resctrl_name_ok(name))
		return -EINVAL;
	snprintf(path, sizeof(path), "%s/mon_groups", r->root);
	if ((dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -errno;
	/* resctrl removes a group with its files; a test tree's folder needs them removed first */
	if (fstatfs(dfd, &sf) == 0 && (unsigned long)sf.f_type == RDTGROUP_SUPER_MAGIC)
		k = unlinkat(dfd, name, AT_REMOVEDIR) < 0 ? -errno : 0;
	else
		k = fsat_remove_tree(dfd, name);
	close(dfd);
	return k;
}
