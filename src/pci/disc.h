/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc.h: Intel uncore PMON discovery: the table format (parse and build, pure functions over bytes),
 * DVSEC scanning through libpci, and the box inventory. Knows nothing of curses or perf. */
#ifndef PMUTOP_DISC_H
#define PMUTOP_DISC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct errmsg;

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

/* Parse a discovery table from buf[0..len). Never reads outside it. Units that do not fit
 * in len, and units the kernel would drop (zero/all-ones words, reserved access, zero
 * ctl/ctr offsets, duplicate box id within a type) are counted in skipped.
 * Returns 0 (possibly with skipped > 0), -EINVAL when the global entry itself is unusable
 * (len < 24, zero/all-ones words, stride under 3 words; skipped = max_units), or -ENOMEM. */
int disc_parse_table(const uint8_t *buf, size_t len, struct disc_table *out);
void disc_table_free(struct disc_table *t);

/* Inverse of disc_parse_table, for fixtures: write the global entry (max_units as given) and
 * the n units at stride g->stride into buf. Returns bytes used, -ENOSPC, or -EINVAL when a
 * stride under 3 words would make units overlap. */
long disc_build_table(const struct disc_global *g, const struct disc_unit *u, int n,
		      uint8_t *buf, size_t len);

/* Build a 4 KiB config space for fixtures: vendor/device/class, BARs, a PCI Express capability
 * at 0x90 (libpci and lspci walk extended capabilities only behind one), and an
 * extended-capability chain of DVSECs starting at 0x100, packed at max(16, length) bytes.
 * Each DVSEC has the given vendor, id, and length (0 = 16); bir is written as the whole +0xC
 * dword, so fixtures can set reserved bits. bar (may be NULL) holds the raw BAR register
 * value (flags included); 64-bit BARs take the next slot for the high half. */
struct disc_fixture_dvsec { uint16_t vendor; uint16_t id; uint8_t bir; uint16_t length; };
int disc_build_config(uint8_t cfg[4096], uint16_t vendor, uint16_t device, uint32_t class_rev,
		      const uint32_t bar[6], const struct disc_fixture_dvsec *dv, int ndv);

/* Write one device of a fixture sysfs tree: ROOT/bus/pci/devices/BDF/{config,vendor,device,class,
 * irq,resource,numa_node,resourceN}. The resource lines come from cfg's BARs with size
 * res_size[i] (0: unimplemented); resourceN is written (res_size[i] bytes, zero padded) when
 * res[i] is not NULL. numa_node may be -1. Returns 0 or a negative errno. */
struct disc_fixture_dev {
	const char *bdf;             /* "0000:00:03.1" */
	const uint8_t *cfg;          /* 4096 bytes */
	int numa_node;
	uint64_t res_size[6];
	const uint8_t *res[6]; size_t res_len[6];
};
int disc_fixture_write_sysfs(const char *root, const struct disc_fixture_dev *d);
/* The same under an open sysfs root directory: files are created new (O_EXCL) and no link is
 * followed, so the device cannot be written outside rootfd. */
int disc_fixture_write_sysfs_at(int rootfd, const struct disc_fixture_dev *d);
/* Append one device to an `lspci -xxxx` style dump, readable by libpci's dump method. */
int disc_fixture_write_dump(FILE *f, const char *bdf, const uint8_t *cfg);

/* --- lspci dumps --- */
#define DISC_DUMP_MAX_BYTES   (64 << 20)  /* a 65,536-device dump with -vvv text fits */
#define DISC_DUMP_MAX_LINE    4096
#define DISC_DUMP_MAX_LINES   (4 << 20)
#define DISC_DUMP_MAX_DEVICES 65536       /* bus x slot x function of one domain */
/* Check the text of an `lspci -xxxx` dump (pure: no I/O): device lines "[domain:]bus:slot.func ..." with
 * each field in range, config lines "OFF: xx xx ..." inside a device with at most 16 bytes, all within
 * the 4,096 bytes of config space; no NUL bytes, bounded lines and devices. Other text is ignored, as
 * libpci does. Returns 0, or -EINVAL with "LINE: why" in em (may be NULL). */
int disc_dump_check(const char *text, size_t len, struct errmsg *em);
/* Open a dump for libpci: refuse what is not a regular file (a directory, FIFO or device) without
 * blocking, read at most DISC_DUMP_MAX_BYTES, check it with disc_dump_check, and return a memfd holding
 * the checked bytes (the caller closes it), or a negative errno with "PATH[:LINE]: why" in em (may be
 * NULL). */
int disc_dump_open(const char *path, struct errmsg *em);

/* --- inventory --- */
struct disc_dvsec {
	char bdf[16];          /* "0000:00:03.1" */
	int id;                /* DVSEC ID */
	int bir;               /* -1 when not read (DVSEC IDs other than 1) */
	uint64_t bar;          /* BAR base address, 0 when unresolved */
	int socket;            /* from numa_node via node_socket, else the device's rank among
				* discovery devices in bus order */
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
 * possibly empty, with warnings; em cleared) or a negative errno with em (may be NULL) filled (libpci
 * could not open the tree or the dump: its errors come back here, never exit(); nothing said for
 * -ENOMEM). sysfs_root NULL
 * means "/sys". A box's kernel PMU is uncore_<name>_<n> (uncore_<name> for a type with one
 * box id, uncore_type_<type>[_<n>] for unnamed types), n numbering the type's distinct box ids
 * in order, or the box id itself when that names more of kernel_pmus. Not reentrant: libpci's
 * handlers carry no context. The caller frees with disc_inventory_free. */
int disc_scan(const struct disc_options *o, struct disc_inventory *inv, struct errmsg *em);
void disc_inventory_free(struct disc_inventory *inv);

/* Box type name for a generation, or NULL when the table has none. */
const char *disc_type_name(const char *generation, int type);
/* The generation ("sapphire_rapids", ...) from the core PMU's caps/pmu_name, else from the CPU
 * model: a family-6 model number ("143", "0x8f") or a model name containing "Sapphire Rapids";
 * NULL when neither identifies one. */
const char *disc_generation(const char *pmu_name, const char *cpu_model);

/* Copy the table at BAR bir of device bdf: mmap SYSFS_ROOT/bus/pci/devices/BDF/resourceN read-only,
 * else (only when sysfs_root is "/sys") /dev/mem at base. bar_size 0 = unknown. Reads the global
 * entry, then the table it describes clamped to the BAR. 0 with *buf malloc'd, or a negative errno
 * with why in em (may be NULL). */
int disc_bar_read(const char *sysfs_root, const char *bdf, int bir, uint64_t base, uint64_t bar_size,
		  uint8_t **buf, size_t *len, struct errmsg *em);
#endif
