/* disc.h: Intel uncore PMON discovery: the table format (parse and build, pure functions over bytes),
 * DVSEC scanning through libpci, and the box inventory. Knows nothing of curses or perf. */
#ifndef PMUTOP_DISC_H
#define PMUTOP_DISC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum disc_access { DISC_MSR = 0, DISC_MMIO = 1, DISC_PCI = 2, DISC_RESERVED = 3 };

struct disc_global {          /* PMU-FACTS section 5, global entry */
	int type, stride, max_units, access;  /* stride in units of 8 bytes */
	uint64_t ctl;
	int status_offset, num_status;
};

struct disc_unit {            /* one unit entry */
	int num_regs, ctl_offset, bit_width, ctr_offset, status_offset, access;
	uint64_t ctl;             /* box control address */
	int box_type, box_id;
};

struct disc_table {
	struct disc_global g;
	int nunits;
	struct disc_unit *units;  /* the valid units, table order (malloc'd) */
	int skipped;              /* entries dropped by validation */
};

/* Parse a discovery table from buf[0..len). Never reads outside it.
 * Returns 0 (possibly with skipped > 0), or -EINVAL when the global entry
 * itself is unusable. */
int disc_parse_table(const uint8_t *buf, size_t len, struct disc_table *out);
void disc_table_free(struct disc_table *t);

/* Inverse of disc_parse_table, for fixtures: write the global entry and the
 * units at stride g->stride into buf. Returns bytes used or -ENOSPC. */
long disc_build_table(const struct disc_global *g, const struct disc_unit *u, int n,
		      uint8_t *buf, size_t len);

/* Build a 4 KiB config space for fixtures: vendor/device/class, BARs, a capability
 * list pointer of 0, and an extended-capability chain of DVSECs starting at 0x100.
 * Each DVSEC has the given vendor, id, and BIR at +0xC. bar[i] is the raw BAR register
 * value (flags included); 64-bit BARs take the next slot for the high half. */
struct disc_fixture_dvsec { uint16_t vendor; uint16_t id; uint8_t bir; uint16_t length; };
int disc_build_config(uint8_t cfg[4096], uint16_t vendor, uint16_t device, uint32_t class_rev,
		      const uint32_t bar[6], const struct disc_fixture_dvsec *dv, int ndv);

/* --- inventory --- */
struct disc_dvsec {
	char bdf[16];          /* "0000:00:03.1" */
	int id;                /* DVSEC ID */
	int bir;
	uint64_t bar;          /* BAR base address, 0 when unresolved */
	int socket;            /* -1 when unknown */
	bool used;             /* id 1 with a table read */
	char note[160];        /* why the table was not read, "" otherwise */
};

struct disc_box {
	int socket, type, box_id, access;
	char name[24];         /* "imc", "type 23" */
	uint64_t ctrl_addr;
	int num_counters, counter_width, ctrl_offset, ctr_offset;
	char kernel_pmu[48];   /* "uncore_imc_3", "" when the kernel has none */
};

struct disc_inventory {
	int ndvsec; struct disc_dvsec *dvsec;
	int nboxes; struct disc_box *boxes;   /* sorted by socket, type, box_id */
	int skipped;
	char generation[32];   /* "sapphire_rapids", ... "" unknown */
	char warning[256];     /* e.g. BAR mapping refused; "" none */
};

struct disc_options {
	const char *sysfs_root;  /* folder holding bus/pci/devices ("/sys") */
	const char *pci_dump;    /* lspci -xxxx dump file, or NULL for linux-sysfs */
	const char *generation;  /* core PMU caps/pmu_name, or NULL (then from cpu_model) */
	const char *cpu_model;   /* fallback for the generation */
	/* NUMA node -> socket, or -1; NULL when unknown */
	int (*node_socket)(int node, void *arg);
	void *arg;
	const char *const *kernel_pmus;  /* NULL-terminated names of registered PMUs */
};

/* Scan, read tables, name, attribute and match. Returns 0 (inventory filled,
 * possibly empty, with warnings) or a negative errno with msg filled. */
int disc_scan(const struct disc_options *o, struct disc_inventory *inv, char *msg, size_t msglen);
void disc_inventory_free(struct disc_inventory *inv);

/* Box type name for a generation, or NULL when the table has none. */
const char *disc_type_name(const char *generation, int type);
#endif
