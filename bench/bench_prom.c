/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* bench_prom.c: in-process benchmark of the Prometheus exporter on a simulated machine: writing the
 * exposition (text and OpenMetrics), publishing a snapshot, and scrapes served over loopback, alone
 * and while the refresh path publishes back to back. Prints one JSON line per run.
 *
 *   bench_prom MACHINE EVENTS N   N samples/scrapes of each kind */
#include "app/app.h"
#include "out/exporter.h"
#include "out/prom.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(double), cmp_d);
	return n ? v[n / 2] : 0;
}

static double maxof(const double *v, int n)
{
	double m = 0;
	for (int i = 0; i < n; i++)
		m = v[i] > m ? v[i] : m;
	return m;
}

/* One scrape over a new connection: returns ms, the body size in *bytes, -1 on error. */
static double scrape(int port, const char *extra, size_t *bytes)
{
	static char buf[1 << 16];
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	char req[512];
	double t0 = now_ms();
	size_t total = 0;
	ssize_t n;
	int fd = socket(AF_INET, SOCK_STREAM, 0), ok = 0;

	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	snprintf(req, sizeof(req), "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n%s\r\n", extra);
	if (write(fd, req, strlen(req)) < 0) {
		close(fd);
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		if (total == 0)
			ok = n > 12 && memcmp(buf, "HTTP/1.1 200", 12) == 0;
		total += (size_t)n;
	}
	close(fd);
	if (bytes)
		*bytes = total;
	return total && ok ? now_ms() - t0 : -1;
}

static int free_port(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t l = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0), p = -1;

	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	if (fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sa, &l) == 0)
		p = ntohs(sa.sin_port);
	if (fd >= 0)
		close(fd);
	return p;
}

struct client { int port, n; double *ms; volatile int stop; int done; };

static void *client_loop(void *p)
{
	struct client *c = p;

	while (!c->stop && c->done < c->n) {
		double ms = scrape(c->port, "Accept-Encoding: gzip\r\n", NULL);
		if (ms >= 0)
			c->ms[c->done++] = ms;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	static struct app a;
	struct ev_error err;
	char listen[32];
	int n = argc > 3 ? atoi(argv[3]) : 20, port, series = 0;
	double *text_ms, *om_ms, *pub_ms, *plain_ms, *gz_ms, *busy_ms;
	size_t text_bytes = 0, gz_bytes = 0;
	struct outbuf b;
	struct prom_totals tot = { 0 };
	struct prom_info info = { .version = "bench", .source = "sim" };

	if (argc < 3 || n <= 0) {
		fprintf(stderr, "usage: bench_prom MACHINE EVENTS N\n");
		return 2;
	}
	text_ms = calloc((size_t)n, sizeof(double));
	om_ms = calloc((size_t)n, sizeof(double));
	pub_ms = calloc((size_t)n, sizeof(double));
	plain_ms = calloc((size_t)n, sizeof(double));
	gz_ms = calloc((size_t)n, sizeof(double));
	busy_ms = calloc((size_t)n, sizeof(double));
	settings_defaults(&a.set);
	a.opt.sim = argv[1];
	a.opt.batch = true;
	a.interval = 1;
	if (app_open_machine(&a) != 0)
		return 1;
	if (evlist_add(&a.evl, EVO_USER, argv[2], false, &a.reg, &a.topo, NULL, 0, &err) < 0) {
		fprintf(stderr, "bench_prom: events at %d: %s\n", err.pos, err.msg);
		return 1;
	}
	if (app_open_events(&a) != 0)
		return 1;
	/* 1. the writer alone, as a pure function of the frame */
	ob_init(&b, 1 << 20);
	for (int i = 0; i < 3; i++)   /* warm-up */
		app_sample(&a);
	for (int i = 0; i < n; i++) {
		double t0;
		app_sample(&a);
		prom_totals_add(&tot, &a.model);
		ob_reset(&b);
		t0 = now_ms();
		prom_write(&b, &a.model, &tot, &info, PROM_TEXT);
		text_ms[i] = now_ms() - t0;
		text_bytes = b.len;
		ob_reset(&b);
		t0 = now_ms();
		prom_write(&b, &a.model, &tot, &info, PROM_OPENMETRICS);
		om_ms[i] = now_ms() - t0;
	}
	for (size_t off = 0; off < text_bytes; off++)   /* sample lines of the text form */
		series += (off == 0 || b.p[off - 1] == '\n') && b.p[off] != '#';
	prom_totals_free(&tot);
	ob_free(&b);
	/* 2. the exporter: a publish per sample, scrapes over loopback */
	port = free_port();
	snprintf(listen, sizeof(listen), "127.0.0.1:%d", port);
	a.opt.listen = listen;
	if (port < 0 || exporter_start(&a, "bench") != 0)
		return 1;
	for (int i = 0; i < n; i++) {
		double t0 = now_ms();
		app_sample(&a);   /* publishes */
		pub_ms[i] = now_ms() - t0;
		plain_ms[i] = scrape(port, "", NULL);
		app_sample(&a);   /* a new snapshot: the gzip scrape compresses it */
		gz_ms[i] = scrape(port, "Accept: application/openmetrics-text;version=1.0.0\r\n"
				  "Accept-Encoding: gzip\r\n", &gz_bytes);
	}
	/* 3. scrapes while the refresh path publishes back to back */
	{
		struct client c = { .port = port, .n = n, .ms = busy_ms };
		pthread_t th;
		pthread_create(&th, NULL, client_loop, &c);
		for (int i = 0; i < 100000 && c.done < n; i++)
			app_sample(&a);
		c.stop = 1;
		pthread_join(th, NULL);
		n = c.done < n ? c.done : n;
	}
	exporter_stop(&a);
	printf("{\"mode\":\"prom\",\"machine\":\"%s\",\"ncpus\":%d,\"nev\":%d,\"series\":%d,\"text_bytes\":%zu,"
	       "\"gzip_bytes\":%zu,\"text_ms\":%.3f,\"om_ms\":%.3f,\"sample_publish_ms\":%.3f,"
	       "\"scrape_ms\":%.3f,\"scrape_gzip_ms\":%.3f,\"scrape_busy_ms\":%.3f,\"scrape_busy_max_ms\":%.3f}\n",
	       argv[1], a.model.ncpus, a.model.nev, series, text_bytes, gz_bytes, median(text_ms, n),
	       median(om_ms, n), median(pub_ms, n), median(plain_ms, n), median(gz_ms, n),
	       median(busy_ms, n), maxof(busy_ms, n));
	app_close(&a);
	free(text_ms), free(om_ms), free(pub_ms), free(plain_ms), free(gz_ms), free(busy_ms);
	return 0;
}
