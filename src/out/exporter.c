/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* exporter.c: the Prometheus endpoint (libmicrohttpd, its own thread) and the textfile writer.
 * After each sample the refresh path writes the whole exposition into a new snapshot (exporter_snap.c)
 * and publishes it; requests send the current one. exporter_conn.c keeps the connections in check. */
#include "exporter.h"
#include "app/app.h"
#include "base/errmsg.h"
#include "base/safefile.h"
#include "exporter_conn.h"
#include "exporter_mhd.h"
#include "exporter_snap.h"
#include "exporter_web.h"
#include "prom.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define CT_TEXT "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"
#define REQUEST_MEMORY (32 * 1024)   /* per connection: a request's headers must fit in it */

struct exporter {
	struct MHD_Daemon *d;
	struct snap_slot slot;     /* the exposition of the last interval */
	struct exporter_conns conns;
	bool conns_on;
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

/* A request's state once its headers are in and it may go on (libmicrohttpd's *con_cls); while its
 * password is being checked, the check (struct auth_req) instead. */
static int headers_in;

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

static void add_headers(struct exporter *ex, struct MHD_Response *r)
{
	if (ex->web_open)
		exporter_web_headers(&ex->web, r);
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

/* GET /metrics: the current snapshot, in the format and encoding asked for. */
static enum MHD_Result reply_metrics(struct exporter *ex, struct MHD_Connection *c)
{
	struct MHD_Response *r;
	struct snap *s = snap_get(&ex->slot);
	const char *body;
	size_t len;
	int fmt;
	bool gz;
	enum MHD_Result ok;

	if (!s) {
		if (ex->conns_on)
			xconns_answering(&ex->conns, c, NULL);
		return reply_static(ex, c, MHD_HTTP_SERVICE_UNAVAILABLE, "no sample yet\n", NULL);
	}
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
	if (ex->conns_on)
		xconns_answering(&ex->conns, c, s);
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

/* libmicrohttpd calls this once the headers are in, then for each piece of a body, then once the
 * request is whole. A response queued at the first call ends the connection (it cannot read the
 * rest), so GET and HEAD are answered at the last one and the connection is kept (HTTP/1.1
 * keep-alive, pipelining); a refusal (401, 429, 405) closes it. With users the first call may leave
 * the connection suspended while its password is checked or its refusal held (exporter_web_gate);
 * once woken, libmicrohttpd makes that first call again, *state then holding the check. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload_data, size_t *upload_size, void **state)
{
	struct exporter *ex = cls;

	(void)version, (void)upload_data;
	if (*state != &headers_in) {   /* the headers are in; or a password check woke the connection */
		enum MHD_Result r;
		if (ex->web_open && !exporter_web_gate(&ex->web, c, state, &r))
			return r;
		if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
			return reply_static(ex, c, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET and HEAD\n", "GET, HEAD");
		*state = &headers_in;
		return MHD_YES;
	}
	if (*upload_size) {   /* a body on a GET: read and dropped, within the request's deadline */
		*upload_size = 0;
		return MHD_YES;
	}
	if (strcmp(url, "/metrics") != 0) {
		if (ex->conns_on)
			xconns_answering(&ex->conns, c, NULL);
		return reply_static(ex, c, MHD_HTTP_NOT_FOUND, "not found: pmutop serves /metrics\n", NULL);
	}
	return reply_metrics(ex, c);
}

/* ---- the listening socket ---- */

/* An IPv4 address, by its first byte, that a server cannot listen on: multicast (224.0.0.0/4) or
 * reserved (240.0.0.0/4, which holds the broadcast address 255.255.255.255). */
static bool not_unicast(unsigned char first)
{
	return first >= 224;
}

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
		if (s6->sin6_addr.s6_addr[0] == 0xff || (IN6_IS_ADDR_V4MAPPED(&s6->sin6_addr) &&
		    not_unicast(s6->sin6_addr.s6_addr[12]))) {
			snprintf(why, whylen, "\"%s\": a multicast, broadcast or reserved address; give one of this machine's "
				 "addresses, [::1] or [::]", addr);
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
		if (not_unicast(((const unsigned char *)&s4->sin_addr)[0])) {
			snprintf(why, whylen, "\"%s\": a multicast, broadcast or reserved address; give one of this machine's "
				 "addresses, 127.0.0.1 or 0.0.0.0", addr);
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

/* Replace the textfile with text through base/safefile: a temporary file beside it (".NAME.xxxxxxxx",
 * which node_exporter does not read, only *.prom) renamed over it, so a reader sees the old or the new
 * file, never a part; as root no link or folder another user controls is followed, and the file keeps
 * its owner and mode (issue 26). 0, or a negative errno with em. */
static int textfile_write(const char *path, const char *text, size_t len, struct errmsg *em)
{
	struct safefile sf = { .dfd = -1 };
	int r = safefile_locate(path, false, &sf, em);

	if (r == 0)
		r = safefile_replace(&sf, path, text, len, em);
	safefile_close(&sf);
	return r;
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

/* MHD_OPTION_NOTIFY_COMPLETED: a request ends (answered, or its connection closed). */
static void completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode toe)
{
	struct exporter *ex = cls;

	if (*state != &headers_in && ex->web_open)   /* closed while its password was checked */
		exporter_web_done(&ex->web, state);
	if (ex->conns_on)
		xconns_completed(&ex->conns, c, state, toe);
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
	unsigned limit = (unsigned)a->set.max_connections;
	sigset_t all, old;

	if (xconns_start(&ex->conns, (int)limit, a->set.timeout, XCONN_SLOW_CAP, &ex->slot) < 0)
		return -1;
	ex->conns_on = true;
	if (ex->web_open && ex->web.auth) {   /* a connection closed to make room is not left waiting for its refusal */
		pthread_mutex_lock(&ex->conns.lock);
		ex->conns.on_cut = exporter_web_release;
		ex->conns.on_cut_cls = &ex->web;
		pthread_mutex_unlock(&ex->conns.lock);
	}

	/* the server thread takes no signals: they stay with the refresh loop, which waits on them */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ex->d = mhd.start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | (with_tls ? MHD_USE_TLS : 0) |
				 (ex->web_open && ex->web.auth ? MHD_ALLOW_SUSPEND_RESUME : 0), 0, NULL, NULL,
				 handle, ex,
				 MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
				 /* a few more than the limit: the one beyond it is accepted and makes room
				  * (exporter_conn.c); the margin takes a burst while the room is made */
				 MHD_OPTION_CONNECTION_LIMIT, limit + 8,
				 MHD_OPTION_NOTIFY_CONNECTION, xconns_notify, &ex->conns,
				 MHD_OPTION_NOTIFY_COMPLETED, completed, ex,
				 /* libmicrohttpd's own timeout restarts on every byte: it bounds a slow reader's
				  * pauses; the request's deadline is the watchdog's */
				 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)a->set.timeout,
				 MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)REQUEST_MEMORY,
				 MHD_OPTION_ARRAY, with_tls ? tls : &tls[3],
				 MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!ex->d) {
		xconns_stop(&ex->conns);
		ex->conns_on = false;
		return -1;
	}
	return 0;
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
	snap_slot_init(&ex->slot);
	ex->version = version;
	ex->cpu_gauges = a->set.cpu_gauges && !a->opt.no_cpu_gauges;
	snprintf(ex->source, sizeof(ex->source), "%s", a->opt.do_replay ? "replay" : a->opt.sim ? "sim" : "live");
	a->exp = ex;
	a->on_frame = exporter_publish;
	if (*textfile) {
		ex->textfile = textfile;
		/* now, not at the first interval: a directory we cannot write to is a start-up error */
		struct errmsg em = { 0 };
		r = textfile_write(textfile, "", 0, &em);
		if (r < 0) {
			fprintf(stderr, "pmutop: %s %s: cannot write it: %s\n",
				a->opt.prom ? "--prom" : "[exporter] textfile =", textfile, errmsg_text(&em, r));
			return 1;
		}
	}
	if (!*listen_spec)
		return 0;
	if (exporter_mhd_open() < 0)
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
		snap_publish(&ex->slot, s);
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
	ex->tot.cg_top = a->opt.export_cgroups;   /* before the totals: the cgroups' are counted there */
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
		struct errmsg em = { 0 };
		r = textfile_write(ex->textfile, s->body[PROM_TEXT].p, s->body[PROM_TEXT].len, &em);
		if (r < 0 && !ex->textfile_failing) {
			ex->textfile_failing = true;
			snprintf(a->msg, sizeof(a->msg), "cannot write --prom: %.200s", errmsg_text(&em, r));
		} else if (r == 0) {
			ex->textfile_failing = false;
		}
	}
	if (ex->d)
		snap_publish(&ex->slot, s);
	else
		snap_unref(s);
}

void exporter_stop(struct app *a)
{
	struct exporter *ex = a->exp;

	if (!ex)
		return;
	if (ex->web_open)
		exporter_web_stop(&ex->web);   /* wakes the connections waiting for a check: none may stay suspended */
	if (ex->d)
		mhd.stop_daemon(ex->d);   /* waits for its thread, which never runs bcrypt; frees what is queued */
	if (ex->conns_on)
		xconns_stop(&ex->conns);   /* after the server: it reports each connection's end */
	if (ex->web_open)
		exporter_web_close(&ex->web);   /* after both: requests hold checks, the watchdog wakes them */
	snap_slot_fini(&ex->slot);
	prom_totals_free(&ex->tot);
	free(ex->core_type);
	free(ex);
	a->exp = NULL;
	a->on_frame = NULL;
}
