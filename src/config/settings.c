/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* settings.c: defaults, event sets, finding and reading the config file (inih); settings_save.c writes it. */
#include "settings.h"
#include "base/printable.h"
#include "base/errmsg.h"
#include "base/buildinfo.h"
#include "base/safefile.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SYSTEM_CONF buildinfo_system_conf()   /* the Makefile's $(sysconfdir)/pmutop.conf */

static struct evset *set_get(struct settings *s, const char *name)
{
	for (int i = 0; i < s->nsets; i++)
		if (strcmp(s->sets[i].name, name) == 0)
			return &s->sets[i];
	return NULL;
}

static int replace_str(char **dst, const char *v)
{
	char *n = strdup(v ? v : "");

	if (!n)
		return -ENOMEM;
	free(*dst);
	*dst = n;
	return 0;
}

/* Add a set, or return the existing one of that name. */
static struct evset *set_add(struct settings *s, const char *name, bool builtin)
{
	struct evset *e = set_get(s, name), *n;

	if (e)
		return e;
	n = realloc(s->sets, (size_t)(s->nsets + 1) * sizeof(*n));
	if (!n)
		return NULL;
	s->sets = n;
	e = &s->sets[s->nsets];
	*e = (struct evset){ .name = strdup(name), .events = strdup(""), .description = strdup(""),
			     .builtin = builtin };
	if (!e->name || !e->events || !e->description) {
		free(e->name), free(e->events), free(e->description);
		return NULL;
	}
	s->nsets++;
	return e;
}

void settings_defaults(struct settings *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < settings_ntable; i++)
		settings_apply(s, &settings_table[i], settings_table[i].def, NULL);
	for (int i = 0; i < settings_nbuiltin_sets; i++) {
		struct evset *e = set_add(s, settings_builtin_sets[i].name, true);
		if (e)
			replace_str(&e->description, settings_builtin_sets[i].description);
	}
}

void settings_free(struct settings *s)
{
	for (int i = 0; i < s->nsets; i++) {
		free(s->sets[i].name);
		free(s->sets[i].events);
		free(s->sets[i].description);
	}
	free(s->sets);
	s->sets = NULL;
	s->nsets = 0;
}

const struct evset *settings_find_set(const struct settings *s, const char *name)
{
	return set_get((struct settings *)s, name);
}

int settings_user_path(char *out, size_t outlen)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int n;

	if (xdg && xdg[0] == '/')   /* the spec ignores relative values */
		n = snprintf(out, outlen, "%s/pmutop/pmutop.conf", xdg);
	else if (home && *home)
		n = snprintf(out, outlen, "%s/.config/pmutop/pmutop.conf", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= outlen ? -ENAMETOOLONG : 0;
}

/* 0 usable, 1 absent (nothing said), or a negative errno with em: there but unusable. */
static int check_file(const char *path, struct errmsg *em)
{
	struct stat st;
	FILE *f;

	if (stat(path, &st) < 0) {
		if (errno == ENOENT)
			return 1;
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		return errmsg_set(em, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL, "%s: not a regular file%s", path,
				  S_ISDIR(st.st_mode) ? " (a directory)" : "");
	f = fopen(path, "r");
	if (!f)
		return errmsg_set(em, -errno, "%s: cannot read: %s", path, strerror(errno));
	fclose(f);
	return 0;
}

int settings_find(const char *explicit_path, char *out, size_t outlen, struct errmsg *em)
{
	char user[4096];
	int rc;

	out[0] = '\0';
	if (explicit_path) {
		rc = check_file(explicit_path, em);
		if (rc == 1)
			return errmsg_set(em, -ENOENT, "%s: no such file", explicit_path);
		if (rc < 0)
			return rc;
		snprintf(out, outlen, "%s", explicit_path);
		return 0;
	}
	if (settings_user_path(user, sizeof(user)) == 0) {
		rc = check_file(user, em);
		if (rc < 0)
			return rc;
		if (rc == 0) {
			snprintf(out, outlen, "%s", user);
			return 0;
		}
	}
	rc = check_file(SYSTEM_CONF, em);
	if (rc < 0)
		return rc;
	if (rc == 0)
		snprintf(out, outlen, "%s", SYSTEM_CONF);
	return 0;
}

/* ---- reading ---- */

struct load_ctx {
	struct settings *s;
	const char *path;
	FILE *f;
	int line;
	bool cont;          /* the line just read continues the previous value */
	int failed;         /* the first failure's negative errno, 0 none */
	int set_line;
	struct errmsg *em;
	/* Linear time whatever the file holds: event sets are found through a hash of their names and
	 * stored with geometric growth, and a continued event list is appended in place (its length and
	 * capacity kept here) instead of being copied whole for every line. */
	int *hash;          /* open addressing: set index + 1, 0 = empty; hash_size a power of two */
	int hash_size, sets_cap;
	int ev_set;         /* the set whose events were written last, -1 none */
	size_t ev_len, ev_cap;
};

static unsigned name_hash(const char *n)
{
	unsigned h = 2166136261u;     /* FNV-1a */

	for (; *n; n++)
		h = (h ^ (unsigned char)*n) * 16777619u;
	return h;
}

static void hash_put(struct load_ctx *c, int idx)
{
	unsigned m = (unsigned)c->hash_size - 1, i = name_hash(c->s->sets[idx].name) & m;

	while (c->hash[i])
		i = (i + 1) & m;
	c->hash[i] = idx + 1;
}

/* Rebuild the hash at twice the sets' count or more (load factor under 1/2). */
static int hash_grow(struct load_ctx *c)
{
	int size = 64;

	while (size < 2 * (c->s->nsets + 1))
		size *= 2;
	if (size <= c->hash_size)
		return 0;
	free(c->hash);
	c->hash = calloc((size_t)size, sizeof(int));
	c->hash_size = c->hash ? size : 0;
	if (!c->hash)
		return -ENOMEM;
	for (int i = 0; i < c->s->nsets; i++)
		hash_put(c, i);
	return 0;
}

/* The index of set name, added when absent; -ENOMEM or -E2BIG past SETTINGS_MAX_SETS. */
static int ctx_set(struct load_ctx *c, const char *name)
{
	struct settings *s = c->s;
	unsigned m, i;
	struct evset *e;

	if (hash_grow(c) < 0)
		return -ENOMEM;
	m = (unsigned)c->hash_size - 1;
	for (i = name_hash(name) & m; c->hash[i]; i = (i + 1) & m)
		if (strcmp(s->sets[c->hash[i] - 1].name, name) == 0)
			return c->hash[i] - 1;
	if (s->nsets >= SETTINGS_MAX_SETS)
		return -E2BIG;
	if (s->nsets >= c->sets_cap) {
		int cap = c->sets_cap < 16 ? 16 : c->sets_cap * 2;
		struct evset *n = realloc(s->sets, (size_t)cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		s->sets = n;
		c->sets_cap = cap;
	}
	e = &s->sets[s->nsets];
	*e = (struct evset){ .name = strdup(name), .events = strdup(""), .description = strdup("") };
	if (!e->name || !e->events || !e->description) {
		free(e->name), free(e->events), free(e->description);
		return -ENOMEM;
	}
	c->hash[i] = ++s->nsets;
	return s->nsets - 1;
}

/* Append a continuation line to set idx's events, joined as list_glue says, in amortised O(length). */
static int ev_append(struct load_ctx *c, int idx, const char *value)
{
	struct evset *e = &c->s->sets[idx];
	size_t vn = strlen(value), need;
	bool comma;

	if (c->ev_set != idx) {
		c->ev_set = idx;
		c->ev_len = strlen(e->events);
		c->ev_cap = c->ev_len + 1;
	}
	comma = c->ev_len && e->events[c->ev_len - 1] != ',' && value[0] != ',';
	need = c->ev_len + comma + vn + 1;
	if (need > SETTINGS_MAX_EVENTS + 1)
		return -E2BIG;
	if (need > c->ev_cap) {
		size_t cap = c->ev_cap * 2 > need ? c->ev_cap * 2 : need;
		char *n = realloc(e->events, cap);

		if (!n)
			return -ENOMEM;
		e->events = n;
		c->ev_cap = cap;
	}
	if (comma)
		e->events[c->ev_len++] = ',';
	memcpy(e->events + c->ev_len, value, vn + 1);
	c->ev_len += vn;
	return 0;
}

/* Keep the first failure: its code and words (the later ones are its consequences). */
static void __attribute__((format(printf, 3, 4))) fail(struct load_ctx *c, int code, const char *fmt, ...)
{
	char text[sizeof(c->em->text)];
	va_list ap;

	if (c->failed)
		return;
	c->failed = code;
	if (!c->em)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	errmsg_set(c->em, code, "%s", text);
}

bool settings_valid_set_name(const char *n)
{
	if (!*n)
		return false;
	for (; *n; n++)
		if (!isalnum((unsigned char)*n) && *n != '_' && *n != '-' && *n != '.')
			return false;
	return true;
}

const char *settings_eventset_name(const char *section)
{
	if (strncmp(section, "eventset", 8) != 0 || (section[8] != ' ' && section[8] != '\t'))
		return NULL;
	section += 8;
	while (*section == ' ' || *section == '\t')
		section++;
	return section;
}

/* A section of the option table: [display], [events], [exporter]. */
static bool table_section(const char *sec)
{
	for (int i = 0; i < settings_ntable; i++)
		if (strcmp(settings_table[i].section, sec) == 0)
			return true;
	return false;
}

static bool known_section(const char *sec)
{
	const char *n = settings_eventset_name(sec);

	return table_section(sec) || (n && settings_valid_set_name(n));
}

/* fgets that notices a NUL byte: at most num - 1 bytes, up to and with a newline. The count read. */
static int fill_line(FILE *f, char *str, int num, bool *nul)
{
	int n = 0, ch;

	while (n < num - 1 && (ch = fgetc(f)) != EOF) {
		*nul |= ch == 0;
		str[n++] = (char)ch;
		if (ch == '\n')
			break;
	}
	str[n] = 0;
	return n;
}

static bool at_end(FILE *f)
{
	int ch = fgetc(f);

	if (ch == EOF)
		return true;
	ungetc(ch, f);
	return false;
}

/* Our line reader for inih: counts lines (for messages), warns about unknown
 * sections and marks continuation lines. */
static char *read_line(char *str, int num, void *stream)
{
	struct load_ctx *c = stream;
	char *t, *close;
	bool nul = false;
	int n = fill_line(c->f, str, num, &nul);

	if (n <= 0)
		return NULL;
	c->line++;
	if (nul || (str[n - 1] != '\n' && n == num - 1 && !at_end(c->f))) {
		int ch;
		while (str[n - 1] != '\n' && (ch = fgetc(c->f)) != EOF && ch != '\n')
			;
		if (nul)   /* fgets would cut the line there and read the rest as too long */
			fail(c, -EINVAL, "%s:%d: a NUL byte in the line", c->path, c->line);
		else
			fail(c, -EINVAL, "%s:%d: line longer than %d characters; continue long event lists on "
			     "indented lines", c->path, c->line, LINE_MAX_INI);
		snprintf(str, (size_t)num, "\n");
		return str;
	}
	for (t = str; *t == ' ' || *t == '\t'; t++)
		;
	c->cont = t > str && *t && *t != '\n' && *t != '\r' && *t != ';' && *t != '#';
	if (*t == '[' && (close = strchr(t, ']'))) {
		char sec[256];
		snprintf(sec, sizeof(sec), "%.*s", (int)(close - t - 1), t + 1);
		if (!known_section(sec))
			printable_eprintf("%s:%d: warning: unknown section [%s] ignored\n", c->path, c->line, sec);
	}
	return str;
}

/* Continued lists join with one comma: "a,b," + "c" and "a,b" + "c" both give "a,b,c". */
static const char *list_glue(const char *prev, const char *next)
{
	size_t n = strlen(prev);

	return !n || prev[n - 1] == ',' || next[0] == ',' ? "" : ",";
}

static int on_value(void *user, const char *section, const char *name, const char *value)
{
	struct load_ctx *c = user;
	const char *setname = settings_eventset_name(section);
	struct errmsg why;
	int rc;

	if (c->failed)
		return 1;
	if (table_section(section)) {
		const struct setting_def *d = NULL;
		for (int i = 0; i < settings_ntable && !d; i++)
			if (strcmp(settings_table[i].section, section) == 0 && strcmp(settings_table[i].name, name) == 0)
				d = &settings_table[i];
		if (!d) {
			printable_eprintf("%s:%d: warning: unknown key \"%s\" in [%s] ignored\n", c->path, c->line,
				name, section);
			return 1;
		}
		if (c->cont && d->type == ST_STRING) {   /* a comma list continued on the next line */
			char joined[1024];
			const char *prev = (char *)c->s + d->off;
			snprintf(joined, sizeof(joined), "%s%s%s", prev, list_glue(prev, value), value);
			if ((rc = settings_apply(c->s, d, joined, &why)) < 0)
				fail(c, rc, "%s:%d: %s: %s", c->path, c->line, name, why.text);
		} else if (c->cont) {
			fail(c, -EINVAL, "%s:%d: %s: only lists may continue on indented lines", c->path, c->line, name);
		} else if ((rc = settings_apply(c->s, d, value, &why)) < 0)
			fail(c, rc, "%s:%d: %s: %s", c->path, c->line, name, why.text);
		else if (d->off == offsetof(struct settings, set))
			c->set_line = c->line;
		else if (d->off == offsetof(struct settings, sort))
			c->s->sort_line = c->line;
		return 1;
	}
	if (setname && settings_valid_set_name(setname)) {
		int idx = ctx_set(c, setname);
		struct evset *e;

		rc = 0;
		if (idx == -E2BIG) {
			fail(c, -E2BIG, "%s:%d: more than %d event sets", c->path, c->line, SETTINGS_MAX_SETS);
			return 0;
		}
		if (idx < 0) {
			fail(c, -ENOMEM, "%s:%d: out of memory", c->path, c->line);
			return 0;
		}
		e = &c->s->sets[idx];
		if (strcmp(name, "events") == 0 && c->cont) {
			rc = ev_append(c, idx, value);
		} else if (strcmp(name, "events") == 0) {
			if (strlen(value) > SETTINGS_MAX_EVENTS)
				rc = -E2BIG;
			else if (replace_str(&e->events, value) < 0)
				rc = -ENOMEM;
			c->ev_set = -1;
			e->builtin = false;
			e->line = c->line;
		} else if (strcmp(name, "description") == 0) {
			replace_str(&e->description, value);
		} else {
			printable_eprintf("%s:%d: warning: unknown key \"%s\" in [%s] ignored\n", c->path, c->line,
				name, section);
		}
		if (rc == -E2BIG)
			fail(c, -E2BIG, "%s:%d: events: the list is longer than %d characters", c->path, c->line,
			     SETTINGS_MAX_EVENTS);
		else if (rc < 0)
			fail(c, -ENOMEM, "%s:%d: out of memory", c->path, c->line);
		return rc < 0 ? 0 : 1;
	}
	if (!*section)
		printable_eprintf("%s:%d: warning: \"%s\" outside a section ignored\n", c->path, c->line, name);
	return 1;   /* keys of unknown sections: the section was warned about */
}

int settings_load(struct settings *s, const char *path, struct errmsg *em)
{
	struct stat st = { 0 };
	int fd, rc;
	FILE *f;

	/* a regular file only (a FIFO is refused, not waited on); as root, only root's or the user's, reached
	 * through no link another user controls: its textfile and events folder are written and read as root */
	fd = safefile_open_read(path, &st, em);
	if (fd < 0)
		return fd;
	if (!(f = fdopen(fd, "r"))) {
		close(fd);
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	}
	rc = settings_parse(s, f, path, em);
	fclose(f);
	if (rc == 0) {
		snprintf(s->path, sizeof(s->path), "%s", path);
		s->user_file = strcmp(path, SYSTEM_CONF) != 0;
	}
	return rc;
}

int settings_parse(struct settings *s, FILE *f, const char *path, struct errmsg *em)
{
	struct load_ctx c = { .s = s, .path = path, .f = f, .em = em, .ev_set = -1, .sets_cap = s->nsets };
	int rc;

	rc = ini_parse_stream(read_line, &c, on_value, &c);
	free(c.hash);
	if (c.failed)
		return c.failed;
	if (rc > 0)
		return errmsg_set(em, -EINVAL, "%s:%d: syntax error: expected \"key = value\" or \"[section]\"",
				  path, rc);
	if (rc < 0)   /* inih: -2 out of memory */
		return errmsg_set(em, rc == -2 ? -ENOMEM : -EIO, "%s: cannot parse (%d)", path, rc);
	if (!settings_find_set(s, s->set))
		return errmsg_set(em, -EINVAL, "%s:%d: set: no event set named \"%s\"", path, c.set_line, s->set);
	return 0;
}
