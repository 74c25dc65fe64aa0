/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* bench_refresh.c: in-process benchmark driver: refresh cost (sampling, model, JSON) and start-up
 * phases on a simulated machine, with the simulated kernel's share measured apart. Prints one JSON line.
 *
 *   bench_refresh refresh MACHINE EVENTS N [R]   N refreshes back to back (after a warm-up),
 *                                              R times: one line each
 *   bench_refresh startup MACHINE EVENTS     the phases up to the first sample, each timed once
 *   bench_refresh simopen MACHINE NEV        the simulated kernel alone: open NEV events per CPU, CPU time
 *
 *   MACHINE "live": this machine's kernel (software events where it has no PMU); its reads are real.
 *
 * The simulated kernel is wrapped in a timing seam: every call through the seam (open, read,
 * ioctl, close) is timed, so the kernel's share can be taken out of pmutop's. A simulated read costs
 * what the simulation costs, not what the kernel's does: on a simulated machine the kernel's reads
 * are modelled instead, per group read, at the cost measured on hardware (READ_LOCAL_NS for a
 * group on the reading CPU, taken as CPU 0, READ_REMOTE_NS on another: an inter-processor call).
 *
 * On a simulated machine time is the driver's: one interval (INTERVAL_NS, a phase of the simulated
 * load) passes before each refresh and before the kernel's reads alone, however long they took. Timed by the wall clock instead, a
 * refresh of 16 CPUs saw 0.1 ms pass and one of 1,024 CPUs 9 ms, so the small machines' multiplexed
 * groups had not had a turn yet (most of their values "not counted", cheap to write) while the
 * large machine's had (scaled values, dearer): the figures per CPU-event compared different work. */
#include "app/app.h"
#include "app/app_topdown.h"
#include "out/output.h"
#include "out/outbuf.h"
#include "hw/catalog/catalog_alias.h"
#include "hw/perf/counters.h"
#include "hw/sys/seam.h"
#include "hw/sim/sim.h"
#include "hw/sim/sim_load.h"
#include "hw/sim/sim_resctrl.h"
#include "hw/sys/sysfs.h"
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* a hardware group read(), as measured (issue 18): on the reading CPU / on another CPU */
#define READ_LOCAL_NS 1500.0
#define READ_REMOTE_NS 12500.0

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time of the process (user + system): what start-up costs whatever else runs beside it */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* --- the simulated machine's clock: an interval per refresh --- */
/* a phase of the simulated load: each read, alone or in a refresh, begins a phase alike */
#define INTERVAL_NS ((uint64_t)(SIMM_PHASE_S * 1e9))
static uint64_t sim_now_ns = 1000000000ull;   /* not 0: any reading is the simulated kernel's start */
static bool sim_clocked;                       /* the driver's clock drives the simulated kernel */

static uint64_t sim_clock_read(void *ctx)
{
	(void)ctx;
	return sim_now_ns;
}

static const struct perf_seam sim_clock = { .name = "bench clock", .clock_ns = sim_clock_read };

/* One interval passes (simulated machines only: a live kernel's time is its own). */
static void interval_passes(void)
{
	if (sim_clocked)
		sim_now_ns += INTERVAL_NS;
}

/* --- simulation outside the reads: timed always, left out of pmutop's share --- */
/* The simulated machine's other work that a real machine's kernel does: /proc/stat and
 * /proc/interrupts made for the simulated CPUs (through the seam), and the simulated resctrl's
 * files brought up to date (simr_update, called by the app: the driver is linked with
 * --wrap=simr_update). pmutop's own reads and parsing of those files stay in its share. */
static uint64_t sim_other_ns;

int __real_simr_update(const struct sim_machine *m, const char *dir, double t, struct simr **state);
int __wrap_simr_update(const struct sim_machine *m, const char *dir, double t, struct simr **state);
int __wrap_simr_update(const struct sim_machine *m, const char *dir, double t, struct simr **state)
{
	uint64_t t0 = now_ns();
	int r = __real_simr_update(m, dir, t, state);

	sim_other_ns += now_ns() - t0;
	return r;
}

/* --- the timing seam: forwards to the simulated kernel, timing each call when on --- */

struct tseam {
	struct perf_seam pub;
	const struct perf_seam *in;
	int on, rec, cpu;   /* cpu: also take the CPU time of each call (start-up) */
	uint64_t ns, calls, cpu_ns;
	/* rec: the reads of one refresh, replayed alone to time the simulated kernel by itself */
	int *fds;
	size_t *lens;
	long nrec, caprec;
	int *fdcpu;          /* [fd]: the CPU it was opened on */
	int nfdcpu;
};

#define TS(ctx) ((struct tseam *)(ctx))
#define TIMED(ctx, expr) do {						\
		uint64_t t0_ = TS(ctx)->on ? now_ns() : 0;		\
		uint64_t c0_ = TS(ctx)->cpu ? cpu_ns() : 0;		\
		expr;							\
		if (TS(ctx)->cpu)					\
			TS(ctx)->cpu_ns += cpu_ns() - c0_;		\
		if (TS(ctx)->on)					\
			TS(ctx)->ns += now_ns() - t0_;			\
		TS(ctx)->calls++;					\
	} while (0)

static int ts_open(void *ctx, struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		   unsigned long flags)
{
	struct tseam *t = ctx;
	int r;

	TIMED(ctx, r = TS(ctx)->in->open(TS(ctx)->in->ctx, attr, pid, cpu, group_fd, flags));
	if (r >= 0 && r >= t->nfdcpu) {
		int n = r + 1024, *f = realloc(t->fdcpu, (size_t)n * sizeof(*f));
		if (!f)
			abort();
		for (int i = t->nfdcpu; i < n; i++)
			f[i] = -1;
		t->fdcpu = f;
		t->nfdcpu = n;
	}
	if (r >= 0)
		t->fdcpu[r] = cpu;
	return r;
}

static ssize_t ts_read(void *ctx, int fd, void *buf, size_t len)
{
	struct tseam *t = ctx;
	ssize_t r;

	if (t->rec) {
		if (t->nrec == t->caprec) {
			long cap = t->caprec ? 2 * t->caprec : 1024;
			int *f = realloc(t->fds, (size_t)cap * sizeof(*f));
			size_t *l = f ? realloc(t->lens, (size_t)cap * sizeof(*l)) : NULL;
			if (f)
				t->fds = f;
			if (!f || !l)
				abort();
			t->lens = l;
			t->caprec = cap;
		}
		t->fds[t->nrec] = fd;
		t->lens[t->nrec++] = len;
	}
	TIMED(ctx, r = TS(ctx)->in->read(TS(ctx)->in->ctx, fd, buf, len));
	return r;
}

static int ts_ioctl(void *ctx, int fd, unsigned long req, unsigned long arg)
{
	int r;
	TIMED(ctx, r = TS(ctx)->in->ioctl(TS(ctx)->in->ctx, fd, req, arg));
	return r;
}

static int ts_close(void *ctx, int fd)
{
	int r;
	TIMED(ctx, r = TS(ctx)->in->close(TS(ctx)->in->ctx, fd));
	return r;
}

static int ts_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	const struct perf_seam *in = TS(ctx)->in;
	return in->cpuid ? in->cpuid(in->ctx, leaf, subleaf, regs) : -ENOTSUP;
}

static int ts_proc_stat(void *ctx, char *buf, size_t len)
{
	const struct perf_seam *in = TS(ctx)->in;
	uint64_t t0 = now_ns();
	int r = in->proc_stat(in->ctx, buf, len);

	sim_other_ns += now_ns() - t0;
	return r;
}

static int ts_proc_interrupts(void *ctx, char *buf, size_t len)
{
	const struct perf_seam *in = TS(ctx)->in;
	uint64_t t0 = now_ns();
	int r = in->proc_interrupts(in->ctx, buf, len);

	sim_other_ns += now_ns() - t0;
	return r;
}

static uint64_t ts_clock(void *ctx)
{
	const struct perf_seam *in = TS(ctx)->in;
	return in->clock_ns(in->ctx);
}

static void ts_wrap(struct tseam *t, const struct perf_seam *in)
{
	memset(t, 0, sizeof(*t));
	t->in = in;
	t->pub = (struct perf_seam){ .name = "timed-sim", .ctx = t, .open = ts_open, .read = ts_read,
				     .ioctl = ts_ioctl, .close = ts_close, .cpuid = ts_cpuid,
				     .clock_ns = in->clock_ns ? ts_clock : NULL,
				     .proc_stat = in->proc_stat ? ts_proc_stat : NULL,
				     .proc_interrupts = in->proc_interrupts ? ts_proc_interrupts : NULL };
}

/* The simulated kernel alone: the recorded reads of one refresh, n times, with nothing of pmutop
 * around them. Returns ns per refresh. */
static double sim_alone_ns(struct tseam *t, long n)
{
	static char buf[65536];
	uint64_t t0 = now_ns();

	for (long i = 0; i < n; i++)
		for (long k = 0; k < t->nrec; k++)
			t->in->read(t->in->ctx, t->fds[k], buf, t->lens[k] < sizeof(buf) ? t->lens[k] : sizeof(buf));
	return (double)(now_ns() - t0) / (double)n;
}

/* The kernel's cost of the recorded reads of one refresh, on hardware: the model above. */
static double read_model_ns(const struct tseam *t)
{
	double ns = 0;

	for (long k = 0; k < t->nrec; k++) {
		int fd = t->fds[k];
		ns += fd >= 0 && fd < t->nfdcpu && t->fdcpu[fd] == 0 ? READ_LOCAL_NS : READ_REMOTE_NS;
	}
	return ns;
}

/* Cost of one now_ns() call: what the timing seam adds per call (half inside, half outside). */
static double clock_cost_ns(void)
{
	enum { N = 200000 };
	volatile uint64_t sink = 0;
	uint64_t t0 = now_ns();

	for (int i = 0; i < N; i++)
		sink += now_ns();
	(void)sink;
	return (double)(now_ns() - t0) / N;
}

/* CPU time one cpu_ns() call costs (a system call: CLOCK_PROCESS_CPUTIME_ID has no vDSO path),
 * so the start-up's CPU figure can leave out what timing the seam calls added. */
static double cpu_clock_cost_ns(void)
{
	enum { N = 20000 };
	volatile uint64_t sink = 0;
	uint64_t c0 = cpu_ns();

	for (int i = 0; i < N; i++)
		sink += cpu_ns();
	(void)sink;
	return (double)(cpu_ns() - c0) / N;
}

static int parse_events(struct app *a, const char *list)
{
	struct ev_error err;

	if (evlist_add(&a->evl, EVO_USER, list, false, &a->reg, &a->topo, NULL, 0, &err) < 0) {
		fprintf(stderr, "bench_refresh: events at %d: %s\n", err.pos, err.msg);
		return -EINVAL;
	}
	return 0;
}

/* Where the JSON frames go: batch output writes a frame in parts (OB_SPILL_BATCH) to its stream;
 * here the stream only counts the bytes, so the figure stays the writer's own work. */
static uint64_t sink_bytes;

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	(void)buf;
	sink_bytes += n;
	return (ssize_t)n;
}

static void sink_open(struct outbuf *b)
{
	FILE *f = fopencookie(NULL, "w", (cookie_io_functions_t){ .write = sink_write });

	if (!f)
		abort();
	setvbuf(f, NULL, _IONBF, 0);   /* each part straight to sink_write, as batch's write() */
	b->sink = f;
	b->spill = OB_SPILL_BATCH;
}

/* One JSON frame as batch writes it: in parts, then the rest. Returns its bytes. */
static uint64_t json_frame(struct outbuf *b, const struct app *a)
{
	uint64_t before = sink_bytes;

	ob_reset(b);
	out_json_frame(b, a);
	ob_flush(b, b->sink);
	return sink_bytes - before;
}

/* One measurement of n refreshes: prints one JSON line. */
static void refresh_once(struct app *a, struct tseam *ts, struct outbuf *b, const char *machine, long n,
			 double open_ms)
{
	uint64_t t, total = 0, json = 0, total_b = 0, json_bytes = 0, other = 0, o0;
	long reads = 0;
	double cells = (double)a->model.ncpus * a->model.nev, sim, tot, js, own, kern, alone = 0;
	double counted = 0, scaled = 0;
	bool live = !a->sim;

	/* the kernel's reads alone are timed between pmutop's refreshes: at the same moments, so
	 * under the same load from other work (and, live, on the other CPUs that serve them) as
	 * the refreshes they are taken out of. One refresh's reads are recorded first. */
	ts->nrec = 0;
	ts->rec = 1;
	interval_passes();
	app_sample(a);
	ts->rec = 0;
	/* pass A: nothing timed inside the seam: the total per refresh and the JSON frame */
	for (long i = 0; i < n; i++) {
		/* the kernel's reads alone after an interval, then pmutop's refresh after another: the
		 * same simulated work in both */
		interval_passes();
		alone += sim_alone_ns(ts, 1);
		interval_passes();
		o0 = sim_other_ns;
		t = now_ns();
		if (app_sample(a) < 0) {
			fprintf(stderr, "bench_refresh: sample: %s\n", a->msg);
			break;
		}
		total += now_ns() - t;
		other += sim_other_ns - o0;
		reads += counters_last_reads(a->cnt);
		t = now_ns();
		json_bytes += json_frame(b, a);
		json += now_ns() - t;
	}
	/* pass B: the same refreshes with every seam call timed (a cross-check: each timed call
	 * also carries about one clock read of overhead) */
	ts->on = 1;
	ts->ns = ts->calls = 0;
	for (long i = 0; i < n; i++) {
		interval_passes();
		t = now_ns();
		app_sample(a);
		total_b += now_ns() - t;
	}
	ts->on = 0;
	sim = alone / n;   /* the kernel (simulated or real) alone: the same reads without pmutop */
	/* what the last frame held: counted values, and of them those scaled (multiplexed), so the
	 * sizes compared can be seen to write the same kind of numbers */
	for (size_t i = 0; i < (size_t)a->model.ncpus * (size_t)a->model.nev; i++) {
		const struct ev_val *v = &a->model.cur.cpu[i];

		counted += v->state == EVS_OK;
		scaled += v->state == EVS_OK && v->value != (double)v->raw;
	}

	tot = (double)total / n;
	js = (double)json / n;
	own = tot - sim - (double)other / n;   /* the simulation's other work is not pmutop's either */
	/* the kernel's reads: measured when they are real, else the hardware model */
	kern = live ? sim : read_model_ns(ts);
	printf("{\"mode\":\"refresh\",\"machine\":\"%s\",\"ncpus\":%d,\"nev\":%d,\"refreshes\":%ld,"
	       "\"reads_per_refresh\":%.1f,\"seam_calls_per_refresh\":%.1f,"
	       "\"total_ns\":%.0f,\"sim_ns\":%.0f,\"sim_timed_ns\":%.0f,\"total_timed_ns\":%.0f,"
	       "\"own_sample_ns\":%.0f,\"json_ns\":%.0f,\"json_bytes\":%.0f,\"clock_ns\":%.1f,"
	       "\"own_sample_ns_per_cell\":%.2f,\"json_ns_per_cell\":%.2f,"
	       "\"own_ns_per_cell\":%.2f,\"sim_ns_per_cell\":%.2f,\"total_ns_per_cell\":%.2f,"
	       "\"live\":%s,\"reads_recorded\":%ld,\"groups_per_cpu\":%.3f,\"kernel_read_ns\":%.0f,"
	       "\"read_local_ns\":%.0f,\"read_remote_ns\":%.0f,\"over_reads\":%.4f,\"open_ms\":%.1f,"
	       "\"counted_share\":%.3f,\"scaled_share\":%.3f,"
	       "\"sim_other_ns\":%.0f}\n",
	       machine, a->model.ncpus, a->model.nev, n, (double)reads / n, (double)ts->calls / n,
	       tot, sim, (double)ts->ns / n, (double)total_b / n, own, js, (double)json_bytes / n,
	       clock_cost_ns(), own / cells, js / cells, (own + js) / cells, sim / cells,
	       (tot + js) / cells, live ? "true" : "false", ts->nrec,
	       a->model.ncpus ? (double)ts->nrec / a->model.ncpus : 0, kern, READ_LOCAL_NS, READ_REMOTE_NS,
	       kern > 0 ? (own + js + kern) / kern : 0, open_ms, cells > 0 ? counted / cells : 0,
	       cells > 0 ? scaled / cells : 0, (double)other / n);
	fflush(stdout);
}

static int do_refresh(const char *machine, const char *events, long n, int repeats)
{
	static struct app a;
	struct tseam ts;
	struct outbuf b;

	double open_ms;
	uint64_t t0;

	settings_defaults(&a.set);
	a.opt.sim = strcmp(machine, "live") ? machine : NULL;
	a.opt.batch = true;
	a.opt.json = true;
	a.interval = 1;
	if (app_open_machine(&a) != 0)
		return 1;
	if (a.sim) {   /* before anything is opened: the simulated kernel follows the driver's clock */
		if (simk_set_clock((struct perf_seam *)a.seam, &sim_clock) != 0) {
			fprintf(stderr, "bench_refresh: the simulated kernel did not take the driver's clock\n");
			app_close(&a);
			return 1;
		}
		sim_clocked = true;
	}
	ts_wrap(&ts, a.seam);
	a.seam = &ts.pub;
	{
		/* "LIST+topdown": the list, then the top-down events as the view adds them */
		char list[16384];
		size_t n = strlen(events);
		bool td = n > 8 && strcmp(events + n - 8, "+topdown") == 0;

		snprintf(list, sizeof(list), "%.*s", (int)(td ? n - 8 : n), events);
		if (strcmp(list, "default") == 0) {   /* the architecture's default set, as run() picks it */
			const char *core = "";

			for (int p = 0; p < a.reg.n && !*core; p++)
				if (a.reg.pmus[p].kind == PMU_KIND_CORE)
					core = a.reg.pmus[p].name;
			snprintf(list, sizeof(list), "%s", settings_arch_events(core, a.topo.vendor, "default"));
		}
		t0 = now_ns();
		if (parse_events(&a, list) < 0 || app_open_events(&a) != 0 || (td && app_td_enable(&a) != 0)) {
			a.seam = ts.in;
			app_close(&a);
			return 1;
		}
		open_ms = (double)(now_ns() - t0) / 1e6;
	}
	ob_init(&b, 1 << 16);
	sink_open(&b);
	for (int i = 0; i < 20; i++) {   /* warm-up: caches, the output buffer's size */
		interval_passes();
		app_sample(&a);
		json_frame(&b, &a);
	}
	for (int r = 0; r < repeats; r++)
		refresh_once(&a, &ts, &b, machine, n, open_ms);
	fclose(b.sink);
	ob_free(&b);
	free(ts.fds);
	free(ts.lens);
	free(ts.fdcpu);
	a.seam = ts.in;
	app_close(&a);
	return 0;
}

/* The start-up path of cli.c run() for --sim, phase by phase: the tree generation (a cost of
 * simulation: a real machine has its sysfs) is timed apart from pmutop's own work. */
static int do_startup(const char *machine, const char *events)
{
	static struct app a;
	struct tseam ts;
	struct outbuf b;
	char err[256], root[4200], dflt[2048];
	const char *tmp = getenv("TMPDIR");
	uint64_t t0, t_load, t_tree, t_kern, t_topo, t_open, t_first, sim_open, sim_first;
	uint64_t c0, c_load, c_tree, c_first;

	c0 = cpu_ns();
	t0 = now_ns();
	settings_defaults(&a.set);
	a.opt.sim = machine;
	a.opt.batch = true;
	a.interval = 1;
	a.sim = simm_load(machine, err, sizeof(err));
	if (!a.sim) {
		fprintf(stderr, "bench_refresh: %s: %s\n", machine, err);
		return 1;
	}
	t_load = now_ns();
	c_load = cpu_ns();
	snprintf(a.sim_dir, sizeof(a.sim_dir), "%s/pmutop-bench.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(a.sim_dir) || simm_write_tree(a.sim, a.sim_dir) < 0) {
		fprintf(stderr, "bench_refresh: cannot write the tree\n");
		return 1;
	}
	t_tree = now_ns();
	c_tree = cpu_ns();
	snprintf(root, sizeof(root), "%s/sys", a.sim_dir);
	sysfs_set_root(root);
	a.seam = simk_new(a.sim, NULL);
	if (!a.seam)
		return 1;
	ts_wrap(&ts, a.seam);
	ts.on = ts.cpu = 1;
	t_kern = now_ns();
	if (topo_load(&a.topo) < 0 || pmus_load(&a.reg) < 0) {
		fprintf(stderr, "bench_refresh: topology or PMUs did not load\n");
		return 1;
	}
	topo_assign_core_pmus(&a.topo, &a.reg);
	t_topo = now_ns();
	a.seam = &ts.pub;
	/* "default": the architecture's default set, resolved with the vendor catalog set up as the
	 * program does it (it must stay unread: names come from it only when asked) */
	catalog_init(&a.cat, NULL, NULL, NULL);
	catalog_set_active(&a.cat);
	if (strcmp(events, "default") == 0)   /* as cli.c chooses it, with the machine's LLC events */
		events = settings_default_events(&a.reg, a.topo.vendor, a.topo.family, a.topo.model_id,
						 "default", dflt, sizeof(dflt));
	if (!events || parse_events(&a, events) < 0 || app_open_events(&a) != 0)
		return 1;
	t_open = now_ns();
	sim_open = ts.ns;
	ob_init(&b, 1 << 16);
	app_sample(&a);
	out_json_frame(&b, &a);
	t_first = now_ns();
	c_first = cpu_ns();
	sim_first = ts.ns - sim_open;
	{
		double ms = 1e-6, cc = cpu_clock_cost_ns();
		/* each timed seam call read the CPU clock twice: one read's cost fell inside the
		 * call's figure, about one outside it (in pmutop's share) */
		double own_cpu = (double)(c_load - c0) + (double)(c_first - c_tree) - (double)ts.cpu_ns -
				 cc * (double)ts.calls;
		double own = (double)(t_kern - t_tree) + (double)(t_topo - t_kern) +
			     (double)(t_open - t_topo) - (double)sim_open + (double)(t_first - t_open) -
			     (double)sim_first + (double)(t_load - t0);
		printf("{\"mode\":\"startup\",\"machine\":\"%s\",\"ncpus\":%d,\"nev\":%d,"
		       "\"load_desc_ms\":%.3f,\"tree_ms\":%.3f,\"sim_kernel_new_ms\":%.3f,"
		       "\"topo_pmus_ms\":%.3f,\"open_events_ms\":%.3f,\"open_sim_ms\":%.3f,"
		       "\"first_sample_ms\":%.3f,\"first_sample_sim_ms\":%.3f,"
		       "\"own_ms\":%.3f,\"total_ms\":%.3f,\"own_cpu_ms\":%.3f,\"sim_cpu_ms\":%.3f,"
		       "\"tree_cpu_ms\":%.3f,\"seam_calls\":%llu,\"cpu_clock_ns\":%.0f,\"catalog_loaded\":%s}\n",
		       machine, a.model.ncpus, a.model.nev,
		       (double)(t_load - t0) * ms, (double)(t_tree - t_load) * ms,
		       (double)(t_kern - t_tree) * ms, (double)(t_topo - t_kern) * ms,
		       (double)(t_open - t_topo) * ms, (double)sim_open * ms,
		       (double)(t_first - t_open) * ms, (double)sim_first * ms,
		       own * ms, (double)(t_first - t0) * ms,
		       /* CPU time: the description's load plus everything after the tree, less the
			* simulated kernel's calls and the clock reads timing them */
		       own_cpu * ms,
		       (double)ts.cpu_ns * ms, (double)(c_tree - c_load) * ms, (unsigned long long)ts.calls, cc,
		       a.cat.loaded ? "true" : "false");
	}
	ob_free(&b);
	a.seam = ts.in;
	catalog_set_active(NULL);
	app_close(&a);
	return 0;
}

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The simulated kernel alone: NEV raw core events per CPU, each a group of its own (the most
 * groups, so the most scheduling work), opened disabled and enabled as counters_open does, then
 * read once and closed. CPU time of each phase (open includes enable). */
static int do_simopen(const char *machine, int nev)
{
	char err[256];
	struct sim_machine *m = simm_load(machine, err, sizeof(err));
	const struct perf_seam *s;
	struct perf_event_attr a;
	uint64_t buf[8];
	double t0, te, t1, t2, t3;
	int ncpus, *fd, opened = 0;

	if (!m) {
		fprintf(stderr, "bench_refresh: %s: %s\n", machine, err);
		return 1;
	}
	s = simk_new(m, NULL);
	ncpus = simm_ncpus(m);
	fd = malloc(sizeof(int) * (size_t)ncpus * (size_t)nev);
	if (!s || !fd)
		return 1;
	t0 = cpu_s();
	for (int c = 0; c < ncpus; c++)
		for (int e = 0; e < nev; e++) {
			memset(&a, 0, sizeof(a));
			a.size = sizeof(a);
			a.type = PERF_TYPE_RAW;
			a.config = (uint64_t)(1u << (e % 8)) << 8 | (uint64_t)(0x10 + e / 8);   /* r0110, r0210, ... */
			a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED |
					PERF_FORMAT_TOTAL_TIME_RUNNING;
			a.disabled = 1;
			fd[(size_t)c * nev + e] = s->open(s->ctx, &a, -1, c, -1, 0);
			opened += fd[(size_t)c * nev + e] >= 0;
		}
	te = cpu_s();
	for (size_t i = 0; i < (size_t)ncpus * nev; i++)
		if (fd[i] >= 0)
			s->ioctl(s->ctx, fd[i], PERF_EVENT_IOC_ENABLE, 0);
	t1 = cpu_s();
	for (size_t i = 0; i < (size_t)ncpus * nev; i++)
		if (fd[i] >= 0)
			s->read(s->ctx, fd[i], buf, sizeof(buf));
	t2 = cpu_s();
	for (size_t i = 0; i < (size_t)ncpus * nev; i++)
		if (fd[i] >= 0)
			s->close(s->ctx, fd[i]);
	t3 = cpu_s();
	printf("{\"mode\":\"simopen\",\"machine\":\"%s\",\"ncpus\":%d,\"nev\":%d,\"opened\":%d,"
	       "\"open_cpu_s\":%.4f,\"enable_cpu_s\":%.4f,\"read_cpu_s\":%.4f,\"close_cpu_s\":%.4f}\n", machine, ncpus, nev, opened,
	       t1 - t0, t1 - te, t2 - t1, t3 - t2);
	free(fd);
	simk_free((struct perf_seam *)s);
	simm_free(m);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "simopen") == 0)
		return atoi(argv[3]) > 0 ? do_simopen(argv[2], atoi(argv[3])) : 2;
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "refresh") == 0) {
		long n = strtol(argv[4], NULL, 10);
		int rep = argc == 6 ? atoi(argv[5]) : 1;
		return n > 0 && rep > 0 ? do_refresh(argv[2], argv[3], n, rep) : 2;
	}
	if (argc == 4 && strcmp(argv[1], "startup") == 0)
		return do_startup(argv[2], argv[3]);
	fprintf(stderr, "usage: bench_refresh refresh MACHINE|live EVENTS|default N [R] | startup MACHINE EVENTS | simopen MACHINE NEV\n");
	return 2;
}
