/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* evfixture.h: the parser tests' shared helpers: load a fixture sysfs tree's PMUs, parse into a list. */
#ifndef PMUTOP_EVFIXTURE_H
#define PMUTOP_EVFIXTURE_H
#include <stdio.h>
#include "hw/events/evparse.h"
#include "hw/sys/pmu.h"
#include "hw/sys/sysfs.h"

static struct pmu_registry reg;

/* Make tests/fixtures/sysfs/<fixture> the sysfs root and load its PMUs into reg. */
static void use(const char *fixture)
{
	char root[512];

	pmus_free(&reg);
	snprintf(root, sizeof(root), "tests/fixtures/sysfs/%s", fixture);
	sysfs_set_root(root);
	if (pmus_load(&reg) < 0)
		printf("     cannot load fixture %s\n", fixture);
}

/* Parse s into l (emptied first); prints the error when parsing fails. */
static int parse(const char *s, struct ev_list *l)
{
	struct ev_error err;
	int r;

	ev_list_free(l);
	r = evparse(s, &reg, NULL, l, &err);
	if (r < 0)
		printf("     evparse(\"%s\"): %d at %d: %s\n", s, r, err.pos, err.msg);
	return r;
}
/* Expect an error at pos whose message contains word. */
#define CHECK_ERR(s, want_pos, word) do { \
	struct ev_list el_ = { 0 }; struct ev_error e_; \
	int r_ = evparse((s), &reg, NULL, &el_, &e_); \
	CHECK(r_ == -EINVAL && e_.pos == (want_pos) && strstr(e_.msg, (word)), \
	      "\"%s\": r=%d pos=%d msg=\"%s\" (want pos %d, \"%s\")", (s), r_, e_.pos, e_.msg, (want_pos), (word)); \
	CHECK(el_.n == 0 && el_.ev == NULL, "out changed on error"); \
	ev_list_free(&el_); } while (0)
#endif
