/* cpulist.c: parse and print the kernel's CPU list syntax. */
#include "cpulist.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CPULIST_MAX (1 << 20)

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int read_num(const char **p, long *v)
{
	char *end;
	if (!isdigit((unsigned char)**p))
		return -EINVAL;
	*v = strtol(*p, &end, 10);
	if (*v < 0 || *v > CPULIST_MAX)
		return -EINVAL;
	*p = end;
	return 0;
}

int cpulist_parse(const char *s, int **out)
{
	int *v = NULL, n = 0, cap = 0, i, k;
	const char *p = s;
	long a, b;

	*out = NULL;
	while (*p == ' ' || *p == '\n')
		p++;
	while (*p && *p != '\n') {
		if (read_num(&p, &a) < 0)
			goto bad;
		b = a;
		if (*p == '-') {
			p++;
			if (read_num(&p, &b) < 0 || b < a)
				goto bad;
		}
		for (long c = a; c <= b; c++) {
			if (n == cap) {
				int *nv;
				cap = cap ? cap * 2 : 16;
				nv = realloc(v, (size_t)cap * sizeof(*v));
				if (!nv) {
					free(v);
					return -ENOMEM;
				}
				v = nv;
			}
			v[n++] = (int)c;
		}
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			goto bad;
	}
	if (n == 0) {
		free(v);
		return 0;
	}
	qsort(v, (size_t)n, sizeof(*v), cmp_int);
	for (i = 1, k = 1; i < n; i++)
		if (v[i] != v[k - 1])
			v[k++] = v[i];
	*out = v;
	return k;
bad:
	free(v);
	return -EINVAL;
}

int cpulist_format(const int *cpus, int n, char *buf, size_t len)
{
	size_t used = 0;
	int i = 0, r;

	if (len == 0)
		return -ENOSPC;
	buf[0] = '\0';
	while (i < n) {
		int j = i;
		while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
			j++;
		if (j == i)
			r = snprintf(buf + used, len - used, "%s%d", used ? "," : "", cpus[i]);
		else
			r = snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", cpus[i], cpus[j]);
		if (r < 0 || (size_t)r >= len - used)
			return -ENOSPC;
		used += (size_t)r;
		i = j + 1;
	}
	return 0;
}

int cpulist_has(const int *cpus, int n, int cpu)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (cpus[mid] == cpu)
			return 1;
		if (cpus[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}
