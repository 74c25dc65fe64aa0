/* settings.c: defaults, event sets, finding and reading the config file (inih), saving it back. */
#include "app/settings.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SYSCONFDIR   /* the Makefile's $(sysconfdir) */
#define SYSCONFDIR "/etc"
#endif
#define SYSTEM_CONF SYSCONFDIR "/pmutop.conf"
#define SAVED_SET "current"
/* inih reads lines of at most this many bytes (its INI_MAX_LINE, 200, minus newline and NUL) */
#define LINE_MAX_INI 198
/* saved event lists wrap onto indented continuation lines below this width */
#define WRAP 150

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
	char why[128];

	memset(s, 0, sizeof(*s));
	for (int i = 0; i < settings_ntable; i++)
		settings_apply(s, &settings_table[i], settings_table[i].def, why, sizeof(why));
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

/* 0 usable, -ENOENT absent, -1 unusable with msg. */
static int check_file(const char *path, char *msg, size_t msglen)
{
	struct stat st;
	FILE *f;

	if (stat(path, &st) < 0) {
		if (errno == ENOENT)
			return -ENOENT;
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(msg, msglen, "%s: not a regular file%s", path, S_ISDIR(st.st_mode) ? " (a directory)" : "");
		return -1;
	}
	f = fopen(path, "r");
	if (!f) {
		snprintf(msg, msglen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	fclose(f);
	return 0;
}

int settings_find(const char *explicit_path, char *out, size_t outlen, char *msg, size_t msglen)
{
	char user[4096];
	int rc;

	out[0] = '\0';
	if (explicit_path) {
		rc = check_file(explicit_path, msg, msglen);
		if (rc == -ENOENT)
			snprintf(msg, msglen, "%s: no such file", explicit_path);
		if (rc < 0)
			return -1;
		snprintf(out, outlen, "%s", explicit_path);
		return 0;
	}
	if (settings_user_path(user, sizeof(user)) == 0) {
		rc = check_file(user, msg, msglen);
		if (rc == -1)
			return -1;
		if (rc == 0) {
			snprintf(out, outlen, "%s", user);
			return 0;
		}
	}
	rc = check_file(SYSTEM_CONF, msg, msglen);
	if (rc == -1)
		return -1;
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
	bool failed;
	int set_line;
	char *msg;
	size_t msglen;
};

static void fail(struct load_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	va_start(ap, fmt);
	vsnprintf(c->msg, c->msglen, fmt, ap);
	va_end(ap);
}

static bool valid_set_name(const char *n)
{
	if (!*n)
		return false;
	for (; *n; n++)
		if (!isalnum((unsigned char)*n) && *n != '_' && *n != '-' && *n != '.')
			return false;
	return true;
}

/* "eventset NAME" -> NAME, NULL for other sections. */
static const char *eventset_name(const char *section)
{
	if (strncmp(section, "eventset", 8) != 0 || (section[8] != ' ' && section[8] != '\t'))
		return NULL;
	section += 8;
	while (*section == ' ' || *section == '\t')
		section++;
	return section;
}

static bool known_section(const char *sec)
{
	const char *n = eventset_name(sec);

	return strcmp(sec, "display") == 0 || strcmp(sec, "events") == 0 || (n && valid_set_name(n));
}

/* Our line reader for inih: counts lines (for messages), warns about unknown
 * sections and marks continuation lines. */
static char *read_line(char *str, int num, void *stream)
{
	struct load_ctx *c = stream;
	char *r = fgets(str, num, c->f), *t, *close;

	if (!r)
		return NULL;
	c->line++;
	if (!strchr(str, '\n') && !feof(c->f)) {
		int ch;
		while ((ch = fgetc(c->f)) != EOF && ch != '\n')
			;
		fail(c, "%s:%d: line longer than %d characters; continue long event lists on indented lines",
		     c->path, c->line, LINE_MAX_INI);
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
			fprintf(stderr, "%s:%d: warning: unknown section [%s] ignored\n", c->path, c->line, sec);
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
	const char *setname = eventset_name(section);
	char why[256];

	if (c->failed)
		return 1;
	if (strcmp(section, "display") == 0 || strcmp(section, "events") == 0) {
		const struct setting_def *d = NULL;
		for (int i = 0; i < settings_ntable && !d; i++)
			if (strcmp(settings_table[i].section, section) == 0 && strcmp(settings_table[i].name, name) == 0)
				d = &settings_table[i];
		if (!d) {
			fprintf(stderr, "%s:%d: warning: unknown key \"%s\" in [%s] ignored\n", c->path, c->line,
				name, section);
			return 1;
		}
		if (c->cont && d->type == ST_STRING) {   /* a comma list continued on the next line */
			char joined[1024];
			const char *prev = (char *)c->s + d->off;
			snprintf(joined, sizeof(joined), "%s%s%s", prev, list_glue(prev, value), value);
			if (settings_apply(c->s, d, joined, why, sizeof(why)) < 0)
				fail(c, "%s:%d: %s: %s", c->path, c->line, name, why);
		} else if (c->cont) {
			fail(c, "%s:%d: %s: only lists may continue on indented lines", c->path, c->line, name);
		} else if (settings_apply(c->s, d, value, why, sizeof(why)) < 0)
			fail(c, "%s:%d: %s: %s", c->path, c->line, name, why);
		else if (d->off == offsetof(struct settings, set))
			c->set_line = c->line;
		else if (d->off == offsetof(struct settings, sort))
			c->s->sort_line = c->line;
		return 1;
	}
	if (setname && valid_set_name(setname)) {
		struct evset *e = set_add(c->s, setname, false);
		if (!e) {
			fail(c, "%s:%d: out of memory", c->path, c->line);
			return 0;
		}
		if (strcmp(name, "events") == 0 && c->cont) {
			size_t n = strlen(e->events) + strlen(value) + 2;
			char *j = malloc(n);
			if (!j)
				return 0;
			snprintf(j, n, "%s%s%s", e->events, list_glue(e->events, value), value);
			free(e->events);
			e->events = j;
		} else if (strcmp(name, "events") == 0) {
			replace_str(&e->events, value);
			e->builtin = false;
			e->line = c->line;
		} else if (strcmp(name, "description") == 0) {
			replace_str(&e->description, value);
		} else {
			fprintf(stderr, "%s:%d: warning: unknown key \"%s\" in [%s] ignored\n", c->path, c->line,
				name, section);
		}
		return 1;
	}
	if (!*section)
		fprintf(stderr, "%s:%d: warning: \"%s\" outside a section ignored\n", c->path, c->line, name);
	return 1;   /* keys of unknown sections: the section was warned about */
}

int settings_load(struct settings *s, const char *path, char *msg, size_t msglen)
{
	struct load_ctx c = { .s = s, .path = path, .msg = msg, .msglen = msglen };
	struct stat st;
	int rc;

	c.f = fopen(path, "r");
	if (!c.f) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fileno(c.f), &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(msg, msglen, "%s: not a regular file%s", path, S_ISDIR(st.st_mode) ? " (a directory)" : "");
		fclose(c.f);
		return -1;
	}
	rc = ini_parse_stream(read_line, &c, on_value, &c);
	fclose(c.f);
	if (c.failed)
		return -1;
	if (rc > 0) {
		snprintf(msg, msglen, "%s:%d: syntax error: expected \"key = value\" or \"[section]\"", path, rc);
		return -1;
	}
	if (rc < 0) {
		snprintf(msg, msglen, "%s: cannot parse (%d)", path, rc);
		return -1;
	}
	if (!settings_find_set(s, s->set)) {
		snprintf(msg, msglen, "%s:%d: set: no event set named \"%s\"", path, c.set_line, s->set);
		return -1;
	}
	snprintf(s->path, sizeof(s->path), "%s", path);
	s->user_file = strcmp(path, SYSTEM_CONF) != 0;
	return 0;
}

/* ---- saving ---- */

struct save_kv {
	const char *section, *key;
	char *value;
	bool done;
};

static void trim_copy(char *dst, size_t len, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	snprintf(dst, len, "%.*s", (int)n, s);
}

/* "eventset   x" -> "eventset x" so saved sections match what the reader sees */
static void norm_section(char *sec)
{
	const char *n = eventset_name(sec);
	char tmp[256];

	if (n) {
		snprintf(tmp, sizeof(tmp), "eventset %s", n);
		strcpy(sec, tmp);
	}
}

/* Events wrap at top-level commas onto tab-indented lines, which the reader joins with ','. */
static void write_kv(FILE *f, const struct save_kv *kv)
{
	const char *v = kv->value;
	size_t col = (size_t)fprintf(f, "%s = ", kv->key);
	int depth = 0;

	if (!*v || (strcmp(kv->key, "events") != 0 && strcmp(kv->key, "columns") != 0)) {
		fprintf(f, "%s\n", v);
		return;
	}
	while (*v) {
		size_t n = 0, last = 0;
		bool slash = false;
		depth = 0;
		for (; v[n]; n++) {
			if (v[n] == '/')
				slash = !slash;
			else if (v[n] == '{')
				depth++;
			else if (v[n] == '}')
				depth--;
			else if (v[n] == ',' && !slash && depth <= 0) {
				if (col + n > WRAP && last)
					break;
				last = n;
				if (col + n > WRAP)
					break;
			}
		}
		if (!v[n] && (col + n <= WRAP || !last))
			last = n;
		fprintf(f, "%.*s\n", (int)last, v);
		v += last;
		if (*v == ',')
			v++;
		if (*v) {
			fputc('\t', f);
			col = 8;
		}
	}
}

static void emit_section(FILE *f, struct save_kv *kv, int n, const char *sec)
{
	for (int i = 0; i < n; i++)
		if (!kv[i].done && strcmp(kv[i].section, sec) == 0) {
			write_kv(f, &kv[i]);
			kv[i].done = true;
		}
}

static int write_merged(FILE *out, const char *old, struct save_kv *kv, int nkv)
{
	char sec[256] = "", key[128];
	const char *p = old, *held = NULL;
	bool skipping = false;

	while (p && *p) {
		const char *nl = strchr(p, '\n'), *t = p;
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		while (t < p + len && (*t == ' ' || *t == '\t'))
			t++;
		bool blank = t == p + len || *t == '\n' || *t == '\r';
		bool comment = !blank && (*t == ';' || *t == '#');
		if (skipping && t > p && !blank && !comment) {   /* continuation of a replaced value */
			p += len;
			continue;
		}
		skipping = false;
		if (blank || comment) {
			if (!held)
				held = p;
			p += len;
			continue;
		}
		if (*t == '[') {
			const char *close = memchr(t, ']', (size_t)(p + len - t));
			emit_section(out, kv, nkv, sec);
			if (held)
				fwrite(held, 1, (size_t)(p - held), out);
			held = NULL;
			trim_copy(sec, sizeof(sec), t + 1, close ? (size_t)(close - t - 1) : 0);
			norm_section(sec);
			fwrite(p, 1, len, out);
			if (!nl)
				fputc('\n', out);
			p += len;
			continue;
		}
		if (held)
			fwrite(held, 1, (size_t)(p - held), out);
		held = NULL;
		trim_copy(key, sizeof(key), t, strcspn(t, "=:\n"));
		int k;
		for (k = 0; k < nkv; k++)
			if (strcmp(kv[k].section, sec) == 0 && strcmp(kv[k].key, key) == 0)
				break;
		if (k < nkv) {
			if (!kv[k].done)
				write_kv(out, &kv[k]);
			kv[k].done = true;
			skipping = true;
		} else {
			fwrite(p, 1, len, out);
			if (!nl)
				fputc('\n', out);
		}
		p += len;
	}
	emit_section(out, kv, nkv, sec);
	if (held)
		fputs(held, out);
	for (int i = 0; i < nkv; i++)
		if (!kv[i].done) {
			fprintf(out, "\n[%s]\n", kv[i].section);
			emit_section(out, kv, nkv, kv[i].section);
		}
	return ferror(out) ? -EIO : 0;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!f)
		return errno == ENOENT ? strdup("") : NULL;
	m = open_memstream(&buf, &len);
	if (m) {
		char chunk[4096];
		size_t n;
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			fwrite(chunk, 1, n, m);
		fclose(m);
	}
	fclose(f);
	return buf;
}

static int mkdir_parents(const char *path)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
				return -errno;
			*p = '/';
		}
	return 0;
}

int settings_save(const struct settings *s, const char *path, const char *events, char *msg, size_t msglen)
{
	char user[4096], tmp[4200] = "", dir[4096];
	bool tmp_made = false;
	struct save_kv kv[32];
	int nkv = 0, fd = -1, rc = -1;
	char *old = NULL;
	FILE *out = NULL;
	struct stat st;
	/* the list goes under the name in s->set (the user's pick), never over a built-in set */
	const struct evset *cur = settings_find_set(s, s->set);
	const char *setname = valid_set_name(s->set) && !(cur && cur->builtin) ? s->set : SAVED_SET;
	char setsec[96];

	snprintf(setsec, sizeof(setsec), "eventset %s", setname);
	if (!path) {
		if (settings_user_path(user, sizeof(user)) < 0) {
			snprintf(msg, msglen, "no user config path: neither XDG_CONFIG_HOME nor HOME is set");
			return -1;
		}
		path = user;
	}
	if (mkdir_parents(path) < 0) {
		snprintf(msg, msglen, "%s: cannot create its directory: %s", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < settings_ntable && nkv < 28; i++) {
		char buf[512];
		if (events && settings_table[i].off == offsetof(struct settings, set))
			snprintf(buf, sizeof(buf), "%s", setname);
		else
			settings_format(s, &settings_table[i], buf, sizeof(buf));
		kv[nkv++] = (struct save_kv){ settings_table[i].section, settings_table[i].name, strdup(buf), false };
	}
	if (events) {
		kv[nkv++] = (struct save_kv){ setsec, "description", strdup("saved by pmutop"), false };
		kv[nkv++] = (struct save_kv){ setsec, "events", strdup(events), false };
	}
	for (int i = 0; i < nkv; i++)
		if (!kv[i].value) {
			snprintf(msg, msglen, "out of memory");
			goto out;
		}
	old = read_all(path);
	if (!old) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		goto out;
	}
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		snprintf(msg, msglen, "%s: cannot create a temporary file: %s", tmp, strerror(errno));
		goto out;
	}
	fd = -1;
	tmp_made = true;
	fchmod(fileno(out), stat(path, &st) == 0 ? st.st_mode & 07777 : 0644);
	if (write_merged(out, old, kv, nkv) < 0 || fflush(out) != 0 || fsync(fileno(out)) < 0) {
		snprintf(msg, msglen, "%s: write failed: %s", tmp, strerror(errno));
		goto out;
	}
	if (fclose(out) != 0) {
		out = NULL;
		snprintf(msg, msglen, "%s: write failed: %s", tmp, strerror(errno));
		goto out;
	}
	out = NULL;
	if (rename(tmp, path) < 0) {
		snprintf(msg, msglen, "%s: cannot replace: %s", path, strerror(errno));
		goto out;
	}
	tmp_made = false;
	/* make the rename itself durable */
	snprintf(dir, sizeof(dir), "%s", path);
	fd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
	if (fd >= 0)
		fsync(fd);
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	if (out)
		fclose(out);
	if (tmp_made)
		unlink(tmp);
	for (int i = 0; i < nkv; i++)
		free(kv[i].value);
	free(old);
	return rc;
}
