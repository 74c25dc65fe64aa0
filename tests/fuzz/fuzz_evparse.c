/* fuzz_evparse.c: libFuzzer target for the event syntax parser over fixture PMUs (hybrid, uncore, krava):
 * no crash, errors point inside the input, and on error the list is left unchanged. */
// FUZZ_SOURCES: src/hw/evparse.c src/hw/evterms.c src/hw/evtables.c src/hw/pmu.c src/hw/sysfs.c src/hw/cpulist.c
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/evparse.h"
#include "hw/pmu.h"
#include "hw/sysfs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pmu_registry regs[3];
static int nregs;

static void load_once(void)
{
	static const char *const roots[] = { "tests/fixtures/sysfs/adl_hybrid", "tests/fixtures/sysfs/spr_uncore",
					     "tests/fixtures/sysfs/krava" };
	if (nregs)
		return;
	for (int i = 0; i < 3; i++) {
		sysfs_set_root(roots[i]);
		if (pmus_load(&regs[nregs]) == 0)
			nregs++;
	}
	if (!nregs)
		abort();   /* run from the repository root */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;
	struct ev_list l = { 0 };
	struct ev_error err;

	load_once();
	if (size == 0)
		return 0;
	s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	memset(&err, 0, sizeof(err));
	if (evparse(s, &regs[data[0] % nregs], NULL, &l, &err) < 0) {
		if (err.pos < 0 || (size_t)err.pos > strlen(s) || l.n != 0)
			abort();
	} else {
		for (int i = 0; i < l.n; i++)
			if (!l.ev[i].name || l.ev[i].group < 0 || l.ev[i].group >= l.ngroups)
				abort();
	}
	evlist_free(&l);
	free(s);
	return 0;
}
