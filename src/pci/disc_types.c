/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_types.c: the box type names of each CPU generation (PMU-FACTS section 5), in one table. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "disc.h"

#define MAX_TYPE 23

static const char *const spr_types[MAX_TYPE] = {
	[0] = "cha", [1] = "iio", [2] = "irp", [3] = "m2pcie", [4] = "pcu", [6] = "imc", [7] = "m2m",
	[8] = "upi", [9] = "m3upi", [11] = "mdf", [12] = "cxlcm", [13] = "cxldp", [14] = "hbm",
};

static const char *const gnr_types[MAX_TYPE] = {
	[0] = "cha", [1] = "iio", [2] = "irp", [4] = "pcu", [5] = "ubox", [6] = "imc", [8] = "upi",
	[12] = "cxlcm", [13] = "cxldp", [15] = "b2hot", [16] = "b2cmi", [17] = "b2cxl", [18] = "b2upi",
	[20] = "mdf_sbo", [21] = "pciex16", [22] = "pciex8",
};

/* pmu_name (the core PMU's caps/pmu_name), the family-6 model numbers, and the words of the
 * marketing name that identify it, for the fallback from /proc/cpuinfo. */
static const struct gen {
	const char *pmu_name;
	int models[2];
	const char *words;
	const char *const *types;
} gens[] = {
	{ "sapphire_rapids", { 0x8f }, "sapphire rapids", spr_types },
	{ "emerald_rapids", { 0xcf }, "emerald rapids", spr_types },
	{ "granite_rapids", { 0xad, 0xae }, "granite rapids", gnr_types },
	{ "sierra_forest", { 0xaf }, "sierra forest", gnr_types },
};

#define NGENS (sizeof(gens) / sizeof(gens[0]))

static const struct gen *gen_find(const char *pmu_name)
{
	for (size_t i = 0; pmu_name && i < NGENS; i++)
		if (strcmp(gens[i].pmu_name, pmu_name) == 0)
			return &gens[i];
	return NULL;
}

/* Case-insensitive substring match where '_' in the model string counts as a space. */
static bool has_words(const char *s, const char *words)
{
	size_t n = strlen(words);

	for (; *s; s++) {
		size_t i = 0;

		while (i < n && s[i] && (tolower((unsigned char)s[i]) == words[i] ||
					 (s[i] == '_' && words[i] == ' ')))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

const char *disc_generation(const char *pmu_name, const char *cpu_model)
{
	const struct gen *g = gen_find(pmu_name);
	char *end;
	long model;

	if (g)
		return g->pmu_name;
	if (!cpu_model || !*cpu_model)
		return NULL;
	model = strtol(cpu_model, &end, 0);
	if (*end == 0 && end != cpu_model) {
		for (size_t i = 0; i < NGENS; i++)
			for (int j = 0; j < 2; j++)
				if (gens[i].models[j] && gens[i].models[j] == model)
					return gens[i].pmu_name;
		return NULL;
	}
	for (size_t i = 0; i < NGENS; i++)
		if (has_words(cpu_model, gens[i].words))
			return gens[i].pmu_name;
	return NULL;
}

const char *disc_type_name(const char *generation, int type)
{
	const struct gen *g = gen_find(generation);

	if (!g || type < 0 || type >= MAX_TYPE)
		return NULL;
	return g->types[type];
}
