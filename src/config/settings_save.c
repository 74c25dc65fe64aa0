/* SPDX-License-Identifier: GPL-2.0-or-later */
/* settings_save.c: write settings back into a config file, keeping what the user wrote, so that it loads
 * back as it was saved; through symbolic links, atomically. */
#include "settings.h"
#include "base/errmsg.h"
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SAVED_SET "current"
/* saved event lists wrap onto indented continuation lines below this width */
#define WRAP 150

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
	const char *n = settings_eventset_name(sec);
	char tmp[256];

	if (n) {
		snprintf(tmp, sizeof(tmp), "eventset %s", n);
		strcpy(sec, tmp);
	}
}

/* The longest line written: inih reads LINE_MAX_INI bytes, less one for safety. */
#define LINE_OUT (LINE_MAX_INI - 1)

/* Where a list value may break: just after a comma, with the comma kept at the end of the line. The
 * reader joins a continuation to a line ending in ',' without adding one, so any comma (even inside a
 * {group} or a pmu/term,term/) gives back the same text, as long as the next line does not start with
 * what inih strips or reads as a comment. */
static bool break_ok(const char *v, size_t n)
{
	return n > 0 && v[n - 1] == ',' && v[n] && !strchr(" \t;#[", v[n]);
}

/* Lists wrap onto tab-indented lines: at the last break within WRAP columns, else within the longest
 * line inih reads. Returns -1 when a piece between breaks is too long for one line (not written). */
static int wrap_value(FILE *f, const char *v, size_t col)
{
	while (*v) {
		size_t n = strlen(v), cut = 0;

		if (col + n > WRAP) {
			for (size_t i = 1; i < n && col + i <= LINE_OUT; i++)
				if (break_ok(v, i) && (col + i <= WRAP || !cut))
					cut = i;
			if (!cut && col + n > LINE_OUT)
				return -1;
		}
		if (!cut || col + n <= WRAP)
			cut = n;
		if (f)
			fprintf(f, "%.*s\n%s", (int)cut, v, v[cut] ? "\t" : "");
		v += cut;
		col = 8;
	}
	return 0;
}

static bool list_key(const char *key)
{
	return strcmp(key, "events") == 0 || strcmp(key, "columns") == 0;
}

/* Whether the reader gives back exactly v for key: inih strips blanks around values, ends a value at
 * " ;" (a comment), reads lines of LINE_MAX_INI bytes, and has no escapes. NULL when it does, else why. */
static const char *unsaveable(const char *key, const char *v)
{
	size_t n = strlen(v);

	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)v[i] < 0x20 || v[i] == 0x7f)
			return "it holds a control character (a newline or tab)";
		if (v[i] == ';' && i && (v[i - 1] == ' ' || v[i - 1] == '\t'))
			return "\" ;\" in it would start a comment";
	}
	if (n && (v[0] == ' ' || v[n - 1] == ' '))
		return "it begins or ends with a space";
	if (v[0] == ';')
		return "a leading \";\" would start a comment";
	if (list_key(key) ? wrap_value(NULL, v, strlen(key) + 3) < 0 : strlen(key) + 3 + n > LINE_OUT)
		return "a part of it without a comma is too long for one line";
	return NULL;
}

static void write_kv(FILE *f, const struct save_kv *kv)
{
	size_t col = (size_t)fprintf(f, "%s = ", kv->key);

	if (!*kv->value || !list_key(kv->key))
		fprintf(f, "%s\n", kv->value);
	else
		wrap_value(f, kv->value, col);
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

/* The failed call's errno as a negative code; -EIO when it left none (a stream's error flag alone). */
static int neg_errno(void)
{
	return errno ? -errno : -EIO;
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

/* The file a save writes: path itself, or the file at the end of its symbolic links, so that saving
 * through a linked config updates the link's target instead of replacing the link. A missing path is
 * created (its directory resolved). 0, or a negative errno with em. */
static int save_target(const char *path, char *out, size_t outlen, struct errmsg *em)
{
	char *real = realpath(path, NULL), dir[4096], *slash;
	struct stat st;

	if (real) {
		int n = snprintf(out, outlen, "%s", real);

		free(real);
		if (n < 0 || (size_t)n >= outlen)
			return errmsg_set(em, -ENAMETOOLONG, "%s: path too long", path);
		if (stat(out, &st) == 0 && !S_ISREG(st.st_mode))
			return errmsg_set(em, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL, "%s: not a regular file%s", path,
					  S_ISDIR(st.st_mode) ? " (a directory)" : "");
		return 0;
	}
	if (errno != ENOENT || lstat(path, &st) == 0) {
		int e = errno;

		if (e == ENOENT)
			return errmsg_set(em, -ENOENT, "%s: a symbolic link to a missing file; create its target "
					  "or remove the link", path);
		return errmsg_set(em, -e, "%s: %s", path, strerror(e));
	}
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash && slash != dir)
		*slash = 0;
	real = realpath(slash == dir ? "/" : slash ? dir : ".", NULL);
	if (!real)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	if (snprintf(out, outlen, "%s/%s", strcmp(real, "/") ? real : "", slash ? strrchr(path, '/') + 1 : path)
	    >= (int)outlen) {
		free(real);
		return errmsg_set(em, -ENAMETOOLONG, "%s: path too long", path);
	}
	free(real);
	return 0;
}

int settings_save(const struct settings *s, const char *path, const char *events, struct errmsg *em)
{
	char user[4096], target[4096], tmp[4200] = "", dir[4096], section[128];
	bool tmp_made = false;
	struct save_kv kv[32];
	int nkv = 0, fd = -1, rc;
	char *old = NULL;
	FILE *out = NULL;
	struct stat st;
	const struct evset *inuse = events ? NULL : settings_find_set(s, s->set);
	/* the list goes under the name in s->set (the user's pick), never over a built-in set */
	const struct evset *cur = settings_find_set(s, s->set);
	const char *setname = settings_valid_set_name(s->set) && !(cur && cur->builtin) ? s->set : SAVED_SET;
	char setsec[96];

	snprintf(setsec, sizeof(setsec), "eventset %s", setname);

	if (!path) {
		if ((rc = settings_user_path(user, sizeof(user))) < 0)
			return errmsg_set(em, rc, "no user config path: neither XDG_CONFIG_HOME nor HOME is set");
		path = user;
	}
	if ((rc = mkdir_parents(path)) < 0)
		return errmsg_set(em, rc, "%s: cannot create its directory: %s", path, strerror(-rc));
	if ((rc = save_target(path, target, sizeof(target), em)) < 0)
		return rc;
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
	} else if (inuse && !inuse->builtin) {
		/* the set in use may come from another file (/etc/pmutop.conf): without its section here,
		 * "set = NAME" would not load back */
		snprintf(section, sizeof(section), "eventset %s", inuse->name);
		kv[nkv++] = (struct save_kv){ section, "description", strdup(inuse->description), false };
		kv[nkv++] = (struct save_kv){ section, "events", strdup(inuse->events), false };
	}
	for (int i = 0; i < nkv; i++) {
		const char *why;

		if (!kv[i].value) {
			rc = errmsg_set(em, -ENOMEM, "out of memory");
			goto out;
		}
		/* refuse, before touching the file, what would not load back as it is */
		if ((why = unsaveable(kv[i].key, kv[i].value))) {
			rc = errmsg_set(em, -EINVAL, "cannot save [%s] %s: %s", kv[i].section, kv[i].key, why);
			goto out;
		}
	}
	old = read_all(target);
	if (!old) {
		rc = errmsg_set(em, neg_errno(), "%s: %s", target, strerror(errno));
		goto out;
	}
	/* the temporary file beside the target, so that the rename stays within one file system */
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", target);
	fd = mkstemp(tmp);
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		rc = errmsg_set(em, neg_errno(), "%s: cannot create a temporary file: %s", tmp, strerror(errno));
		goto out;
	}
	fd = -1;
	tmp_made = true;
	fchmod(fileno(out), stat(target, &st) == 0 ? st.st_mode & 07777 : 0644);
	if (write_merged(out, old, kv, nkv) < 0 || fflush(out) != 0 || fsync(fileno(out)) < 0) {
		rc = errmsg_set(em, neg_errno(), "%s: write failed: %s", tmp, strerror(errno));
		goto out;
	}
	rc = fclose(out);
	out = NULL;
	if (rc != 0) {
		rc = errmsg_set(em, neg_errno(), "%s: write failed: %s", tmp, strerror(errno));
		goto out;
	}
	if (rename(tmp, target) < 0) {
		rc = errmsg_set(em, neg_errno(), "%s: cannot replace: %s", target, strerror(errno));
		goto out;
	}
	tmp_made = false;
	/* make the rename itself durable */
	snprintf(dir, sizeof(dir), "%s", target);
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
