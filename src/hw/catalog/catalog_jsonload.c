/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_jsonload.c: finds the JSON event tables for this CPU (perf's mapfile.csv rows, a folder of
 * tables, pmu-tools' layout) and reads each through catalog_json.c. Files and folders are hostile:
 * sizes are bounded, names checked before they become paths, a bad row reported and skipped. */
#include "catalog_json.h"
#include "catalog.h"
#include "base/errmsg.h"
#include "hw/sys/cpuid.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAP_FIELDS   8
#define MAP_LINE_MAX 4096

/* Read a whole file of at most max bytes (NUL-terminated). Returns 0 or -errno (-EFBIG when larger). */
static int slurp(const char *path, size_t max, char **out, size_t *len)
{
	struct stat st;
	char *buf;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);   /* a FIFO is refused, not waited on */

	*out = NULL;
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	if ((uint64_t)st.st_size > max) {
		close(fd);
		return -EFBIG;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
}

int catjson_mapfile(const char *text, const char *cpuid, catjson_row_fn fn, catjson_bad_fn bad, void *ctx)
{
	const char *p = text;
	int lineno = 0, hits = 0;

	while (*p) {
		const char *start = p, *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char line[MAP_LINE_MAX], *field[MAP_FIELDS], *q, why[128];
		int nf = 0, m;

		lineno++;
		p = eol ? eol + 1 : p + len;
		/* a bad row is told and skipped: the rows after it still count */
		if (len >= sizeof(line)) {
			snprintf(why, sizeof(why), "longer than %d bytes, skipped", MAP_LINE_MAX);
			if (bad)
				bad(ctx, lineno, why);
			continue;
		}
		memcpy(line, start, len);
		line[len] = '\0';
		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		if (!len || line[0] == '#' || !strncmp(line, "Family-model", 12) || !strncmp(line, "MIDR", 4))
			continue;
		for (q = line; nf < MAP_FIELDS;) {
			field[nf++] = q;
			q = strchr(q, ',');
			if (!q)
				break;
			*q++ = '\0';
		}
		for (int i = nf; i < MAP_FIELDS; i++)
			field[i] = (char *)"";
		if (nf < 3 || !field[0][0] || !field[2][0]) {
			if (bad)
				bad(ctx, lineno, "expected 'cpuid expression,version,file,type', skipped");
			continue;
		}
		m = cpuid_match(field[0], cpuid);
		if (m < 0) {
			snprintf(why, sizeof(why), "bad regular expression '%.64s', skipped", field[0]);
			if (bad)
				bad(ctx, lineno, why);
			continue;
		}
		if (!m)
			continue;
		hits++;
		if (fn && fn(ctx, field, nf) < 0)
			return -ENOMEM;
	}
	return hits;
}

/* A path from a mapfile: relative, no "..", only ordinary characters. */
static bool safe_rel(const char *s)
{
	if (!*s || strlen(s) > 255)
		return false;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/._-+", *p))
			return false;
	for (const char *p = s; (p = strstr(p, "..")); p += 2)
		if ((p == s || p[-1] == '/') && (p[2] == '/' || !p[2]))
			return false;
	return true;
}

struct load_ctx {
	struct catalog *c;
	const char *base;           /* folder of the mapfile */
	const struct catalog *std;  /* Arm common events */
	int files;
	bool kernel_layout_done;
	int rows;
	char first[256];
	const char *mapfile;        /* its path, for messages */
};

static int load_file(struct load_ctx *x, const char *path, const char *pmu)
{
	char topic[64];
	struct errmsg em;
	const char *b = strrchr(path, '/');
	char *text;
	size_t len, tl;
	int r;

	if (++x->files > CAT_FILES_MAX) {
		if (x->files == CAT_FILES_MAX + 1)
			catalog_error(x->c, "%s: more than %d event files; the rest are left out", x->base,
				      CAT_FILES_MAX);
		return 0;
	}
	r = slurp(path, CAT_FILE_MAX, &text, &len);
	if (r == -ENOMEM)
		return r;
	if (r < 0) {
		catalog_error(x->c, "%s: %s", path, r == -EFBIG ? "file too large" : strerror(-r));
		return 0;
	}
	/* the kernel's files are named by topic: cache.json, memory.json, pipeline.json */
	snprintf(topic, sizeof(topic), "%s", b ? b + 1 : path);
	tl = strlen(topic);
	if (tl > 5 && !strcmp(topic + tl - 5, ".json"))
		topic[tl - 5] = '\0';
	r = catjson_parse(x->c, text, len, path, pmu, topic, x->std, &em);
	free(text);
	if (r == -EINVAL)
		catalog_error(x->c, "%s", em.text);
	return r == -ENOMEM ? r : 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every *.json in a folder (not below), in name order; metric files are not events. */
static int load_folder(struct load_ctx *x, const char *dir, const char *pmu, struct catalog *into)
{
	char *names[CAT_FILES_MAX], path[4096];
	struct catalog *save = x->c;
	struct dirent *de;
	int n = 0, r = 0;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	while ((de = readdir(d)) && n < CAT_FILES_MAX) {
		size_t l = strlen(de->d_name);

		if (l < 6 || strcmp(de->d_name + l - 5, ".json") || de->d_name[0] == '.' ||
		    strstr(de->d_name, "metric"))
			continue;
		if (!(names[n] = strdup(de->d_name))) {
			r = -ENOMEM;
			break;
		}
		n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	if (into)
		x->c = into;
	for (int i = 0; i < n; i++) {
		if (r == 0 && snprintf(path, sizeof(path), "%s/%s", dir, names[i]) < (int)sizeof(path))
			r = load_file(x, path, pmu);
		free(names[i]);
	}
	x->c = save;
	return r;
}

static int row(void *ctx, char *const *f, int nf)
{
	struct load_ctx *x = ctx;
	char path[4096];
	const char *file = f[2], *type = f[3], *role = nf > 6 ? f[6] : "";
	const char *pmu = "";
	size_t fl = strlen(file);

	while (*file == '/')
		file++;
	if (!safe_rel(file)) {
		catalog_error(x->c, "%s/mapfile.csv: unsafe path '%.64s' skipped", x->base, f[2]);
		return 0;
	}
	if (x->rows++ == 0)
		snprintf(x->first, sizeof(x->first), "%s", file);
	if (snprintf(path, sizeof(path), "%s/%s", x->base, file) >= (int)sizeof(path))
		return 0;
	fl = strlen(file);
	if (fl > 5 && !strcmp(file + fl - 5, ".json")) {
		/* Intel perfmon: one file per row; hybrid rows say which core type. Rows that are not events
		 * (metrics, tma, retire latency) are skipped; experimental ones only when asked for. */
		if (strncmp(type, "core", 4) && strncmp(type, "hybridcore", 10) && strncmp(type, "uncore", 6) &&
		    strncmp(type, "offcore", 7) && strncmp(type, "fp_arith", 8))
			return 0;
		if (strstr(type, "experimental") && !x->c->experimental)
			return 0;
		if (!strcasecmp(role, "Atom"))
			pmu = "cpu_atom";
		else if (!strcasecmp(role, "Core"))
			pmu = "cpu_core";
		return load_file(x, path, pmu);
	}
	/* the kernel's pmu-events: a folder per CPU, the first matching row wins (as in perf) */
	if (x->kernel_layout_done)
		return 0;
	x->kernel_layout_done = true;
	return load_folder(x, path, "", NULL);
}


static void bad_row(void *ctx, int line, const char *why)
{
	struct load_ctx *x = ctx;

	catalog_error(x->c, "%s:%d: %s", x->mapfile, line, why);   /* made printable there */
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* toplev's event_download.py keeps no mapfile: it names each file after the mapfile row it came from,
 * "GenuineIntel-6-8F-core.json" (or with a stepping, "GenuineIntel-6-55-4-core.json"). */
static int load_toplev(struct load_ctx *x, const char *dir)
{
	static const char *const types[] = { "core", "offcore", "uncore", "uncore experimental" };
	char id[CPUID_MAX], path[4096];
	char *dash;
	int r = 0, found = 0;

	snprintf(id, sizeof(id), "%s", x->c->cpuid);
	for (int pass = 0; pass < 2 && !found && r == 0; pass++) {
		if (pass == 1) { /* without the stepping */
			int d = 0;

			for (const char *q = id; *q; q++)
				d += *q == '-';
			if (d != 3 || !(dash = strrchr(id, '-')))
				break;
			*dash = '\0';
		}
		for (size_t i = 0; i < sizeof(types) / sizeof(types[0]) && r == 0; i++) {
			if (snprintf(path, sizeof(path), "%s/%s-%s.json", dir, id, types[i]) >= (int)sizeof(path) ||
			    !exists(path))
				continue;
			if (!found++)
				snprintf(x->first, sizeof(x->first), "%s-%s.json", id, types[i]);
			r = load_file(x, path, "");
		}
	}
	if (found && r == 0)
		snprintf(x->c->json_from, sizeof(x->c->json_from), "%.300s (toplev's %.120s)", dir, x->first);
	return r;
}

int catjson_load_dir(struct catalog *c, const char *dir)
{
	char base[4096], path[4096];
	struct catalog std;
	struct load_ctx x = { .c = c, .base = base };
	const char *arch = strncmp(c->cpuid, "0x", 2) == 0 ? "arm64" : "x86";
	char *text;
	size_t len;
	int r;

	snprintf(base, sizeof(base), "%s", dir);
	if (snprintf(path, sizeof(path), "%s/mapfile.csv", base) >= (int)sizeof(path))
		return 0;
	if (!exists(path)) {
		/* the kernel's tools/perf/pmu-events/arch given as the folder */
		if (snprintf(base, sizeof(base), "%s/%s", dir, arch) >= (int)sizeof(base) ||
		    snprintf(path, sizeof(path), "%s/mapfile.csv", base) >= (int)sizeof(path) || !exists(path)) {
			snprintf(base, sizeof(base), "%s", dir);
			return load_toplev(&x, dir);
		}
	}
	r = slurp(path, CAT_FILE_MAX, &text, &len);
	if (r == -ENOMEM)
		return r;
	if (r < 0) {
		catalog_error(c, "%s: %s", path, r == -EFBIG ? "file too large" : strerror(-r));
		return 0;
	}
	/* Arm tables name common events by reference; those live beside the mapfile. */
	memset(&std, 0, sizeof(std));
	x.std = &std;
	if (!strcmp(arch, "arm64") && (r = load_folder(&x, base, "", &std)) < 0) {
		free(text);
		catalog_free(&std);
		return r;
	}
	x.files = 0;
	x.mapfile = path;
	r = catjson_mapfile(text, c->cpuid, row, bad_row, &x);
	free(text);
	catalog_free(&std);
	if (r == -ENOMEM)
		return r;
	if (r > 0)
		snprintf(c->json_from, sizeof(c->json_from), "%.380s (%.120s)", path, x.first);
	return 0;
}
