/* cpulist.h: the kernel's CPU list syntax ("0-3,8,10-11"). */
#ifndef PMUTOP_CPULIST_H
#define PMUTOP_CPULIST_H
#include <stddef.h>

/* Parse a CPU list into a malloc'd ascending, de-duplicated array (*out,
 * caller frees). Returns the count, or -EINVAL on malformed text. An empty
 * string gives 0 and *out = NULL. CPU numbers above 1<<20 are rejected. */
int cpulist_parse(const char *s, int **out);
/* Write cpus (ascending) in the compact form into buf. Returns 0 or -ENOSPC. */
int cpulist_format(const int *cpus, int n, char *buf, size_t len);
/* 1 when cpu is in the sorted list. */
int cpulist_has(const int *cpus, int n, int cpu);
#endif
