/* test_counters.c: group opening, one read per group per CPU, deltas, and failure handling, over a fake seam. */
#include "t.h"
#include "hw/counters.h"
#include "hw/evparse.h"
#include "hw/model.h"
#include "hw/seam.h"
#include "hw/topology.h"
#include <errno.h>

#define MAXFD 256
static struct fake {
	int nfd, reads, opens, closes;
	int cpu[MAXFD], leader[MAXFD], nmemb[MAXFD];
	uint64_t config[MAXFD];
	int open_err;          /* returned by every open when set */
	int enodev_cpu;        /* reads of this CPU fail with ENODEV */
	uint64_t tick[MAXFD];   /* reads per group leader */
} fk;

static int f_open(void *ctx, struct perf_event_attr *a, pid_t pid, int cpu, int group_fd, unsigned long fl)
{
	(void)ctx; (void)fl;
	CHECK(pid == -1, "system-wide open: pid -1, got %d", pid);
	CHECK(a->read_format == (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED |
				 PERF_FORMAT_TOTAL_TIME_RUNNING), "read_format 0x%llx", (unsigned long long)a->read_format);
	if (fk.open_err)
		return fk.open_err;
	if (a->config == 99)
		return -ENOENT;
	int fd = fk.nfd++;
	fk.opens++;
	fk.cpu[fd] = cpu;
	fk.config[fd] = a->config;
	fk.leader[fd] = group_fd < 0 ? fd : group_fd;
	fk.nmemb[fk.leader[fd]]++;
	return fd;
}

static ssize_t f_read(void *ctx, int fd, void *buf, size_t len)
{
	uint64_t *v = buf;
	int n = fk.nmemb[fd], k = 0;
	(void)ctx;
	fk.reads++;
	if (fk.cpu[fd] == fk.enodev_cpu)
		return -ENODEV;
	if (len < (size_t)(3 + 2 * n) * 8)
		return -ENOSPC;
	uint64_t t = ++fk.tick[fd];
	v[0] = (uint64_t)n;
	v[1] = t * 1000;                  /* enabled */
	v[2] = t * 500;                   /* running: half the time (multiplexed) */
	for (int i = 0; i < fk.nfd; i++)
		if (fk.leader[i] == fd) {
			v[3 + 2 * k] = t * 100 * fk.config[i];
			v[4 + 2 * k] = (uint64_t)i;
			k++;
		}
	return (ssize_t)((3 + 2 * n) * 8);
}

static int f_ioctl(void *ctx, int fd, unsigned long req, unsigned long arg)
{
	(void)ctx; (void)fd; (void)req; (void)arg;
	return 0;
}

static int f_close(void *ctx, int fd)
{
	(void)ctx; (void)fd;
	fk.closes++;
	return 0;
}

static const struct perf_seam fake_seam = { "fake", NULL, f_open, f_read, f_ioctl, f_close, NULL };

static struct topology topo2(void)
{
	static struct topo_cpu cpus[2] = { { .cpu = 0 }, { .cpu = 1, .core = 1 } };
	static int idx[2] = { 0, 1 }, sids[1] = { 0 };
	struct topology t = { .ncpus = 2, .cpus = cpus, .max_cpu = 1, .cpu_index = idx, .nsockets = 1,
			      .socket_ids = sids };
	return t;
}

static void ev(struct ev_list *l, const char *name, uint64_t config, int group)
{
	struct ev_spec *s = &l->ev[l->n++];
	memset(s, 0, sizeof(*s));
	s->name = (char *)name;
	s->input = (char *)name;
	s->base = (char *)name;
	s->pmu = -1;
	s->type = PERF_TYPE_RAW;
	s->config = config;
	s->scale = 1;
	s->group = group;
	if (group + 1 > l->ngroups)
		l->ngroups = group + 1;
}

static void model_for(struct model *m, const struct ev_list *l)
{
	int ids[2] = { 0, 1 };
	model_init(m, 2, ids, NULL, NULL, 1, NULL, 4);
	for (int i = 0; i < l->n; i++)
		model_add_event(m, l->ev[i].name, l->ev[i].base, "", "", l->ev[i].group, false);
	model_alloc_frame(m);
}

TEST(one_read_per_group_per_cpu)
{
	struct ev_spec specs[4];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;
	struct model m;
	struct counters *c;

	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = -1;
	ev(&l, "a", 1, 0);
	ev(&l, "b", 2, 0);
	ev(&l, "c", 3, 1);
	model_for(&m, &l);
	c = counters_open(&l, &t, &fake_seam, &err);
	CHECK(c != NULL, "open failed: %s", err.msg);
	if (!c)
		return;
	CHECK_EQ_INT(fk.opens, 6);
	counters_read(c, &m);                     /* baseline */
	fk.reads = 0;
	counters_read(c, &m);
	CHECK_EQ_INT(fk.reads, 4);                /* 2 groups x 2 CPUs */
	CHECK_EQ_INT(counters_last_reads(c), 4);
	/* delta of one tick: raw 100*config, enabled 1000, running 500 -> scaled x2 */
	struct ev_val *v = &m.cur.cpu[0 * m.nev + 1];
	CHECK_EQ_INT(v->state, EVS_OK);
	CHECK_EQ_U64(v->raw, 200);
	CHECK_EQ_U64(v->enabled, 1000);
	CHECK_EQ_U64(v->running, 500);
	CHECK_NEAR(v->value, 400, 1e-9);
	CHECK_NEAR(v->pct, 50, 1e-9);
	counters_close(c);
	CHECK_EQ_INT(fk.closes, 6);
	model_free(&m);
}

TEST(unsupported_member_is_marked_and_others_count)
{
	struct ev_spec specs[4];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;
	struct model m;
	struct counters *c;

	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = -1;
	ev(&l, "bad", 99, 0);
	ev(&l, "good", 2, 0);
	model_for(&m, &l);
	c = counters_open(&l, &t, &fake_seam, &err);
	CHECK(c != NULL && err.err == 0, "open: %s", err.msg);
	if (!c)
		return;
	counters_read(c, &m);
	counters_read(c, &m);
	CHECK_EQ_INT(m.cur.cpu[0].state, EVS_UNSUPPORTED);
	CHECK_EQ_INT(m.cur.cpu[1].state, EVS_OK);
	CHECK_EQ_INT(m.cur.cpu[1 * m.nev + 0].state, EVS_UNSUPPORTED);   /* refused on every CPU */
	counters_close(c);
	model_free(&m);
}

TEST(eacces_explains_paranoid)
{
	struct ev_spec specs[1];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;

	memset(&fk, 0, sizeof(fk));
	fk.open_err = -EACCES;
	ev(&l, "cycles", 1, 0);
	CHECK(counters_open(&l, &t, &fake_seam, &err) == NULL, "must fail");
	CHECK_EQ_INT(err.err, -EACCES);
	CHECK(strstr(err.msg, "perf_event_paranoid") && strstr(err.msg, "CAP_PERFMON") &&
	      strstr(err.msg, "root"), "message: %s", err.msg);
}

TEST(emfile_explains_limit)
{
	struct ev_spec specs[1];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;

	memset(&fk, 0, sizeof(fk));
	fk.open_err = -EMFILE;
	ev(&l, "cycles", 1, 0);
	CHECK(counters_open(&l, &t, &fake_seam, &err) == NULL, "must fail");
	CHECK_EQ_INT(err.err, -EMFILE);
	CHECK(strstr(err.msg, "too many open files") && strstr(err.msg, "limit"), "message: %s", err.msg);
}

TEST(enodev_drops_cpu)
{
	struct ev_spec specs[1];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;
	struct model m;
	struct counters *c;

	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = -1;
	ev(&l, "a", 1, 0);
	model_for(&m, &l);
	c = counters_open(&l, &t, &fake_seam, &err);
	if (!c)
		return;
	counters_read(c, &m);
	fk.enodev_cpu = 1;
	counters_read(c, &m);
	CHECK(m.cur.online[0], "CPU 0 stays");
	CHECK(!m.cur.online[1], "CPU 1 dropped after ENODEV");
	fk.reads = 0;
	counters_read(c, &m);
	CHECK_EQ_INT(fk.reads, 1);   /* no more reads of the dropped CPU */
	counters_close(c);
	model_free(&m);
}

TEST(lone_software_events_share_a_group)
{
	struct ev_spec specs[4];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;
	struct model m;
	struct counters *c;

	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = -1;
	ev(&l, "cpu-clock", 1, 0);
	ev(&l, "context-switches", 2, 1);
	ev(&l, "raw", 3, 2);
	l.ev[0].type = l.ev[1].type = PERF_TYPE_SOFTWARE;
	model_for(&m, &l);
	c = counters_open(&l, &t, &fake_seam, &err);
	CHECK(c != NULL, "open: %s", err.msg);
	if (!c)
		return;
	counters_read(c, &m);
	fk.reads = 0;
	counters_read(c, &m);
	CHECK_EQ_INT(fk.reads, 4);   /* per CPU: the shared software group and the raw event's group */
	CHECK_EQ_U64(m.cur.cpu[0 * m.nev + 1].raw, 200);   /* members still read their own counts */
	CHECK_EQ_INT(m.cur.cpu[1 * m.nev + 2].state, EVS_OK);
	counters_close(c);
	model_free(&m);
}

TEST(config3_never_dropped_silently)
{
	struct ev_spec specs[2];
	struct ev_list l = { 0, specs, 0 };
	struct topology t = topo2();
	struct cnt_error err;
	struct model m;
	struct counters *c;

	memset(&fk, 0, sizeof(fk));
	fk.enodev_cpu = -1;
	ev(&l, "needs-config3", 5, 0);
	l.ev[0].config3 = 0x1;
	ev(&l, "plain", 2, 1);
	model_for(&m, &l);
	c = counters_open(&l, &t, &fake_seam, &err);
	if (!c)
		return;
	counters_read(c, &m);
	counters_read(c, &m);
#ifdef PERF_ATTR_SIZE_VER8
	CHECK_EQ_INT(m.cur.cpu[0].state, EVS_OK);   /* the attribute carries config3 */
#else
	CHECK_EQ_INT(m.cur.cpu[0].state, EVS_UNSUPPORTED);   /* cannot be expressed: not counted as something else */
	CHECK_EQ_INT(fk.opens, 2);                           /* only "plain", on both CPUs */
#endif
	CHECK_EQ_INT(m.cur.cpu[1].state, EVS_OK);
	counters_close(c);
	model_free(&m);
}

int main(void)
{
	RUN(one_read_per_group_per_cpu);
	RUN(unsupported_member_is_marked_and_others_count);
	RUN(eacces_explains_paranoid);
	RUN(emfile_explains_limit);
	RUN(enodev_drops_cpu);
	RUN(lone_software_events_share_a_group);
	RUN(config3_never_dropped_silently);
	T_DONE();
}
