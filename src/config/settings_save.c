/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* settings_save.c: write settings back into a config file, keeping what the user wrote, so that it loads
 * back as it was saved; atomically, through base/safefile (as root: no link or file another user controls). */
#include "settings.h"
#include "base/errmsg.h"
#include "base/safefile.h"
#include <errno.h>
#include <fcntl.h>
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
	bool dflt;   /* the built-in default: updated where the file has it, never added */
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
	return strcmp(key, "events") == 0 || strcmp(key, "columns") == 0 || strcmp(key, "process_columns") == 0 ||
	       strcmp(key, "cgroup_columns") == 0;
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
		if (!kv[i].done && !kv[i].dflt && strcmp(kv[i].section, sec) == 0) {
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
		if (!kv[i].done && !kv[i].dflt) {
			fprintf(out, "\n[%s]\n", kv[i].section);
			emit_section(out, kv, nkv, kv[i].section);
		}
	return ferror(out) ? -EIO : 0;
}

/* The file as it is, through the descriptor safefile checked; "" when there is none yet. NULL with rc. */
static char *read_old(const struct safefile *sf, const char *path, int *rc, struct errmsg *em)
{
	struct stat st;
	char *buf = NULL, chunk[4096];
	size_t len = 0;
	ssize_t n;
	int fd = safefile_read_open(sf, path, &st, em);
	FILE *m;

	if (fd == -ENOENT && !sf->via_link)
		return strdup("");
	if (fd == -ENOENT)
		fd = errmsg_set(em, -ENOENT, "%s: a symbolic link to a missing file; create its target or remove "
				"the link", path);
	if (fd < 0) {
		*rc = fd;
		return NULL;
	}
	if (!(m = open_memstream(&buf, &len))) {
		close(fd);
		*rc = errmsg_set(em, -ENOMEM, "out of memory");
		return NULL;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		fwrite(chunk, 1, (size_t)n, m);
	*rc = n < 0 ? errmsg_set(em, -errno, "%s: %s", path, strerror(errno)) : 0;
	close(fd);
	if (fclose(m) != 0 || *rc < 0) {
		free(buf);
		*rc = *rc < 0 ? *rc : errmsg_set(em, -ENOMEM, "out of memory");
		return NULL;
	}
	return buf;
}

/* The merged text, then one atomic replacement of the file (safefile: no link or file of another user). */
static int write_file(const struct safefile *sf, const char *path, const char *old, struct save_kv *kv, int nkv,
		      struct errmsg *em)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc;

	if (!m)
		return errmsg_set(em, -ENOMEM, "out of memory");
	rc = write_merged(m, old, kv, nkv);
	if (fclose(m) != 0 || rc < 0)
		rc = errmsg_set(em, -ENOMEM, "out of memory");
	else
		rc = safefile_replace(sf, path, buf, len, em);
	free(buf);
	return rc;
}

int settings_save(const struct settings *s, const char *path, const char *events, struct errmsg *em)
{
	char user[4096], section[128];
	struct save_kv kv[32];
	int nkv = 0, rc;
	char *old = NULL;
	struct safefile sf = { .dfd = -1 };
	struct settings def;
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
	/* only what the user changed goes in: a key at its built-in default is written only where the
	 * file has it already (its line is kept up to date), so a later release's defaults still apply */
	settings_defaults(&def);
	for (int i = 0; i < settings_ntable && nkv < 28; i++) {
		char buf[512], dbuf[512];
		if (events && settings_table[i].off == offsetof(struct settings, set))
			snprintf(buf, sizeof(buf), "%s", setname);
		else
			settings_format(s, &settings_table[i], buf, sizeof(buf));
		settings_format(&def, &settings_table[i], dbuf, sizeof(dbuf));
		kv[nkv++] = (struct save_kv){ settings_table[i].section, settings_table[i].name, strdup(buf), false,
					      strcmp(buf, dbuf) == 0 };
	}
	settings_free(&def);
	if (events) {
		kv[nkv++] = (struct save_kv){ setsec, "description", strdup("saved by pmutop"), false, false };
		kv[nkv++] = (struct save_kv){ setsec, "events", strdup(events), false, false };
	} else if (inuse && !inuse->builtin) {
		/* the set in use may come from another file (/etc/pmutop.conf): without its section here,
		 * "set = NAME" would not load back */
		snprintf(section, sizeof(section), "eventset %s", inuse->name);
		kv[nkv++] = (struct save_kv){ section, "description", strdup(inuse->description), false, false };
		kv[nkv++] = (struct save_kv){ section, "events", strdup(inuse->events), false, false };
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
	if ((rc = safefile_locate(path, true, &sf, em)) < 0 || !(old = read_old(&sf, path, &rc, em)))
		goto out;
	rc = write_file(&sf, path, old, kv, nkv, em);
out:
	safefile_close(&sf);
	for (int i = 0; i < nkv; i++)
		free(kv[i].value);
	free(old);
	return rc;
}
