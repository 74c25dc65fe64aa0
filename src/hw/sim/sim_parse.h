/* sim_parse.h: the raw INI document of a description and the builders that read it (internal to src/hw/sim). */
#ifndef PMUTOP_SIM_PARSE_H
#define PMUTOP_SIM_PARSE_H
#include <stddef.h>
#include <stdint.h>
#include "hw/sim/sim_desc.h"

struct simp_sec { char *name; int n; struct simm_kv *kv; };
struct simp_doc { int n; struct simp_sec *secs; };

const char *simp_get(const struct simp_sec *s, const char *key);
int simp_int(const struct simp_sec *s, const char *key, int dflt);
double simp_double(const struct simp_sec *s, const char *key, double dflt);
int simp_u64_list(const char *v, uint64_t *out, int max);
int simp_generic_index(const char *name);
void simm_pmu_clear(struct simm_pmu *p);

/* [rates NAME] sections -> pmu rates; [rates software] -> sw_rate. */
int simp_rates(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
/* box.* keys of [pmu] and [box] sections -> m->boxes, sorted. */
int simp_boxes(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
/* [discovery] -> m->pci. */
int simp_discovery(struct sim_machine *m, const struct simp_doc *d, char *err, size_t errlen);
#endif
