/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exporter_web.c: TLS material and basic authentication for the exporter's server, from the web
 * configuration file (config/webconfig.c reads it). */
#include "exporter_web.h"
#include "base/errmsg.h"
#include <crypt.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PEM_MAX (1024 * 1024)   /* a certificate chain or key; more is not one */

/* A PEM file into a NUL-terminated buffer; the key's is wiped when freed (read_pem's caller). */
static int read_pem(const char *path, const char *what, char **out, struct errmsg *em)
{
	struct stat st;
	char *buf;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK), e;

	if (fd < 0)
		return errmsg_set(em, -errno, "%s %s: %s", what, path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		e = errno;
		close(fd);
		return errmsg_set(em, -e, "%s %s: %s", what, path, strerror(e));
	}
	if (!S_ISREG(st.st_mode) || st.st_size <= 0 || st.st_size > PEM_MAX) {
		close(fd);
		return errmsg_set(em, -EINVAL, "%s %s: %s", what, path, !S_ISREG(st.st_mode) ? "not a regular file" :
				  "empty or larger than 1 MiB");
	}
	if (!(buf = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return errmsg_set(em, -ENOMEM, "%s %s: out of memory", what, path);
	}
	while (n < st.st_size) {
		ssize_t k = read(fd, buf + n, (size_t)(st.st_size - n));
		if (k <= 0)
			break;
		n += k;
	}
	close(fd);
	buf[n] = '\0';
	if (n != st.st_size || !strstr(buf, "-----BEGIN ")) {
		explicit_bzero(buf, (size_t)n);
		free(buf);
		return errmsg_set(em, -EINVAL, "%s %s: %s", what, path, n != st.st_size ? "cannot read it whole" :
				  "not PEM (no -----BEGIN line)");
	}
	*out = buf;
	return 0;
}

/* GnuTLS priorities allowing exactly TLS 1.min .. 1.max. */
static void priorities(struct exporter_web *w)
{
	size_t used = (size_t)snprintf(w->priorities, sizeof(w->priorities), "NORMAL:-VERS-ALL");

	for (int v = w->cfg.max_tls; v >= w->cfg.min_tls && used < sizeof(w->priorities); v--)
		used += (size_t)snprintf(w->priorities + used, sizeof(w->priorities) - used, ":+VERS-TLS1.%d", v - 10);
}

/* libcrypt's crypt_r, loaded only by a server with users (like libmicrohttpd, not at every start). */
static int open_crypt(struct exporter_web *w, struct errmsg *em)
{
	void *h = dlopen("libcrypt.so.1", RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return errmsg_set(em, -ENOENT, "basic_auth_users needs libcrypt (%s); install it (Debian/Ubuntu: "
				  "libcrypt1)", dlerror());
	*(void **)&w->crypt_r = dlsym(h, "crypt_r");
	w->crypt_data = calloc(1, sizeof(struct crypt_data));
	w->ok = calloc((size_t)w->cfg.nusers, sizeof(char *));
	if (!w->crypt_r || !w->crypt_data || !w->ok)
		return errmsg_set(em, -ENOMEM, "basic_auth_users: %s", w->crypt_r ? "out of memory" :
				  "the libcrypt installed has no crypt_r");
	/* crypt() that cannot check the first hash (a libcrypt without bcrypt) would refuse everyone */
	const char *r = w->crypt_r("", w->cfg.users[0].hash, w->crypt_data);
	if (!r || r[0] == '*')
		return errmsg_set(em, -ENOTSUP, "basic_auth_users: this system's crypt() cannot check bcrypt "
				  "hashes (%.7s...): libxcrypt has them", w->cfg.users[0].hash);
	return 0;
}

int exporter_web_open(struct exporter_web *w, const char *path, struct errmsg *em)
{
	int r;

	memset(w, 0, sizeof(*w));
	pthread_mutex_init(&w->lock, NULL);
	if ((r = webcfg_load(path, &w->cfg, em)) < 0)
		return r;
	if (w->cfg.cert_file && ((r = read_pem(w->cfg.cert_file, "cert_file", &w->cert, em)) < 0 ||
				 (r = read_pem(w->cfg.key_file, "key_file", &w->key, em)) < 0))
		return r;
	priorities(w);
	if (w->cfg.nusers && (r = open_crypt(w, em)) < 0)
		return r;
	return 0;
}

void exporter_web_close(struct exporter_web *w)
{
	if (w->key)
		explicit_bzero(w->key, strlen(w->key));
	for (int i = 0; w->ok && i < w->cfg.nusers; i++)
		if (w->ok[i]) {
			explicit_bzero(w->ok[i], strlen(w->ok[i]));
			free(w->ok[i]);
		}
	if (w->crypt_data)
		explicit_bzero(w->crypt_data, sizeof(struct crypt_data));
	free(w->key);
	free(w->cert);
	free(w->ok);
	free(w->crypt_data);
	webcfg_free(&w->cfg);
	pthread_mutex_destroy(&w->lock);
	memset(w, 0, sizeof(*w));
}

/* a == b, in a time that depends on their lengths only */
static bool same(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned char d = la != lb;

	for (size_t i = 0; i < la && i < lb; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

bool exporter_web_check(struct exporter_web *w, const char *user, const char *password)
{
	int u = -1;
	bool ok = false;
	const char *r;

	if (!exporter_web_auth(w))
		return true;
	if (!user || !password)
		return false;
	for (int i = 0; i < w->cfg.nusers; i++)
		if (same(w->cfg.users[i].name, user))
			u = i;
	pthread_mutex_lock(&w->lock);
	if (u >= 0 && w->ok[u] && same(w->ok[u], password)) {
		pthread_mutex_unlock(&w->lock);
		return true;
	}
	/* an unknown user is checked against a real hash all the same: as slow as a known one */
	r = w->crypt_r(password, w->cfg.users[u >= 0 ? u : 0].hash, w->crypt_data);
	ok = u >= 0 && r && r[0] != '*' && same(r, w->cfg.users[u].hash);
	if (ok) {
		char *keep = strdup(password);
		if (w->ok[u]) {
			explicit_bzero(w->ok[u], strlen(w->ok[u]));
			free(w->ok[u]);
		}
		w->ok[u] = keep;   /* NULL when out of memory: the next request pays a bcrypt again */
	}
	pthread_mutex_unlock(&w->lock);
	return ok;
}
