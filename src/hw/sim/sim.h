/* sim.h: simulated machines: descriptions, generated sysfs trees and a simulated perf kernel. */
#ifndef PMUTOP_SIM_H
#define PMUTOP_SIM_H
#include <stddef.h>

struct perf_seam;
struct sim_machine;  /* opaque: a parsed description */

/* Load a machine by built-in name ("spr-2s") or by path to a description file.
 * Returns NULL and writes a message into err on failure. */
struct sim_machine *simm_load(const char *name_or_path, char *err, size_t errlen);
void simm_free(struct sim_machine *m);
const char *simm_name(const struct sim_machine *m);
/* NULL-terminated list of built-in machine names. */
const char *const *simm_builtin_names(void);

/* Write the machine's tree: DIR/sys/{devices,bus}/..., DIR/proc/{cpuinfo,sys/kernel/...}.
 * Returns 0 or a negative errno. */
int simm_write_tree(const struct sim_machine *m, const char *dir);

/* Faults to inject, from --sim-fault or PMUTOP_SIM_FAULT: a comma separated list of
 * eacces | emfile=N | enodev=CPU@SECONDS | shortread=N | readfail=N  (N: after N calls). */
struct sim_faults {
	int eacces;
	int emfile_after;   /* 0 = off; EMFILE once this many fds are open */
	int enodev_cpu;     /* -1 = off */
	double enodev_at;   /* seconds after the first open */
	int shortread_after, readfail_after; /* 0 = off; the Nth read onward */
};
int sim_faults_parse(const char *spec, struct sim_faults *f, char *err, size_t errlen);

/* A simulated kernel for the machine, behind the perf seam. */
struct perf_seam *simk_new(const struct sim_machine *m, const struct sim_faults *f);
void simk_free(struct perf_seam *s);
#endif
