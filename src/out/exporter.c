/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exporter.c: the Prometheus endpoint (libmicrohttpd, its own thread) and the textfile writer.
 * After each sample the refresh path writes the whole exposition into a new snapshot and swaps it
 * in under a lock held for a pointer copy; requests take a reference to the current snapshot and
 * release it when their response is freed, so a scrape never waits for a refresh, a refresh never
 * waits for a client, and a stalled client only pins the snapshot it started with. */
#include "exporter.h"
#include "app/app.h"
#include "base/errmsg.h"
#include "exporter_web.h"
#include "prom.h"
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* libmicrohttpd (and the TLS libraries it pulls in: gnutls, nettle, p11-kit...) is loaded when a server is
 * asked for, not at every start: linked, it cost every run some 3 times the loader work of pmutop's own
 * libraries (issue 18). */
static struct {
	__typeof__(&MHD_create_response_from_buffer_with_free_callback_cls) create_response_from_buffer_with_free_callback_cls;
	__typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
	__typeof__(&MHD_add_response_header) add_response_header;
	__typeof__(&MHD_queue_response) queue_response;
	__typeof__(&MHD_destroy_response) destroy_response;
	__typeof__(&MHD_lookup_connection_value) lookup_connection_value;
	__typeof__(&MHD_start_daemon) start_daemon;
	__typeof__(&MHD_stop_daemon) stop_daemon;
	/* TLS and basic authentication (--web-config) */
	__typeof__(&MHD_is_feature_supported) is_feature_supported;
	__typeof__(&MHD_basic_auth_get_username_password) basic_auth_get_username_password;
	__typeof__(&MHD_queue_basic_auth_fail_response) queue_basic_auth_fail_response;
	__typeof__(&MHD_free) free;
} mhd;

/* 0 once libmicrohttpd's functions are found; else -1, with a message that says what to install */
static int mhd_open(void)
{
	static const char *const sonames[] = { "libmicrohttpd.so.12", "libmicrohttpd.so" };
	void *h = NULL;

	if (mhd.start_daemon)
		return 0;
	for (size_t i = 0; !h && i < sizeof(sonames) / sizeof(sonames[0]); i++)
		h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd (%s); install it "
			"(Debian/Ubuntu: apt install libmicrohttpd12) or use --prom FILE instead of --listen\n", dlerror());
		return -1;
	}
	*(void **)&mhd.create_response_from_buffer_with_free_callback_cls = dlsym(h, "MHD_create_response_from_buffer_with_free_callback_cls");
	*(void **)&mhd.create_response_from_buffer = dlsym(h, "MHD_create_response_from_buffer");
	*(void **)&mhd.add_response_header = dlsym(h, "MHD_add_response_header");
	*(void **)&mhd.queue_response = dlsym(h, "MHD_queue_response");
	*(void **)&mhd.destroy_response = dlsym(h, "MHD_destroy_response");
	*(void **)&mhd.lookup_connection_value = dlsym(h, "MHD_lookup_connection_value");
	*(void **)&mhd.start_daemon = dlsym(h, "MHD_start_daemon");
	*(void **)&mhd.stop_daemon = dlsym(h, "MHD_stop_daemon");
	*(void **)&mhd.is_feature_supported = dlsym(h, "MHD_is_feature_supported");
	*(void **)&mhd.basic_auth_get_username_password = dlsym(h, "MHD_basic_auth_get_username_password");
	*(void **)&mhd.queue_basic_auth_fail_response = dlsym(h, "MHD_queue_basic_auth_fail_response");
	*(void **)&mhd.free = dlsym(h, "MHD_free");
	if (!mhd.create_response_from_buffer_with_free_callback_cls || !mhd.create_response_from_buffer ||
	    !mhd.add_response_header || !mhd.queue_response || !mhd.destroy_response ||
	    !mhd.lookup_connection_value || !mhd.stop_daemon || !mhd.start_daemon || !mhd.is_feature_supported ||
	    !mhd.basic_auth_get_username_password || !mhd.queue_basic_auth_fail_response || !mhd.free) {
		mhd.start_daemon = NULL;
		dlclose(h);
		fprintf(stderr, "pmutop: the HTTP server needs libmicrohttpd 0.9.71 or newer; the one installed lacks a function it uses\n");
		return -1;
	}
	return 0;
}

#define CT_TEXT "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"
#define REQUEST_MEMORY (32 * 1024)   /* per connection: a request's headers must fit in it */

struct snap {
	int refs;                  /* atomic */
	pthread_mutex_t gz_lock;   /* the first gzip request of a format compresses, once */
	struct outbuf body[2];     /* [enum prom_format] */
	char *gz[2];
	size_t gzlen[2];
	bool gz_done[2];
};

struct exporter {
	struct MHD_Daemon *d;
	pthread_mutex_t lock;      /* guards cur: held for a pointer copy and a reference */
	struct snap *cur;
	struct prom_totals tot;
	const char **core_type;    /* [ncpus of the model] */
	int nct;
	const char *version;
	char source[16];
	const char *textfile;
	bool textfile_failing;
	bool publish_failing;
	bool cpu_gauges;           /* the derived gauges per CPU too ([exporter] cpu_gauges) */
	bool web_open;
	struct exporter_web web;   /* --web-config: TLS and basic authentication */
};

/* ---- snapshots ---- */

static struct snap *snap_new(void)
{
	struct snap *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->refs = 1;
	pthread_mutex_init(&s->gz_lock, NULL);
	return s;
}

static void snap_unref(void *p)
{
	struct snap *s = p;

	if (!s || __atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	for (int f = 0; f < 2; f++) {
		ob_free(&s->body[f]);
		free(s->gz[f]);
	}
	pthread_mutex_destroy(&s->gz_lock);
	free(s);
}

static struct snap *snap_get(struct exporter *ex)
{
	struct snap *s;

	pthread_mutex_lock(&ex->lock);
	s = ex->cur;
	if (s)
		__atomic_add_fetch(&s->refs, 1, __ATOMIC_ACQ_REL);
	pthread_mutex_unlock(&ex->lock);
	return s;
}

static void snap_publish(struct exporter *ex, struct snap *s)
{
	struct snap *old;

	pthread_mutex_lock(&ex->lock);
	old = ex->cur;
	ex->cur = s;
	pthread_mutex_unlock(&ex->lock);
	snap_unref(old);
}

/* The gzip form of one format, made by the first request that asks for it. NULL when zlib fails
 * (the caller then sends it uncompressed). */
static const char *snap_gzip(struct snap *s, int fmt, size_t *len)
{
	pthread_mutex_lock(&s->gz_lock);
	if (!s->gz_done[fmt]) {
		z_stream z;
		memset(&z, 0, sizeof(z));
		s->gz_done[fmt] = true;
		/* windowBits 15 + 16: a gzip wrapper; level 1: scrapes are frequent, the text repetitive */
		if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK) {
			uLong cap = deflateBound(&z, (uLong)s->body[fmt].len);
			s->gz[fmt] = malloc(cap);
			z.next_in = (Bytef *)s->body[fmt].p;
			z.avail_in = (uInt)s->body[fmt].len;
			z.next_out = (Bytef *)s->gz[fmt];
			z.avail_out = (uInt)cap;
			if (!s->gz[fmt] || deflate(&z, Z_FINISH) != Z_STREAM_END) {
				free(s->gz[fmt]);
				s->gz[fmt] = NULL;
			} else {
				s->gzlen[fmt] = z.total_out;
			}
			deflateEnd(&z);
		}
	}
	pthread_mutex_unlock(&s->gz_lock);
	*len = s->gzlen[fmt];
	return s->gz[fmt];
}

/* ---- content negotiation ---- */

/* Walk "a/b;q=0.5, c/d" calling match(type) for each entry; returns the highest q of entries that
 * match (-1 when none does). */
static double best_q(const char *list, bool (*match)(const char *type, size_t n))
{
	double best = -1;

	for (const char *p = list; p && *p;) {
		size_t n = strcspn(p, ",");
		const char *end = p + n, *semi;
		double q = 1;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		semi = memchr(p, ';', (size_t)(end - p));
		size_t tn = (size_t)((semi ? semi : end) - p);
		while (tn && (p[tn - 1] == ' ' || p[tn - 1] == '\t'))
			tn--;
		for (const char *a = semi; a && a < end; a = memchr(a + 1, ';', (size_t)(end - a - 1))) {
			const char *v = a + 1;
			while (v < end && (*v == ' ' || *v == '\t'))
				v++;
			if (end - v > 2 && (v[0] == 'q' || v[0] == 'Q') && v[1] == '=')
				q = strtod(v + 2, NULL);
		}
		if (match(p, tn) && q > best)
			best = q;
		p = *end ? end + 1 : end;
	}
	return best;
}

static bool is(const char *t, size_t n, const char *word)
{
	return strlen(word) == n && strncasecmp(t, word, n) == 0;
}

static bool m_openmetrics(const char *t, size_t n) { return is(t, n, "application/openmetrics-text"); }
static bool m_text(const char *t, size_t n)
{
	return is(t, n, "text/plain") || is(t, n, "text/*") || is(t, n, "*/*");
}
static bool m_gzip(const char *t, size_t n) { return is(t, n, "gzip") || is(t, n, "x-gzip") || is(t, n, "*"); }

bool exporter_want_openmetrics(const char *accept)
{
	double om = best_q(accept, m_openmetrics);

	return om > 0 && om >= best_q(accept, m_text);
}

bool exporter_want_gzip(const char *accept_encoding)
{
	return best_q(accept_encoding, m_gzip) > 0;
}

/* ---- HTTP ---- */

/* The headers the web configuration asks for (http_server_config.headers), on every response. */
static void add_headers(struct exporter *ex, struct MHD_Response *r)
{
	for (int i = 0; ex->web_open && i < ex->web.cfg.nheaders; i++)
		mhd.add_response_header(r, ex->web.cfg.headers[i].name, ex->web.cfg.headers[i].value);
}

static enum MHD_Result reply_static(struct exporter *ex, struct MHD_Connection *c, unsigned status,
				    const char *text, const char *allow)
{
	struct MHD_Response *r = mhd.create_response_from_buffer(strlen(text), (void *)text,
								  MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ok;

	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
	if (allow)
		mhd.add_response_header(r, MHD_HTTP_HEADER_ALLOW, allow);
	add_headers(ex, r);
	ok = mhd.queue_response(c, status, r);
	mhd.destroy_response(r);
	return ok;
}

/* Basic authentication (RFC 7617) against the web configuration's users. */
static bool authorized(struct exporter *ex, struct MHD_Connection *c)
{
	char *pass = NULL, *user = mhd.basic_auth_get_username_password(c, &pass);
	bool ok = exporter_web_check(&ex->web, user, pass);

	if (pass) {
		explicit_bzero(pass, strlen(pass));
		mhd.free(pass);
	}
	if (user)
		mhd.free(user);
	return ok;
}

static enum MHD_Result reply_unauthorized(struct exporter *ex, struct MHD_Connection *c)
{
	static const char text[] = "401 Unauthorized: pmutop asks for a user and password\n";
	struct MHD_Response *r = mhd.create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ok;

	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
	add_headers(ex, r);
	ok = mhd.queue_basic_auth_fail_response(c, "pmutop", r);   /* 401 with WWW-Authenticate: Basic */
	mhd.destroy_response(r);
	return ok;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload_data, size_t *upload_size, void **state)
{
	struct exporter *ex = cls;
	struct MHD_Response *r;
	struct snap *s;
	const char *body;
	size_t len;
	int fmt;
	bool gz;
	enum MHD_Result ok;

	(void)version, (void)upload_data, (void)upload_size, (void)state;
	if (ex->web_open && exporter_web_auth(&ex->web) && !authorized(ex, c))
		return reply_unauthorized(ex, c);
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return reply_static(ex, c, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET and HEAD\n", "GET, HEAD");
	if (strcmp(url, "/metrics") != 0)
		return reply_static(ex, c, MHD_HTTP_NOT_FOUND, "not found: pmutop serves /metrics\n", NULL);
	s = snap_get(ex);
	if (!s)
		return reply_static(ex, c, MHD_HTTP_SERVICE_UNAVAILABLE, "no sample yet\n", NULL);
	fmt = exporter_want_openmetrics(mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Accept"))
	      ? PROM_OPENMETRICS : PROM_TEXT;
	if (s->body[fmt].len == 0)   /* not written (out of memory): the other one */
		fmt = !fmt;
	body = s->body[fmt].p;
	len = s->body[fmt].len;
	gz = exporter_want_gzip(mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Encoding"));
	if (gz) {
		size_t zl;
		const char *z = snap_gzip(s, fmt, &zl);
		if (z) {
			body = z;
			len = zl;
		} else {
			gz = false;
		}
	}
	/* the response reads the snapshot in place and drops its reference when MHD frees it:
	 * after the last byte, a timeout, or the client going away */
	r = mhd.create_response_from_buffer_with_free_callback_cls(len, (void *)body, snap_unref, s);
	if (!r) {
		snap_unref(s);
		return MHD_NO;
	}
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, fmt == PROM_OPENMETRICS ? CT_OPENMETRICS : CT_TEXT);
	mhd.add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept, Accept-Encoding");
	if (gz)
		mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
	add_headers(ex, r);
	ok = mhd.queue_response(c, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return ok;
}

/* ---- the listening socket ---- */

int exporter_parse_listen(const char *spec, struct sockaddr_storage *ss, socklen_t *len,
			  char *why, size_t whylen)
{
	char addr[64] = "127.0.0.1";
	const char *port = spec, *colon;
	char *end;
	long p;

	memset(ss, 0, sizeof(*ss));
	if (spec[0] == '[') {
		const char *close = strchr(spec, ']');
		if (!close || close[1] != ':' || (size_t)(close - spec - 1) >= sizeof(addr)) {
			snprintf(why, whylen, "\"%s\": write an IPv6 address as [ADDR]:PORT", spec);
			return -1;
		}
		snprintf(addr, sizeof(addr), "%.*s", (int)(close - spec - 1), spec + 1);
		port = close + 2;
	} else if ((colon = strchr(spec, ':'))) {
		if (strchr(colon + 1, ':')) {
			snprintf(why, whylen, "\"%s\": write an IPv6 address in brackets, [::1]:PORT", spec);
			return -1;
		}
		if ((size_t)(colon - spec) >= sizeof(addr) || colon == spec) {
			snprintf(why, whylen, "\"%s\": not ADDR:PORT", spec);
			return -1;
		}
		snprintf(addr, sizeof(addr), "%.*s", (int)(colon - spec), spec);
		port = colon + 1;
	}
	errno = 0;
	p = strtol(port, &end, 10);
	if (!*port || *end || errno || p < 0 || p > 65535 || *port == '-' || *port == '+' || *port == ' ') {
		snprintf(why, whylen, "\"%s\": the port must be a number from 0 to 65535", spec);
		return -1;
	}
	if (strchr(addr, ':')) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
		if (spec[0] != '[' || inet_pton(AF_INET6, addr, &s6->sin6_addr) != 1) {
			snprintf(why, whylen, "\"%s\": not a numeric IPv6 address", addr);
			return -1;
		}
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)p);
		*len = sizeof(*s6);
	} else {
		struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
		if (spec[0] == '[' || inet_pton(AF_INET, addr, &s4->sin_addr) != 1) {
			snprintf(why, whylen, "\"%s\": not a numeric IPv4 address (or [IPv6])", addr);
			return -1;
		}
		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)p);
		*len = sizeof(*s4);
	}
	return 0;
}

static void addr_text(const struct sockaddr_storage *ss, char *buf, size_t len)
{
	char a[INET6_ADDRSTRLEN] = "?";

	if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)ss;
		inet_ntop(AF_INET6, &s6->sin6_addr, a, sizeof(a));
		snprintf(buf, len, "[%s]:%u", a, ntohs(s6->sin6_port));
	} else {
		const struct sockaddr_in *s4 = (const struct sockaddr_in *)ss;
		inet_ntop(AF_INET, &s4->sin_addr, a, sizeof(a));
		snprintf(buf, len, "%s:%u", a, ntohs(s4->sin_port));
	}
}

/* Bind and listen; -1 with the message printed. */
static int open_listener(const char *spec, const char *from, char *where, size_t wlen)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	char why[256];
	int fd, one = 1, e;

	if (exporter_parse_listen(spec, &ss, &sl, why, sizeof(why)) < 0) {
		fprintf(stderr, "pmutop: %s %s\n", from, why);
		return -2;
	}
	addr_text(&ss, where, wlen);
	fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		fprintf(stderr, "pmutop: --listen %s: cannot create a socket: %s\n", where, strerror(errno));
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, sl) < 0 || listen(fd, 128) < 0) {
		e = errno;
		close(fd);
		if (e == EADDRINUSE)
			fprintf(stderr, "pmutop: --listen %s: the port is in use (another pmutop or exporter?); "
				"choose another port\n", where);
		else if (e == EACCES || e == EPERM)
			fprintf(stderr, "pmutop: --listen %s: not permitted (ports below 1024 need root or "
				"CAP_NET_BIND_SERVICE); choose a port above 1023\n", where);
		else if (e == EADDRNOTAVAIL)
			fprintf(stderr, "pmutop: --listen %s: no interface of this machine has that address\n", where);
		else
			fprintf(stderr, "pmutop: --listen %s: cannot listen: %s\n", where, strerror(e));
		return -1;
	}
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0)   /* port 0: the one chosen */
		addr_text(&ss, where, wlen);
	return fd;
}

/* ---- the textfile ---- */

/* Write text to path through a temporary file in the same directory and a rename, so that a
 * reader sees the old or the new file, never a part. The temporary name does not end in .prom
 * (node_exporter reads only *.prom). 0 or -errno. */
static int write_atomic(const char *path, const char *text, size_t len)
{
	char tmp[4200];
	const char *slash = strrchr(path, '/');
	int fd, e = 0;

	if (slash)
		snprintf(tmp, sizeof(tmp), "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		snprintf(tmp, sizeof(tmp), ".%s.XXXXXX", path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	fchmod(fd, 0644);
	for (size_t off = 0; off < len && !e;) {
		ssize_t w = write(fd, text + off, len - off);
		if (w < 0 && errno != EINTR)
			e = errno;
		else if (w > 0)
			off += (size_t)w;
	}
	if (close(fd) < 0 && !e)
		e = errno;
	if (!e && rename(tmp, path) < 0)
		e = errno;
	if (e)
		unlink(tmp);
	return -e;
}

/* ---- start, publish, stop ---- */

/* --web-config: read it and check that this libmicrohttpd can do what it asks. 0, or the exit
 * status with the message printed. */
static int web_setup(struct exporter *ex, const struct app *a, const char *path)
{
	struct errmsg em = { 0 };
	const char *from = a->opt.web_config ? "--web-config" : "[exporter] web_config =";
	int r = exporter_web_open(&ex->web, path, &em);

	ex->web_open = true;
	if (r < 0) {
		fprintf(stderr, "pmutop: %s %s\n", from, errmsg_text(&em, r));
		return 2;
	}
	if (exporter_web_tls(&ex->web) && mhd.is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
		fprintf(stderr, "pmutop: %s %s: this libmicrohttpd was built without TLS\n", from, path);
		return 1;
	}
	if (exporter_web_auth(&ex->web) && !exporter_web_tls(&ex->web))
		fprintf(stderr, "pmutop: warning: %s %s: basic authentication without TLS sends passwords in "
			"the clear\n", from, path);
	return 0;
}

/* libmicrohttpd on the socket we bound, with TLS when the web configuration has it. */
static int start_daemon(struct exporter *ex, const struct app *a, int fd)
{
	struct MHD_OptionItem tls[] = {
		{ MHD_OPTION_HTTPS_MEM_CERT, 0, ex->web.cert },
		{ MHD_OPTION_HTTPS_MEM_KEY, 0, ex->web.key },
		{ MHD_OPTION_HTTPS_PRIORITIES, 0, ex->web.priorities },
		{ MHD_OPTION_END, 0, NULL },
	};
	bool with_tls = ex->web_open && exporter_web_tls(&ex->web);
	sigset_t all, old;

	/* the server thread takes no signals: they stay with the refresh loop, which waits on them */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ex->d = mhd.start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | (with_tls ? MHD_USE_TLS : 0), 0, NULL, NULL,
				 handle, ex,
				 MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
				 MHD_OPTION_CONNECTION_LIMIT, (unsigned int)a->set.max_connections,
				 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)a->set.timeout,
				 MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)REQUEST_MEMORY,
				 MHD_OPTION_ARRAY, with_tls ? tls : &tls[3],
				 MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ex->d ? 0 : -1;
}

int exporter_start(struct app *a, const char *version)
{
	const char *listen_spec = a->opt.listen ? a->opt.listen : a->set.listen;
	const char *textfile = a->opt.prom ? a->opt.prom : a->set.textfile;
	const char *web = a->opt.web_config ? a->opt.web_config : a->set.web_config;
	struct exporter *ex;
	char where[96];
	int fd, r;

	if (*web && !*listen_spec) {
		fprintf(stderr, "pmutop: %s is for the server: give --listen too\n",
			a->opt.web_config ? "--web-config" : "[exporter] web_config");
		return 2;
	}
	if (!*listen_spec && !*textfile)
		return 0;
	ex = calloc(1, sizeof(*ex));
	if (!ex) {
		fprintf(stderr, "pmutop: out of memory\n");
		return 1;
	}
	pthread_mutex_init(&ex->lock, NULL);
	ex->version = version;
	ex->cpu_gauges = a->set.cpu_gauges && !a->opt.no_cpu_gauges;
	snprintf(ex->source, sizeof(ex->source), "%s", a->opt.do_replay ? "replay" : a->opt.sim ? "sim" : "live");
	a->exp = ex;
	a->on_frame = exporter_publish;
	if (*textfile) {
		ex->textfile = textfile;
		/* now, not at the first interval: a directory we cannot write to is a start-up error */
		r = write_atomic(textfile, "", 0);
		if (r < 0) {
			fprintf(stderr, "pmutop: %s %s: cannot write it: %s\n",
				a->opt.prom ? "--prom" : "[exporter] textfile =", textfile, strerror(-r));
			return 1;
		}
	}
	if (!*listen_spec)
		return 0;
	if (mhd_open() < 0)
		return 1;
	if (*web && (r = web_setup(ex, a, web)))
		return r;
	fd = open_listener(listen_spec, a->opt.listen ? "--listen" : "[exporter] listen =", where, sizeof(where));
	if (fd < 0)
		return fd == -2 ? 2 : 1;
	/* an initial exposition (pmutop's own metrics) until the first interval ends */
	struct snap *s = snap_new();
	if (s) {
		prom_write(&s->body[PROM_TEXT], NULL, NULL, &(struct prom_info){ .version = version, .source = ex->source }, PROM_TEXT);
		prom_write(&s->body[PROM_OPENMETRICS], NULL, NULL, &(struct prom_info){ .version = version, .source = ex->source },
			   PROM_OPENMETRICS);
		snap_publish(ex, s);
	}
	if (start_daemon(ex, a, fd) < 0) {
		close(fd);
		fprintf(stderr, "pmutop: --listen %s: the HTTP server (libmicrohttpd) did not start%s\n", where,
			ex->web_open && exporter_web_tls(&ex->web) ? " (is the key the certificate's, both PEM?)" : "");
		return 1;
	}
	fprintf(stderr, "pmutop: serving metrics on %s://%s/metrics%s\n", ex->web_open && exporter_web_tls(&ex->web) ?
		"https" : "http", where, ex->web_open && exporter_web_auth(&ex->web) ? " (basic authentication)" : "");
	return 0;
}

/* The core PMU of each CPU of the model, when the model's CPUs are the topology's. */
static void core_types(struct exporter *ex, const struct app *a)
{
	const struct model *m = &a->model;

	if (ex->nct != m->ncpus) {
		free(ex->core_type);
		ex->core_type = calloc((size_t)m->ncpus + 1, sizeof(char *));
		ex->nct = ex->core_type ? m->ncpus : 0;
	}
	for (int c = 0; c < ex->nct; c++) {
		ex->core_type[c] = NULL;
		if (a->topo.ncpus == m->ncpus && a->topo.cpus[c].cpu == m->cpu_ids[c] &&
		    a->topo.cpus[c].core_pmu >= 0 && a->topo.cpus[c].core_pmu < a->reg.n)
			ex->core_type[c] = a->reg.pmus[a->topo.cpus[c].core_pmu].name;
	}
}

static void note(struct app *a, bool *failing, const char *fmt, const char *arg, int err)
{
	if (*failing)
		return;
	*failing = true;
	snprintf(a->msg, sizeof(a->msg), fmt, arg, strerror(err));
}

/* The top-down shares of the last sample, when they are counted. */
static void topdown_info(struct prom_info *info, const struct app *a)
{
	static const char *names[TD_NSHARES];
	static const char *inst[TD_MAXINST];

	if (!a->td.on || !a->td.cpu || a->td.ncpus != a->model.ncpus || a->td.plan.n <= 0)
		return;
	for (int k = 0; k < TD_NSHARES; k++)
		names[k] = td_shares[k].name;
	for (int i = 0; i < a->td.plan.n && i < TD_MAXINST; i++)
		inst[i] = a->td.plan.in[i].pmu_name;
	info->td_cpu = a->td.cpu;
	info->td_names = names;
	info->td_n = TD_NSHARES;
	if (a->td.sock && a->td.nsock == a->model.nsock) {
		info->td_sock = a->td.sock;
		info->td_inst = inst;
		info->td_ninst = a->td.plan.n;
	}
}

void exporter_publish(struct app *a)
{
	struct exporter *ex = a->exp;
	struct prom_info info;
	struct snap *s;
	int r;

	if (!ex)
		return;
	if (prom_totals_add(&ex->tot, &a->model) < 0 || !(s = snap_new())) {
		note(a, &ex->publish_failing, "exporter: %s%s", "", ENOMEM);
		return;
	}
	core_types(ex, a);
	info = (struct prom_info){ .version = ex->version, .source = ex->source, .core_type = ex->core_type,
				   .kernel_clock = app_util_clock_source(a), .no_cpu_gauges = !ex->cpu_gauges,
				   .cgroups_top = a->opt.export_cgroups };
	topdown_info(&info, a);
	if (a->rdt.avail) {
		info.rdt = &a->rdt;
		info.rdt_groups = a->set.rdt_groups;
	}
	ob_init(&s->body[PROM_TEXT], 1 << 16);
	prom_write(&s->body[PROM_TEXT], &a->model, &ex->tot, &info, PROM_TEXT);
	if (ex->d) {
		ob_init(&s->body[PROM_OPENMETRICS], s->body[PROM_TEXT].len + 64);
		prom_write(&s->body[PROM_OPENMETRICS], &a->model, &ex->tot, &info, PROM_OPENMETRICS);
	}
	if (s->body[PROM_TEXT].oom || s->body[PROM_OPENMETRICS].oom) {
		note(a, &ex->publish_failing, "exporter: %s%s", "", ENOMEM);
		snap_unref(s);
		return;
	}
	ex->publish_failing = false;
	if (ex->textfile) {
		r = write_atomic(ex->textfile, s->body[PROM_TEXT].p, s->body[PROM_TEXT].len);
		if (r < 0)
			note(a, &ex->textfile_failing, "cannot write --prom %s: %s", ex->textfile, -r);
		else
			ex->textfile_failing = false;
	}
	if (ex->d)
		snap_publish(ex, s);
	else
		snap_unref(s);
}

void exporter_stop(struct app *a)
{
	struct exporter *ex = a->exp;

	if (!ex)
		return;
	if (ex->d)
		mhd.stop_daemon(ex->d);   /* waits for its thread; frees the responses still queued */
	if (ex->web_open)
		exporter_web_close(&ex->web);   /* after the server: its thread may be checking a password */
	snap_unref(ex->cur);
	prom_totals_free(&ex->tot);
	free(ex->core_type);
	pthread_mutex_destroy(&ex->lock);
	free(ex);
	a->exp = NULL;
	a->on_frame = NULL;
}
