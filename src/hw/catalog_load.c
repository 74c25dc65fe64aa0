/* catalog_load.c: which tables a CPU gets, in order: JSON files from the first folder that has them, then libpfm4. */
#include "catalog.h"
#include "catalog_json.h"
#include "catalog_pfm.h"
#include <errno.h>
#include <stdio.h>

int catalog_load(struct catalog *c)
{
	int r = 0;

	if (c->loaded)
		return 0;
	c->loaded = true;
	if (!c->cpuid[0] && cpuid_detect(c->cpuid, sizeof(c->cpuid)) < 0)
		c->cpuid[0] = '\0';
	if (c->cpuid[0]) {
		for (int i = 0; i < c->ndirs && !c->json_from[0] && r != -ENOMEM; i++)
			r = catjson_load_dir(c, c->dirs[i]);
		if (r != -ENOMEM && !c->no_pfm)
			r = catpfm_load(c);
	}
	if (r == -ENOMEM || catalog_finish(c) < 0)
		return -ENOMEM;
	return 0;
}

