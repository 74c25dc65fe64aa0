/* evterms.h: the inside of `pmu/term=value,alias,.../` resolved through one PMU's formats and aliases. */
#ifndef PMUTOP_EVTERMS_H
#define PMUTOP_EVTERMS_H
#include <stdbool.h>
#include <stdint.h>

struct pmu;
struct ev_error;

struct evterms {
	uint32_t type;        /* the PMU's type, or PERF_TYPE_HARDWARE/HW_CACHE for `cpu_core/cycles/` */
	uint64_t cfg[4];      /* config, config1, config2, config3 */
	double scale;         /* from the last alias used, else 1 */
	char unit[24];        /* from the last alias used, else "" */
	const char *base;     /* the alias or built-in name used first, NULL when only terms (points into
				 the PMU or static tables) */
	char *name;           /* value of a `name=` term (malloc'd), NULL when absent */
};

/* Resolve s[start..end) (the text between the slashes) for PMU p. hybrid: a
 * built-in hardware name inside a core PMU gets the PMU's extended type.
 * Returns 0, or -EINVAL with err naming the position in s; -ENOMEM.
 * On success the caller frees t->name. */
int evterms_resolve(const struct pmu *p, bool hybrid, const char *s, int start, int end,
		    struct evterms *t, struct ev_error *err);
/* Parse a decimal or 0x-hex unsigned 64-bit value s[0..len). Returns 0 or -EINVAL. */
int evterms_value(const char *s, int len, uint64_t *v);
#endif
