/* SPDX-License-Identifier: GPL-2.0-or-later */
/* catalog_json.c: reads JSON event tables (Intel perfmon and kernel pmu-events schemas) into the catalog.
 * Every file is hostile: sizes, counts and nesting are bounded, values must be numbers where numbers are
 * meant, and a malformed file is reported by name and skipped. */
#include "catalog_json.h"
#include "catalog.h"
#include "base/errmsg.h"
#include "hw/sys/cpuid.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAP_FIELDS   8
#define MAP_LINE_MAX 4096
#define TERMS_MAX    384

/* A member as text: strings as they are, integers printed; NULL when absent or another type. */
static const char *member(struct json_object *o, const char *key, char *buf, size_t n)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !v)
		return NULL;
	if (json_object_is_type(v, json_type_string))
		return json_object_get_string(v);
	if (json_object_is_type(v, json_type_int)) {
		snprintf(buf, n, "%lld", (long long)json_object_get_int64(v));
		return buf;
	}
	return NULL;
}

/* A string member, NULL when absent or not a string. */
static const char *str_member(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* A number, or with list the first of a list like "0xB7, 0xBB" (EventCode, MSRIndex). 0 or -EINVAL. */
static int number_in(const char *s, uint64_t *v, bool list)
{
	char *end;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno)
		return -EINVAL;
	while (*end == ' ')
		end++;
	return *end == '\0' || (list && *end == ',') ? 0 : -EINVAL;
}

static int number(const char *s, uint64_t *v) { return number_in(s, v, false); }

static bool append(char *t, size_t n, const char *fmt, uint64_t v)
{
	size_t used = strlen(t);
	int r = snprintf(t + used, n - used, fmt, used ? "," : "", (unsigned long long)v);

	return r > 0 && (size_t)r < n - used;
}

/* The kernel PMU of a JSON "Unit", as perf names them. NULL for a unit we cannot name safely. */
static const char *unit_pmu(const char *unit, char *buf, size_t n)
{
	static const char *const map[][2] = {
		{ "CBO", "uncore_cbox" }, { "QPI LL", "uncore_qpi" }, { "SBO", "uncore_sbox" },
		{ "iMPH-U", "uncore_arb" }, { "UPI LL", "uncore_upi" }, { "L3PMC", "amd_l3" },
		{ "DFPMC", "amd_df" }, { "UMCPMC", "amd_umc" }, { "cpu_core", "cpu_core" },
		{ "cpu_atom", "cpu_atom" }, { "arm_cmn", "arm_cmn" }, { "CPU-M-CF", "cpum_cf" },
	};
	size_t len = strlen(unit), j;

	if (len == 0)
		return "";
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(unit, map[i][0]))
			return map[i][1];
	if (len + 8 > n)
		return NULL;
	j = (size_t)snprintf(buf, n, "uncore_");
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)unit[i];

		if (!isalnum(ch) && ch != '_')
			return NULL;
		buf[j++] = (char)tolower(ch);
	}
	buf[j] = '\0';
	return buf;
}

/* Terms of one event in the PMU's format names, after perf's rules for the same fields. */
static int event_terms(struct json_object *o, const char *name, char *t, size_t n)
{
	static const char *const fields[][2] = {
		{ "AnyThread", "%sany=0x%llx" }, { "PortMask", "%sch_mask=0x%llx" },
		{ "CounterMask", "%scmask=0x%llx" }, { "EdgeDetect", "%sedge=0x%llx" },
		{ "FCMask", "%sfc_mask=0x%llx" }, { "Invert", "%sinv=0x%llx" }, { "UMask", NULL },
		{ "NodeType", "%stype=0x%llx" }, { "RdWrMask", "%srdwrmask=0x%llx" },
		{ "EnAllCores", "%senallcores=0x%llx" }, { "EnAllSlices", "%senallslices=0x%llx" },
		{ "SliceId", "%ssliceid=0x%llx" }, { "ThreadMask", "%sthreadmask=0x%llx" },
	};
	char b1[32], b2[32], b3[32];
	const char *code = member(o, "EventCode", b1, sizeof(b1)), *s, *counter;
	uint64_t ev = 0, umask = 0, v, ext = 0;
	bool fixed_remap = false;

	t[0] = '\0';
	if ((s = member(o, "ConfigCode", b2, sizeof(b2)))) {
		if (number(s, &v) < 0 || !append(t, n, "%sconfig=0x%llx", v))
			return -EINVAL;
	} else if ((s = member(o, "EventidCode", b2, sizeof(b2)))) {
		if (number(s, &v) < 0 || !append(t, n, "%seventid=0x%llx", v))
			return -EINVAL;
	} else {
		if (!code || number_in(code, &ev, true) < 0)
			return -EINVAL;
		if ((s = member(o, "ExtSel", b2, sizeof(b2)))) {
			if (number(s, &v) < 0 || v > 0xff)
				return -EINVAL;
			ev |= v << 8;
		}
		/* Intel's own files give the fixed counters' pseudo codes 0x00/0x01 and 0x00/0x02;
		 * perf's copies say event 0xc0 and 0x3c, which is what the kernel schedules. */
		counter = member(o, "Counter", b3, sizeof(b3));
		if ((s = member(o, "UMask", b2, sizeof(b2))) && number(s, &umask) < 0)
			return -EINVAL;
		if (counter && !strncmp(counter, "Fixed counter", 13) && ev == 0 && (umask == 1 || umask == 2)) {
			ev = umask == 1 ? 0xc0 : 0x3c;
			fixed_remap = true;
		}
		if (!append(t, n, "%sevent=0x%llx", ev))
			return -EINVAL;
	}
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (!(s = member(o, fields[i][0], b2, sizeof(b2))))
			continue;
		if (number(s, &v) < 0)
			return -EINVAL;
		if (!fields[i][1]) { /* UMask, with Intel's UMaskExt above it (uncore CHA) */
			const char *x = member(o, "UMaskExt", b3, sizeof(b3));

			if (x && (number(x, &ext) < 0 || ext >> 55))
				return -EINVAL;
			/* Intel's files repeat UMaskExt inside a wide UMask ("0xC001FE01" with "0xC001FE") */
			if (v <= 0xff)
				v |= ext << 8;
			if (fixed_remap)
				v = 0;
			if (v && !append(t, n, "%sumask=0x%llx", v))
				return -EINVAL;
			continue;
		}
		if (v && !append(t, n, fields[i][1], v))
			return -EINVAL;
	}
	if ((s = member(o, "Filter", b2, sizeof(b2))) && *s) {
		size_t used = strlen(t);

		for (const char *p = s; *p; p++)
			if (!isalnum((unsigned char)*p) && !strchr("_=,", *p))
				return -EINVAL;
		if (used + strlen(s) + 2 > n)
			return -EINVAL;
		snprintf(t + used, n - used, ",%s", s);
	}
	if ((s = member(o, "MSRIndex", b2, sizeof(b2)))) {
		const char *val = member(o, "MSRValue", b3, sizeof(b3));
		const char *term = NULL;

		if (number_in(s, &v, true) < 0)
			return -EINVAL;
		if (v == 0x3f6)
			term = "%sldlat=0x%llx";
		else if (v == 0x1a6 || v == 0x1a7)
			term = "%soffcore_rsp=0x%llx";
		else if (v == 0x3f7)
			term = "%sfrontend=0x%llx";
		if (term) {
			if (!val || number(val, &v) < 0 || !append(t, n, term, v))
				return -EINVAL;
		}
	}
	(void)name;
	return 0;
}

static bool flag(struct json_object *o, const char *key)
{
	char b[32];
	const char *s = member(o, key, b, sizeof(b));

	return s && (!strcmp(s, "1") || !strcasecmp(s, "true"));
}

static const struct cat_event *std_find(const struct catalog *std, const char *name)
{
	char key[CAT_NAME_MAX];

	if (!std || catalog_norm(name, key, sizeof(key)) < 0)
		return NULL;
	for (int i = 0; i < std->n; i++)
		if (!strcmp(std->ev[i].name, key))
			return &std->ev[i];
	return NULL;
}

int catjson_parse(struct catalog *c, const char *text, size_t len, const char *origin, const char *pmu,
		  const char *topic, const struct catalog *std, struct errmsg *em)
{
	struct json_tokener *tok;
	struct json_object *root, *list;
	size_t nev, added = 0;
	int r = 0;

	if (len > CAT_FILE_MAX)
		return errmsg_set(em, -EINVAL, "%s: larger than %d MiB", origin, CAT_FILE_MAX >> 20);
	tok = json_tokener_new_ex(CAT_JSON_DEPTH);
	if (!tok)
		return -ENOMEM;
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success) {
		enum json_tokener_error e = json_tokener_get_error(tok);

		errmsg_set(em, -EINVAL, "%s: not valid JSON near byte %zu: %s", origin, json_tokener_get_parse_end(tok),
			   e == json_tokener_continue ? "unexpected end of file" : json_tokener_error_desc(e));
		json_object_put(root);
		json_tokener_free(tok);
		return -EINVAL;
	}
	for (size_t i = json_tokener_get_parse_end(tok); i < len; i++)
		if (!isspace((unsigned char)text[i])) {
			errmsg_set(em, -EINVAL, "%s: unexpected text after the JSON value at byte %zu", origin, i);
			json_object_put(root);
			json_tokener_free(tok);
			return -EINVAL;
		}
	json_tokener_free(tok);
	list = root;
	if (json_object_is_type(root, json_type_object) && !json_object_object_get_ex(root, "Events", &list))
		list = NULL;
	if (!list || !json_object_is_type(list, json_type_array)) {
		errmsg_set(em, -EINVAL, "%s: expected a list of events (or an object with \"Events\")", origin);
		json_object_put(root);
		return -EINVAL;
	}
	nev = json_object_array_length(list);
	for (size_t i = 0; i < nev && r >= 0; i++) {
		struct json_object *o = json_object_array_get_idx(list, i);
		char terms[TERMS_MAX], ubuf[64], b1[32], namebuf[CAT_NAME_MAX];
		const char *name, *arch, *unit, *desc, *tp;
		const struct cat_event *base = NULL;
		struct cat_event e = { .src = CAT_SRC_JSON };

		if (!o || !json_object_is_type(o, json_type_object))
			continue;
		name = member(o, "EventName", b1, sizeof(b1));
		arch = member(o, "ArchStdEvent", namebuf, sizeof(namebuf));
		if (arch && !(base = std_find(std, arch)) && !member(o, "EventCode", ubuf, sizeof(ubuf)))
			continue; /* a reference to a common event we do not have */
		if (!name)
			name = arch;
		if (!name)
			continue; /* metrics and other entries without an event */
		if (base && !member(o, "EventCode", ubuf, sizeof(ubuf)))
			snprintf(terms, sizeof(terms), "%s", base->terms);
		else if (event_terms(o, name, terms, sizeof(terms)) < 0)
			continue; /* an event whose encoding we cannot read is left out, not guessed */
		unit = member(o, "Unit", ubuf, sizeof(ubuf));
		e.pmu = (char *)(pmu && *pmu && !(unit && *unit) ? pmu : unit_pmu(unit ? unit : "", ubuf, sizeof(ubuf)));
		if (!e.pmu)
			continue;
		desc = str_member(o, "BriefDescription");
		if (!desc)
			desc = str_member(o, "PublicDescription");
		if (!desc && base)
			desc = base->desc;
		tp = str_member(o, "Topic");
		e.name = (char *)name;
		e.terms = terms;
		e.desc = (char *)(desc ? desc : "");
		e.topic = (char *)(tp ? tp : topic ? topic : "");
		e.counter = (char *)(str_member(o, "Counter") ? str_member(o, "Counter") : "");
		e.deprecated = flag(o, "Deprecated");
		e.per_pkg = flag(o, "PerPkg");
		r = catalog_add(c, &e, origin);
		if (r == -EINVAL) {
			r = 0; /* a name no event has: skip it */
			continue;
		}
		if (r == -E2BIG) {
			errmsg_set(em, -EINVAL, "%s: more than %d events in the tables; the rest are left out",
				   origin, CAT_EVENTS_MAX);
			json_object_put(root);
			return -EINVAL;
		}
		added += r == 0;
	}
	json_object_put(root);
	return r < 0 ? r : (int)added;
}

/* Read a whole file of at most max bytes (NUL-terminated). Returns 0 or -errno (-EFBIG when larger). */
static int slurp(const char *path, size_t max, char **out, size_t *len)
{
	struct stat st;
	char *buf;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

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

int catjson_mapfile(const char *text, const char *cpuid, catjson_row_fn fn, void *ctx, struct errmsg *em)
{
	const char *p = text;
	int lineno = 0, hits = 0;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char line[MAP_LINE_MAX], *field[MAP_FIELDS], *q;
		int nf = 0, m;

		lineno++;
		if (len >= sizeof(line))
			return errmsg_set(em, -EINVAL, "line %d is longer than %d bytes", lineno, MAP_LINE_MAX);
		memcpy(line, p, len);
		line[len] = '\0';
		p = eol ? eol + 1 : p + len;
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
		if (nf < 3 || !field[0][0] || !field[2][0])
			return errmsg_set(em, -EINVAL, "line %d: expected 'cpuid expression,version,file,type'", lineno);
		m = cpuid_match(field[0], cpuid);
		if (m < 0)
			return errmsg_set(em, -EINVAL, "line %d: bad regular expression '%.64s'", lineno, field[0]);
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
		/* Intel perfmon: one file per row; hybrid rows say which core type */
		if (strstr(type, "metric") || strstr(type, "tma"))
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
	struct errmsg em;
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
	r = catjson_mapfile(text, c->cpuid, row, &x, &em);
	free(text);
	catalog_free(&std);
	if (r == -ENOMEM)
		return r;
	if (r < 0)
		catalog_error(c, "%s: %s", path, em.text);
	else if (r > 0)
		snprintf(c->json_from, sizeof(c->json_from), "%.380s (%.120s)", path, x.first);
	return 0;
}
