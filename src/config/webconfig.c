/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* webconfig.c: exporter-toolkit's web configuration file: a block-style YAML subset read into a
 * small tree of keys with line numbers, then checked key by key into struct webcfg. */
#include "webconfig.h"
#include "base/errmsg.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define WC_FILE_MAX (64 * 1024)   /* a web config is a few lines; a bigger file is a mistake */
#define WC_NODES_MAX 1024         /* keys in all (users included) */
#define WC_DEPTH 3                /* section, key, header: three levels are all the format has */

struct node {
	char *key, *value;   /* value NULL: a mapping (children) or nothing */
	int line, parent;    /* parent -1: top level */
	bool empty_map;      /* written {} */
};

struct tree {
	struct node n[WC_NODES_MAX];
	int len;
	const char *name;    /* the file, for messages */
};

static void tree_free(struct tree *t)
{
	for (int i = 0; i < t->len; i++) {
		free(t->n[i].key);
		free(t->n[i].value);
	}
	t->len = 0;
}

/* ---- scalars ---- */

/* A quoted scalar at *p (after its opening quote q): its text in out (malloc'd); *p past the
 * closing quote. -EINVAL with em for an unclosed quote or an escape the format does not need. */
static int quoted(const char **p, const char *end, char q, char **out, const struct tree *t, int line,
		  struct errmsg *em)
{
	char *s = malloc((size_t)(end - *p) + 1);
	size_t k = 0;

	if (!s)
		return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
	for (const char *c = *p; c < end; c++) {
		if (*c == q && q == '\'' && c + 1 < end && c[1] == '\'') {
			s[k++] = *c++;   /* '' is a quote inside single quotes */
		} else if (*c == q) {
			s[k] = '\0';
			*out = s;
			*p = c + 1;
			return 0;
		} else if (*c == '\\' && q == '"') {
			static const char from[] = "\\\"/nt", to[] = "\\\"/\n\t";
			const char *f = c + 1 < end ? strchr(from, c[1]) : NULL;
			if (!f || !c[1]) {
				free(s);
				return errmsg_set(em, -EINVAL, "%s:%d: an escape pmutop does not read (\\\\, \\\", \\/, "
						  "\\n and \\t only)", t->name, line);
			}
			s[k++] = to[f - from];
			c++;
		} else {
			s[k++] = *c;
		}
	}
	free(s);
	return errmsg_set(em, -EINVAL, "%s:%d: the quote is not closed on its line", t->name, line);
}

/* The value after "key:" in p..end: *out NULL for none ("", ~, null, {}), *empty_map for {}. */
static int scalar(const char *p, const char *end, char **out, bool *empty_map, const struct tree *t, int line,
		  struct errmsg *em)
{
	const char *e;
	int r;

	*out = NULL;
	*empty_map = false;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p == '#')
		return 0;
	if (*p == '"' || *p == '\'') {
		p++;
		if ((r = quoted(&p, end, p[-1], out, t, line, em)) < 0)
			return r;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p != '#') {
			free(*out);
			*out = NULL;
			return errmsg_set(em, -EINVAL, "%s:%d: text after the closing quote", t->name, line);
		}
		return 0;
	}
	for (e = p; e < end && !((*e == '#') && (e[-1] == ' ' || e[-1] == '\t')); e++)
		;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (e - p == 2 && !memcmp(p, "{}", 2)) {
		*empty_map = true;
		return 0;
	}
	if (strchr("|>&*!%@`[{-?", *p) && !(*p == '-' && e - p > 1 && p[1] != ' '))
		return errmsg_set(em, -EINVAL, "%s:%d: '%c' starts YAML that pmutop does not read (block text, "
				  "anchors, tags, flow lists and maps): write a plain or quoted value", t->name, line, *p);
	if (memmem(p, (size_t)(e - p), ": ", 2) || e[-1] == ':')
		return errmsg_set(em, -EINVAL, "%s:%d: a second ':' in the value: quote it", t->name, line);
	if ((e - p == 1 && *p == '~') || (e - p == 4 && !strncasecmp(p, "null", 4)))
		return 0;
	if (!(*out = strndup(p, (size_t)(e - p))))
		return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
	return 0;
}

/* "key: value" from p..end into node nd. */
static int key_value(const char *p, const char *end, struct node *nd, const struct tree *t, struct errmsg *em)
{
	const char *k = p, *c;
	int r;

	if (*p == '"' || *p == '\'') {
		p++;
		if ((r = quoted(&p, end, p[-1], &nd->key, t, nd->line, em)) < 0)
			return r;
		c = p;
		while (c < end && (*c == ' ' || *c == '\t'))
			c++;
		if (c == end || *c != ':' || (c + 1 < end && c[1] != ' ' && c[1] != '\t'))
			return errmsg_set(em, -EINVAL, "%s:%d: expected KEY: VALUE", t->name, nd->line);
	} else {
		for (c = p; c < end && !(*c == ':' && (c + 1 == end || c[1] == ' ' || c[1] == '\t')); c++)
			;
		if (c == end || c == k)
			return errmsg_set(em, -EINVAL, "%s:%d: expected KEY: VALUE%s", t->name, nd->line,
					  *k == '-' ? " (lists are not part of this format)" : "");
		while (c > k && (c[-1] == ' ' || c[-1] == '\t'))
			c--;
		if (!(nd->key = strndup(k, (size_t)(c - k))))
			return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
		while (*c != ':')
			c++;
	}
	for (const unsigned char *u = (const unsigned char *)nd->key; *u; u++)
		if (*u < 0x20 || *u == 0x7f)
			return errmsg_set(em, -EINVAL, "%s:%d: a control character in a key", t->name, nd->line);
	return scalar(c + 1, end, &nd->value, &nd->empty_map, t, nd->line, em);
}

/* ---- lines into a tree ---- */

/* One content line at indent `ind` into the tree, under the mapping its indentation puts it in. */
static int add_line(struct tree *t, const char *p, const char *end, int ind, int line, int (*stack)[3],
		    int *depth, struct errmsg *em)
{
	struct node *nd;
	int r;

	/* close the mappings this line is not inside: stack[d] = { key's indent, node, children's indent } */
	while (*depth > 0 && ind <= stack[*depth][0])
		(*depth)--;
	if (stack[*depth][2] < 0)
		stack[*depth][2] = ind;
	else if (ind != stack[*depth][2])
		return errmsg_set(em, -EINVAL, "%s:%d: the indentation does not match the lines above", t->name, line);
	if (*depth == WC_DEPTH)
		return errmsg_set(em, -EINVAL, "%s:%d: nested deeper than the format goes", t->name, line);
	if (t->len == WC_NODES_MAX)
		return errmsg_set(em, -E2BIG, "%s:%d: more than %d keys", t->name, line, WC_NODES_MAX);
	nd = &t->n[t->len];
	*nd = (struct node){ .line = line, .parent = stack[*depth][1] };
	t->len++;
	if (*p == '-' && (p + 1 == end || p[1] == ' ')) {
		/* a list item: kept as "-" so that the key it belongs to is judged first (cipher_suites is
		 * refused by name), then refused itself wherever it stands */
		if (!(nd->key = strdup("-")))
			return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
		return 0;
	}
	if ((r = key_value(p, end, nd, t, em)) < 0)
		return r;
	for (int i = 0; i < t->len - 1; i++)
		if (t->n[i].parent == nd->parent && !strcmp(t->n[i].key, nd->key))
			return errmsg_set(em, -EINVAL, "%s:%d: %s is given twice (also line %d)", t->name, line,
					  nd->key, t->n[i].line);
	if (!nd->value && !nd->empty_map) {   /* may open a mapping */
		(*depth)++;
		stack[*depth][0] = ind;
		stack[*depth][1] = t->len - 1;
		stack[*depth][2] = -1;
	}
	return 0;
}

static int build_tree(const char *text, size_t len, struct tree *t, struct errmsg *em)
{
	int stack[WC_DEPTH + 1][3] = { { -1, -1, -1 } }, depth = 0, line = 0, r;
	bool content = false;

	if (memchr(text, '\0', len))
		return errmsg_set(em, -EINVAL, "%s: a NUL byte: not a text file", t->name);
	for (const char *p = text, *next; p < text + len; p = next) {
		const char *eol = memchr(p, '\n', (size_t)(text + len - p)), *end = eol ? eol : text + len, *s = p;
		next = eol ? eol + 1 : text + len;
		line++;
		if (end > p && end[-1] == '\r')
			end--;
		while (s < end && *s == ' ')
			s++;
		if (s < end && *s == '\t')
			return errmsg_set(em, -EINVAL, "%s:%d: a tab in the indentation (YAML indents with spaces)",
					  t->name, line);
		if (s == end || *s == '#')
			continue;
		if (end - s == 3 && !memcmp(s, "...", 3))
			break;
		if (!content && end - s >= 3 && !memcmp(s, "---", 3) && (end - s == 3 || s[3] == ' ')) {
			content = true;
			continue;
		}
		content = true;
		if ((r = add_line(t, s, end, (int)(s - p), line, stack, &depth, em)) < 0)
			return r;
	}
	return 0;
}

/* ---- the tree into struct webcfg ---- */

static int tls_version(const struct tree *t, const struct node *n, int *out, struct errmsg *em)
{
	static const char *const names[] = { "TLS10", "TLS11", "TLS12", "TLS13" };

	for (int i = 0; i < 4; i++)
		if (n->value && !strcmp(n->value, names[i])) {
			*out = 10 + i;
			return 0;
		}
	return errmsg_set(em, -EINVAL, "%s:%d: %s: TLS10, TLS11, TLS12 or TLS13, not \"%s\"", t->name, n->line,
			  n->key, n->value ? n->value : "");
}

/* A file name relative to the config file's folder, as exporter-toolkit reads it. */
static int file_in(const struct tree *t, const struct node *n, const char *dir, char **out, struct errmsg *em)
{
	if (!n->value || !*n->value)
		return errmsg_set(em, -EINVAL, "%s:%d: %s needs a file name", t->name, n->line, n->key);
	free(*out);
	if (n->value[0] == '/' || !dir || !*dir)
		*out = strdup(n->value);
	else if (asprintf(out, "%s/%s", dir, n->value) < 0)
		*out = NULL;
	return *out ? 0 : errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
}

/* What the format has that pmutop does not do: refused with the reason, never silently ignored. */
static const struct { const char *key, *why; } refused[] = {
	{ "cert", "inline PEM: put the certificate in a file and give cert_file" },
	{ "key", "inline PEM: put the key in a file and give key_file" },
	{ "client_ca", "pmutop does not check client certificates" },
	{ "client_ca_file", "pmutop does not check client certificates" },
	{ "client_allowed_sans", "pmutop does not check client certificates" },
	{ "cipher_suites", "pmutop leaves the ciphers to GnuTLS's defaults" },
	{ "prefer_server_cipher_suites", "pmutop leaves the ciphers to GnuTLS's defaults" },
	{ "curve_preferences", "pmutop leaves the curves to GnuTLS's defaults" },
};

static int tls_key(const struct tree *t, const struct node *n, const char *dir, struct webcfg *w, struct errmsg *em)
{
	if (!strcmp(n->key, "cert_file"))
		return file_in(t, n, dir, &w->cert_file, em);
	if (!strcmp(n->key, "key_file"))
		return file_in(t, n, dir, &w->key_file, em);
	if (!strcmp(n->key, "min_version"))
		return tls_version(t, n, &w->min_tls, em);
	if (!strcmp(n->key, "max_version"))
		return tls_version(t, n, &w->max_tls, em);
	if (!strcmp(n->key, "client_auth_type")) {
		if (n->value && !strcmp(n->value, "NoClientCert"))
			return 0;
		return errmsg_set(em, -EINVAL, "%s:%d: client_auth_type %s: pmutop does not check client "
				  "certificates (NoClientCert only)", t->name, n->line, n->value ? n->value : "");
	}
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (!strcmp(n->key, refused[i].key))
			return errmsg_set(em, -EINVAL, "%s:%d: tls_server_config: %s: %s", t->name, n->line, n->key,
					  refused[i].why);
	return errmsg_set(em, -EINVAL, "%s:%d: tls_server_config: unknown key %s", t->name, n->line, n->key);
}

int webcfg_bcrypt_form(const char *s)
{
	static const char b64[] = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	int cost;

	if (strlen(s) != 60 || s[0] != '$' || s[1] != '2' || !strchr("aby", s[2]) || !s[2] || s[3] != '$' ||
	    !isdigit((unsigned char)s[4]) || !isdigit((unsigned char)s[5]) || s[6] != '$')
		return -EINVAL;
	cost = (s[4] - '0') * 10 + (s[5] - '0');
	if (cost < 4 || cost > 31)
		return -EINVAL;
	return strspn(s + 7, b64) == 53 ? cost : -EINVAL;
}

/* How long one check at cost takes, as text: about 0.2 s at WEBCFG_BCRYPT_MAX_COST (12), doubling. */
static void check_time(int cost, char *buf, size_t len)
{
	double s = ldexp(0.2, cost - 12);

	if (s < 120)
		snprintf(buf, len, "%.1f s", s);
	else if (s < 2 * 3600)
		snprintf(buf, len, "%.0f minutes", s / 60);
	else if (s < 2 * 86400)
		snprintf(buf, len, "%.0f hours", s / 3600);
	else
		snprintf(buf, len, "%.0f days", s / 86400);
}

static int add_user(const struct tree *t, const struct node *n, struct webcfg *w, struct errmsg *em)
{
	struct webcfg_user *u;
	int cost;

	if (!*n->key || strchr(n->key, ':'))
		return errmsg_set(em, -EINVAL, "%s:%d: basic_auth_users: a user name cannot be empty or hold ':'",
				  t->name, n->line);
	if (!n->value || webcfg_bcrypt_form(n->value) < 0)
		return errmsg_set(em, -EINVAL, "%s:%d: basic_auth_users: %s: not a bcrypt hash ($2y$10$ and 53 "
				  "characters: htpasswd -nBC 10 \"\" | tr -d ':\\n' makes one)", t->name, n->line, n->key);
	if ((cost = webcfg_bcrypt_form(n->value)) > WEBCFG_BCRYPT_MAX_COST) {
		char took[32];
		check_time(cost, took, sizeof(took));
		return errmsg_set(em, -EINVAL, "%s:%d: basic_auth_users: %s: bcrypt cost %d is above %d, the most pmutop "
				  "accepts (a check takes about 0.2 s at 12 and twice as long at each step up: %s at %d); "
				  "make the hash again at cost 10: htpasswd -nBC 10 \"\" | tr -d ':\\n'", t->name, n->line,
				  n->key, cost, WEBCFG_BCRYPT_MAX_COST, took, cost);
	}
	if (!(u = realloc(w->users, sizeof(*u) * (size_t)(w->nusers + 1))))
		return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
	w->users = u;
	u = &w->users[w->nusers];
	u->name = strdup(n->key);
	u->hash = strdup(n->value);
	w->nusers++;
	return u->name && u->hash ? 0 : errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
}

/* http_server_config.headers: the five exporter-toolkit sets, with its checks of two of them. */
static int add_header(const struct tree *t, const struct node *n, struct webcfg *w, struct errmsg *em)
{
	static const char *const names[] = { "Content-Security-Policy", "X-Frame-Options",
					     "X-Content-Type-Options", "X-XSS-Protection", "Strict-Transport-Security" };
	struct webcfg_header *h;
	bool known = false;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		known = known || !strcmp(n->key, names[i]);
	if (!known)
		return errmsg_set(em, -EINVAL, "%s:%d: headers: %s is not one of Content-Security-Policy, "
				  "X-Frame-Options, X-Content-Type-Options, X-XSS-Protection, Strict-Transport-Security",
				  t->name, n->line, n->key);
	if (!n->value || !*n->value)   /* unset if blank, as exporter-toolkit has it */
		return 0;
	for (const unsigned char *u = (const unsigned char *)n->value; *u; u++)
		if (*u < 0x20 || *u == 0x7f)
			return errmsg_set(em, -EINVAL, "%s:%d: a control character in %s", t->name, n->line, n->key);
	if ((!strcmp(n->key, "X-Frame-Options") && strcasecmp(n->value, "deny") && strcasecmp(n->value, "sameorigin")) ||
	    (!strcmp(n->key, "X-Content-Type-Options") && strcasecmp(n->value, "nosniff")))
		return errmsg_set(em, -EINVAL, "%s:%d: %s: \"%s\" is not an accepted value (deny or sameorigin; "
				  "nosniff)", t->name, n->line, n->key, n->value);
	if (!(h = realloc(w->headers, sizeof(*h) * (size_t)(w->nheaders + 1))))
		return errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
	w->headers = h;
	h = &w->headers[w->nheaders++];
	h->name = strdup(n->key);
	h->value = strdup(n->value);
	return h->name && h->value ? 0 : errmsg_set(em, -ENOMEM, "%s: out of memory", t->name);
}

/* A child of a top-level section (or of headers), by its section's key. */
static int child(const struct tree *t, int i, const char *dir, struct webcfg *w, struct errmsg *em)
{
	const struct node *n = &t->n[i], *p = &t->n[n->parent];

	if (p->parent >= 0)   /* http_server_config.headers.NAME */
		return strcmp(p->key, "headers") ? errmsg_set(em, -EINVAL, "%s:%d: unknown key %s", t->name, n->line,
							      n->key) : add_header(t, n, w, em);
	if (!strcmp(p->key, "tls_server_config"))
		return tls_key(t, n, dir, w, em);
	if (!strcmp(p->key, "basic_auth_users"))
		return add_user(t, n, w, em);
	if (!strcmp(n->key, "http2"))   /* pmutop serves HTTP/1.1: nothing to turn on or off */
		return n->value && (!strcmp(n->value, "true") || !strcmp(n->value, "false")) ? 0 :
		       errmsg_set(em, -EINVAL, "%s:%d: http2: true or false", t->name, n->line);
	if (!strcmp(n->key, "headers"))
		return n->value ? errmsg_set(em, -EINVAL, "%s:%d: headers: a mapping of header names to values",
					     t->name, n->line) : 0;
	return errmsg_set(em, -EINVAL, "%s:%d: http_server_config: unknown key %s", t->name, n->line, n->key);
}

static int top(const struct tree *t, const struct node *n, struct errmsg *em)
{
	static const char *const sections[] = { "tls_server_config", "basic_auth_users", "http_server_config" };

	if (!strcmp(n->key, "rate_limit"))
		return errmsg_set(em, -EINVAL, "%s:%d: rate_limit: pmutop does not limit the request rate "
				  "([exporter] max_connections bounds the connections)", t->name, n->line);
	for (int k = 0; k < 3; k++)
		if (!strcmp(n->key, sections[k]))
			return n->value ? errmsg_set(em, -EINVAL, "%s:%d: %s holds keys, not a value", t->name,
						     n->line, n->key) : 0;
	return errmsg_set(em, -EINVAL, "%s:%d: unknown key %s (tls_server_config, basic_auth_users, "
			  "http_server_config)", t->name, n->line, n->key);
}

static int interpret(const struct tree *t, const char *dir, struct webcfg *w, struct errmsg *em)
{
	int r;

	w->min_tls = 12;   /* exporter-toolkit's defaults */
	w->max_tls = 13;
	for (int i = 0; i < t->len; i++) {
		if (!strcmp(t->n[i].key, "-"))
			return errmsg_set(em, -EINVAL, "%s:%d: a list item where KEY: VALUE belongs (no key of this "
					  "format that pmutop reads is a list)", t->name, t->n[i].line);
		if ((r = t->n[i].parent < 0 ? top(t, &t->n[i], em) : child(t, i, dir, w, em)) < 0)
			return r;
	}
	if (!w->cert_file != !w->key_file)
		return errmsg_set(em, -EINVAL, "%s: tls_server_config: %s is missing (cert_file and key_file go "
				  "together)", t->name, w->cert_file ? "key_file" : "cert_file");
	if (w->min_tls > w->max_tls)
		return errmsg_set(em, -EINVAL, "%s: tls_server_config: min_version is above max_version", t->name);
	return 0;
}

int webcfg_parse(const char *text, size_t len, const char *name, const char *dir, struct webcfg *w,
		 struct errmsg *em)
{
	struct tree *t = calloc(1, sizeof(*t));
	int r;

	memset(w, 0, sizeof(*w));
	if (!t)
		return errmsg_set(em, -ENOMEM, "%s: out of memory", name);
	t->name = name;
	r = build_tree(text, len, t, em);
	if (r == 0)
		r = interpret(t, dir, w, em);
	tree_free(t);
	free(t);
	if (r < 0)
		webcfg_free(w);
	return r;
}

int webcfg_load(const char *path, struct webcfg *w, struct errmsg *em)
{
	char *buf = NULL, *dir, *slash;
	struct stat st;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK), r;

	memset(w, 0, sizeof(*w));
	if (fd < 0)
		return errmsg_set(em, -errno, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		r = -errno;
		close(fd);
		return errmsg_set(em, r, "%s: %s", path, strerror(-r));
	}
	if (!S_ISREG(st.st_mode) || st.st_size > WC_FILE_MAX) {
		close(fd);
		return errmsg_set(em, S_ISREG(st.st_mode) ? -EFBIG : -EINVAL, "%s: %s", path,
				  S_ISREG(st.st_mode) ? "larger than 64 KiB (a web config is a few lines)" : "not a regular file");
	}
	buf = malloc((size_t)st.st_size + 1);
	while (buf && n < st.st_size) {
		ssize_t k = read(fd, buf + n, (size_t)(st.st_size - n));
		if (k <= 0)
			break;
		n += k;
	}
	close(fd);
	dir = strdup(path);
	if (!buf || !dir || n != st.st_size) {
		free(buf);
		free(dir);
		return errmsg_set(em, buf && dir ? -EIO : -ENOMEM, "%s: cannot read it", path);
	}
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	r = webcfg_parse(buf, (size_t)n, path, slash ? dir : ".", w, em);
	free(buf);
	free(dir);
	return r;
}

void webcfg_free(struct webcfg *w)
{
	for (int i = 0; i < w->nusers; i++) {
		free(w->users[i].name);
		free(w->users[i].hash);
	}
	for (int i = 0; i < w->nheaders; i++) {
		free(w->headers[i].name);
		free(w->headers[i].value);
	}
	free(w->users);
	free(w->headers);
	free(w->cert_file);
	free(w->key_file);
	memset(w, 0, sizeof(*w));
}
