/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* sim_find.c: find a machine description (built in, or a file) and hand its text to simm_parse. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim.h"

struct sim_embedded { const char *name; const char *text; };
extern const struct sim_embedded sim_embedded_machines[];

#define DESC_MAX (4u << 20)   /* the largest built-in description is ~30 KB */

/* The whole file, at most DESC_MAX bytes; a FIFO or device is refused instead of read. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	char *buf;
	size_t n = 0;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)DESC_MAX) {
		snprintf(err, errlen, "%s: %s", path, !S_ISREG(st.st_mode) ? "not a regular file" :
			 "larger than 4 MiB: not a machine description");
		close(fd);
		return NULL;
	}
	buf = malloc((size_t)st.st_size + 1);
	while (buf && n < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + n, (size_t)st.st_size - n);

		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (!buf)
		snprintf(err, errlen, "%s: out of memory", path);
	else
		buf[n] = 0;
	*len = n;
	return buf;
}

struct sim_machine *simm_load(const char *name_or_path, char *err, size_t errlen)
{
	if (!name_or_path || !*name_or_path) {
		snprintf(err, errlen, "no machine given");
		return NULL;
	}
	for (int i = 0; sim_embedded_machines[i].name; i++)
		if (!strcmp(sim_embedded_machines[i].name, name_or_path)) {
			const char *t = sim_embedded_machines[i].text;

			return simm_parse(name_or_path, name_or_path, t, strlen(t), err, errlen);
		}
	if (strchr(name_or_path, '/') || strstr(name_or_path, ".machine")) {
		const char *b = strrchr(name_or_path, '/');
		struct sim_machine *m;
		size_t len;
		char *text = slurp(name_or_path, &len, err, errlen), nm[128];

		if (!text)
			return NULL;
		snprintf(nm, sizeof(nm), "%s", b ? b + 1 : name_or_path);
		if (strstr(nm, ".machine"))
			*strstr(nm, ".machine") = 0;
		m = simm_parse(name_or_path, nm, text, len, err, errlen);
		free(text);
		return m;
	}
	snprintf(err, errlen, "unknown machine '%s' (pmutop --list-machines lists the built-in ones; "
		 "or give a description file)", name_or_path);
	return NULL;
}

const char *const *simm_builtin_names(void)
{
	static const char *names[64];

	if (!names[0])
		for (int i = 0, k = 0; sim_embedded_machines[i].name && k < 63; i++)
			names[k++] = sim_embedded_machines[i].name;
	return names;
}
