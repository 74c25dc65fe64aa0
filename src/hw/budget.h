/* budget.h: counter slots per core PMU and what the requested events need. */
#ifndef PMUTOP_BUDGET_H
#define PMUTOP_BUDGET_H
#include <stdbool.h>
#include <stddef.h>

struct pmu_registry;
struct ev_list;
struct perf_seam;
struct topology;

struct budget {
	char pmu[48];      /* core PMU name */
	int gp, fixed;     /* counters per logical CPU, -1 when unknown */
	int width;         /* counter width in bits, 0 when unknown */
	bool nmi_watchdog; /* the NMI watchdog is on: a pinned cycles event on every CPU */
	bool watchdog_gp;  /* ... which holds a GP counter (no fixed cycles counter, as on AMD);
			    * else it holds the fixed cycles counter and a user's cycles needs a GP */
	int need_gp;       /* GP counters the largest group set needs on one CPU */
	int need_fixed;
	int offcore;       /* offcore events requested (only 2 MSRs) */
	int unplaced;      /* events limited to counters (the catalog's Counter) that find none free */
	bool multiplex;    /* the set will not fit */
	char source[32];   /* "CPUID 0x0A", "CPUID 0x80000022", "table", "description" */
};

/* One budget per core PMU in the registry. Returns how many were written. */
int budget_probe(const struct pmu_registry *reg, const struct topology *topo,
		 const struct perf_seam *seam, struct budget *out, int max);
/* Count what evl needs on each budget's PMU and decide whether it multiplexes. */
void budget_need(struct budget *b, int n, const struct pmu_registry *reg, const struct ev_list *evl);
/* The GP counters a catalog Counter field allows ("0,1,2,3", "0-3"), as a bit mask;
 * 0 when it names none (fixed counters, empty, unknown: any GP counter). */
unsigned long long budget_counter_mask(const char *counter);
/* "cpu: 8 GP + 4 fixed, 48-bit; NMI watchdog holds fixed cycles; 10 events need 6 GP: fits" */
void budget_describe(const struct budget *b, char *buf, size_t len);
#endif
