/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_scan.c: find PMON discovery DVSECs with libpci, read their tables, and build the box inventory. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pci/pci.h>

#include "disc.h"
#include "base/errmsg.h"

#define VENDOR_INTEL     0x8086
#define ECAP_DVSEC       0x23
#define DVSEC_PMON       1
#define DISC_MAX_DVSECS  4096   /* a hostile dump may give every device hundreds */

/* libpci's handlers take no context argument, and its error handler must not return: the scan
 * keeps its state here and longjmps back. One scan at a time. */
static struct scan_ctx {
	jmp_buf jmp;
	char error[256];
	char warning[256];
} *ctx;

static void __attribute__((noreturn, format(printf, 1, 2))) on_error(char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->error, sizeof(ctx->error), fmt, ap);
	va_end(ap);
	longjmp(ctx->jmp, 1);
}

static void __attribute__((format(printf, 1, 2))) on_warning(char *fmt, ...)
{
	va_list ap;

	if (ctx->warning[0])
		return;         /* keep the first: later ones are usually its consequences */
	va_start(ap, fmt);
	vsnprintf(ctx->warning, sizeof(ctx->warning), fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 1, 2))) on_debug(char *fmt, ...)
{
	(void)fmt;
}

/* Grow-by-one append; returns the new zeroed element or NULL. */
static void *append(void **arr, int *n, size_t size)
{
	char *p = realloc(*arr, (size_t)(*n + 1) * size);

	if (!p)
		return NULL;
	*arr = p;
	memset(p + (size_t)*n * size, 0, size);
	return p + (size_t)(*n)++ * size;
}

static void set_warning(struct disc_inventory *inv, const char *text)
{
	size_t i = 0;

	if (inv->warning[0])
		return;
	for (; text[i] && i < sizeof(inv->warning) - 1; i++)
		inv->warning[i] = text[i];
	inv->warning[i] = 0;
}

struct dev_ref {
	struct pci_dev *d;
	char bdf[16];
};

static int dev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct dev_ref *)a)->bdf, ((const struct dev_ref *)b)->bdf);
}

/* Resolve BAR bir from config space (PMU-FACTS section 5): memory BARs only, 64-bit ones take the
 * next register as the high half, and the table starts at the base with the low 12 bits cleared. */
static int bar_resolve(struct pci_dev *d, int bir, uint64_t *base, struct errmsg *em)
{
	uint32_t lo = pci_read_long(d, PCI_BASE_ADDRESS_0 + 4 * bir);
	uint64_t v = lo;

	if (lo & PCI_BASE_ADDRESS_SPACE_IO)
		return errmsg_set(em, -EINVAL, "BAR%d is an I/O BAR, not memory: skipped", bir);
	if ((lo & PCI_BASE_ADDRESS_MEM_TYPE_MASK) == PCI_BASE_ADDRESS_MEM_TYPE_64) {
		if (bir == 5)
			return errmsg_set(em, -EINVAL, "BAR5 claims 64 bits but is the last BAR: skipped");
		v |= (uint64_t)pci_read_long(d, PCI_BASE_ADDRESS_0 + 4 * (bir + 1)) << 32;
	}
	*base = v & ~0xfffull;
	if (!*base)
		return errmsg_set(em, -EINVAL, "BAR%d is not assigned (address 0): skipped", bir);
	return 0;
}

static int add_boxes(struct disc_inventory *inv, const struct disc_table *t, int socket)
{
	for (int i = 0; i < t->nunits; i++) {
		const struct disc_unit *u = &t->units[i];
		const char *name = disc_type_name(inv->generation, u->box_type);
		struct disc_box *b = append((void **)&inv->boxes, &inv->nboxes, sizeof(*b));

		if (!b)
			return -ENOMEM;
		b->socket = socket;
		b->type = u->box_type;
		b->box_id = u->box_id;
		b->access = u->access;
		if (name)
			snprintf(b->name, sizeof(b->name), "%s", name);
		else
			snprintf(b->name, sizeof(b->name), "type %d", u->box_type);
		b->ctrl_addr = u->ctl;
		b->num_counters = u->num_regs;
		b->counter_width = u->bit_width;
		b->ctrl_offset = u->ctl_offset;
		b->ctr_offset = u->ctr_offset;
	}
	inv->skipped += t->skipped;
	return 0;
}

/* One PMON DVSEC: check BIR, resolve the BAR, read and parse the table. Failures become notes. */
static int read_pmon(const struct disc_options *o, struct pci_dev *d, int where,
		     struct disc_inventory *inv, struct disc_dvsec *dv)
{
	uint32_t birw = pci_read_long(d, where + 0xc);
	struct disc_table t;
	struct errmsg why;
	uint8_t *buf;
	size_t len;
	int rc;

	dv->bir = birw & 7;
	/* The kernel gives up when any bit beside the BIR is set: the entry is not what we think. */
	if (birw & ~7u) {
		snprintf(dv->note, sizeof(dv->note), "reserved bits set at DVSEC+0xc (0x%08x): skipped", birw);
		return 0;
	}
	if (dv->bir > 5) {
		snprintf(dv->note, sizeof(dv->note), "BIR %d names no BAR: skipped", dv->bir);
		return 0;
	}
	if (bar_resolve(d, dv->bir, &dv->bar, &why)) {
		snprintf(dv->note, sizeof(dv->note), "%.*s", (int)sizeof(dv->note) - 1, why.text);
		return 0;
	}
	if (o->pci_dump) {
		snprintf(dv->note, sizeof(dv->note),
			 "table not read: a dump holds config space only, not BAR%d memory", dv->bir);
		set_warning(inv, "discovery tables cannot be read from a PCI dump; DVSECs only");
		return 0;
	}
	rc = disc_bar_read(o->sysfs_root, dv->bdf, dv->bir, dv->bar, (uint64_t)d->size[dv->bir], &buf, &len, &why);
	if (rc) {
		snprintf(dv->note, sizeof(dv->note), "%.*s", (int)sizeof(dv->note) - 1, why.text);
		set_warning(inv, dv->note);
		return rc == -ENOMEM ? rc : 0;
	}
	rc = disc_parse_table(buf, len, &t);
	free(buf);
	if (rc == -ENOMEM)
		return rc;
	if (rc) {
		snprintf(dv->note, sizeof(dv->note), "invalid global entry in the table at 0x%llx",
			 (unsigned long long)dv->bar);
		inv->skipped += t.skipped;
		return 0;
	}
	dv->used = true;
	rc = add_boxes(inv, &t, dv->socket);
	disc_table_free(&t);
	return rc;
}

/* A non-root reader of the real /sys sees only the first 64 bytes of config space. */
static bool ext_config_unreadable(const char *root, const char *bdf)
{
	char path[4096];
	uint32_t v;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/config", root, bdf);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return true;
	n = pread(fd, &v, sizeof(v), 0x100);
	close(fd);
	return n != (ssize_t)sizeof(v);
}

static int scan_device(const struct disc_options *o, struct dev_ref *r, int *npmon,
		       struct disc_inventory *inv)
{
	struct pci_dev *d = r->d;
	int socket = -1, rc = 0;
	bool pmon = false;

	if (d->numa_node >= 0 && o->node_socket)
		socket = o->node_socket(d->numa_node, o->arg);
	if (socket < 0)
		socket = *npmon;   /* fallback: the n-th discovery device in bus order */
	/* One walk of the capability list (pci_find_cap_nr per index would be quadratic in a dump's
	 * up to 1,024 capabilities per device), in the order pci_find_cap_nr numbers them. */
	pci_fill_info(d, PCI_FILL_CAPS | PCI_FILL_EXT_CAPS);
	for (struct pci_cap *c = d->first_cap; c && !rc; c = c->next) {
		struct disc_dvsec *dv;
		uint32_t h1;

		if (c->id != ECAP_DVSEC || c->type != PCI_CAP_EXTENDED)
			continue;
		h1 = pci_read_long(d, c->addr + 4);
		if ((h1 & 0xffff) != VENDOR_INTEL)
			continue;   /* another vendor's DVSEC (e.g. CXL's 1e98) */
		if (inv->ndvsec >= DISC_MAX_DVSECS) {
			set_warning(inv, "more Intel DVSECs than any machine has: the rest are ignored");
			break;
		}
		dv = append((void **)&inv->dvsec, &inv->ndvsec, sizeof(*dv));
		if (!dv)
			return -ENOMEM;
		snprintf(dv->bdf, sizeof(dv->bdf), "%s", r->bdf);
		dv->id = pci_read_word(d, c->addr + 8);
		dv->bir = -1;
		dv->socket = socket;
		if (dv->id != DVSEC_PMON)
			continue;
		pmon = true;
		rc = read_pmon(o, d, c->addr, inv, dv);
	}
	if (pmon)
		(*npmon)++;
	return rc;
}

static int box_cmp(const void *a, const void *b)
{
	const struct disc_box *x = a, *y = b;

	if (x->socket != y->socket)
		return x->socket < y->socket ? -1 : 1;
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	return (x->box_id > y->box_id) - (x->box_id < y->box_id);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* pmus: n names sorted by strcmp (a server has hundreds, asked about for every box twice) */
static bool pmu_listed(const char *const *pmus, size_t n, const char *name)
{
	return n && bsearch(&name, pmus, n, sizeof(*pmus), cmp_str);
}

/* Kernel PMU name of a box: uncore_<name>_<n>, uncore_<name> when its type has one box id (ids), and
 * uncore_type_<type>[_<n>] for types without a name. n is the position of the box id among the type's
 * distinct ids (pos), or the box id itself (newer kernels take it from the discovery table). */
static void kernel_name(const struct disc_inventory *inv, const struct disc_box *b, int pos, int ids,
			bool by_id, char *out, size_t len)
{
	int n = by_id ? b->box_id : pos;

	if (disc_type_name(inv->generation, b->type) == NULL)
		snprintf(out, len, ids == 1 ? "uncore_type_%d" : "uncore_type_%d_%d", b->type, n);
	else if (ids == 1)
		snprintf(out, len, "uncore_%s", b->name);
	else
		snprintf(out, len, "uncore_%s_%d", b->name, n);
}

/* Each PMU covers its box on every socket. Per type, use the numbering that names more registered
 * PMUs (positions on a tie), so sparse box ids match whichever scheme the running kernel uses. */
static int match_kernel(const struct disc_options *o, struct disc_inventory *inv)
{
	int *pos = calloc((size_t)inv->nboxes + 1, sizeof(int));
	int *ids = calloc((size_t)inv->nboxes + 1, sizeof(int));
	struct disc_box *pairs = calloc((size_t)inv->nboxes + 1, sizeof(*pairs));
	bool *scheme = calloc((size_t)inv->nboxes + 1, sizeof(bool));   /* by_id chosen for the box's run */
	const char **pmus = NULL;
	size_t npmus = 0;
	char name[48];
	int np = 0;

	while (o->kernel_pmus && o->kernel_pmus[npmus])
		npmus++;
	if (npmus && (pmus = malloc(npmus * sizeof(*pmus))) != NULL) {
		memcpy(pmus, o->kernel_pmus, npmus * sizeof(*pmus));
		qsort(pmus, npmus, sizeof(*pmus), cmp_str);
	}
	if (!pos || !ids || !pairs || !scheme || (npmus && !pmus)) {
		free(pos);
		free(ids);
		free(pairs);
		free(scheme);
		free(pmus);
		return -ENOMEM;
	}
	/* The distinct (type, box id) pairs in order give each box its position and its type's count. */
	for (int i = 0; i < inv->nboxes; i++) {
		pairs[i].type = inv->boxes[i].type;
		pairs[i].box_id = inv->boxes[i].box_id;
		pairs[i].socket = 0;
	}
	qsort(pairs, (size_t)inv->nboxes, sizeof(*pairs), box_cmp);
	for (int i = 0; i < inv->nboxes; i++)
		if (!np || pairs[np - 1].type != pairs[i].type || pairs[np - 1].box_id != pairs[i].box_id)
			pairs[np++] = pairs[i];
	for (int i = 0; i < inv->nboxes; i++)
		for (int j = 0; j < np; j++)
			if (pairs[j].type == inv->boxes[i].type) {
				ids[i]++;
				pos[i] += pairs[j].box_id < inv->boxes[i].box_id;
			}
	for (int i = 0; i < inv->nboxes; i++) {
		int hits[2] = { 0, 0 }, first = i;
		bool by_id;

		while (first > 0 && inv->boxes[first - 1].type == inv->boxes[i].type &&
		       inv->boxes[first - 1].socket == inv->boxes[i].socket)
			first--;
		if (first != i)
			continue;    /* boxes are sorted by socket then type: score each run once */
		/* the score counts the type's boxes of every socket: a type scored on an earlier socket
		 * keeps its scheme */
		while (--first >= 0 && inv->boxes[first].type != inv->boxes[i].type)
			;
		if (first >= 0) {
			by_id = scheme[first];
		} else {
			for (int j = 0; j < inv->nboxes; j++) {
				if (inv->boxes[j].type != inv->boxes[i].type)
					continue;
				for (int s = 0; s < 2; s++) {
					kernel_name(inv, &inv->boxes[j], pos[j], ids[j], s, name, sizeof(name));
					hits[s] += pmu_listed(pmus, npmus, name);
				}
			}
			by_id = hits[1] > hits[0];
		}
		for (int j = i; j < inv->nboxes && inv->boxes[j].type == inv->boxes[i].type &&
				inv->boxes[j].socket == inv->boxes[i].socket; j++) {
			scheme[j] = by_id;
			kernel_name(inv, &inv->boxes[j], pos[j], ids[j], by_id, name, sizeof(name));
			if (pmu_listed(pmus, npmus, name))
				snprintf(inv->boxes[j].kernel_pmu, sizeof(inv->boxes[j].kernel_pmu), "%s", name);
		}
	}
	free(pos);
	free(ids);
	free(pairs);
	free(scheme);
	free(pmus);
	return 0;
}

/* libpci opens and reads the attribute files of every device in a sysfs tree, blocking on a FIFO and
 * reading a device node as if it were config space. The kernel's tree holds directories, links to them
 * and regular files only: a fixture or handed-over tree with anything else is refused before libpci
 * sees it. Returns 0, or -EINVAL with the offending path in em. */
static int tree_check(const char *root, struct errmsg *em)
{
	char path[4096];
	struct dirent *de, *fe;
	DIR *d, *f;
	int rc = 0, dfd;
	struct stat st;

	snprintf(path, sizeof(path), "%s/bus/pci/devices", root);
	d = opendir(path);
	if (!d)
		return 0;          /* libpci reports a missing tree itself */
	while (!rc && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		dfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
		if (dfd < 0 || !(f = fdopendir(dfd))) {
			if (dfd >= 0)
				close(dfd);
			rc = errmsg_set(em, -EINVAL, "%s/%s: not a device directory: refusing this sysfs tree", path,
					de->d_name);
			break;
		}
		while ((fe = readdir(f))) {
			if (fstatat(dirfd(f), fe->d_name, &st, 0) == 0 && !S_ISREG(st.st_mode) &&
			    !S_ISDIR(st.st_mode)) {
				rc = errmsg_set(em, -EINVAL, "%s/%s/%s is not a regular file (a FIFO, socket or "
						"device): refusing this sysfs tree", path, de->d_name, fe->d_name);
				break;
			}
		}
		closedir(f);
	}
	closedir(d);
	return rc;
}

int disc_scan(const struct disc_options *o, struct disc_inventory *inv, struct errmsg *em)
{
	static struct scan_ctx sc;
	struct scan_state {
		struct pci_access *a;
		struct dev_ref *devs;
		int ndevs, npmon, unreadable, rc, dump_fd;
		char path[4096];
	} *s;
	const char *gen = disc_generation(o->generation, o->cpu_model);
	const char *root = o->sysfs_root ? o->sysfs_root : "/sys";
	struct disc_options opt = *o;

	memset(inv, 0, sizeof(*inv));
	errmsg_clear(em);
	opt.sysfs_root = root;
	snprintf(inv->generation, sizeof(inv->generation), "%s", gen ? gen : "");
	/* Everything that must survive a longjmp lives behind this pointer, not in locals. */
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->dump_fd = -1;
	memset(&sc, 0, sizeof(sc));
	ctx = &sc;
	s->a = pci_alloc();
	if (!s->a) {
		free(s);
		return -ENOMEM;
	}
	s->a->error = on_error;
	s->a->warning = on_warning;
	s->a->debug = on_debug;
	if (o->pci_dump) {
		/* libpci reads the checked private copy, never the file itself, which may change meanwhile. */
		s->dump_fd = disc_dump_open(o->pci_dump, em);
		if (s->dump_fd < 0) {
			s->rc = s->dump_fd;
			goto out;
		}
		snprintf(s->path, sizeof(s->path), "/proc/self/fd/%d", s->dump_fd);
		if (access(s->path, R_OK) != 0)
			snprintf(s->path, sizeof(s->path), "%s", o->pci_dump);   /* no /proc: the checked file */
		s->a->method = PCI_ACCESS_DUMP;
		pci_set_param(s->a, "dump.name", s->path);
	} else {
		if (strcmp(root, "/sys") != 0 && (s->rc = tree_check(root, em)) != 0)
			goto out;
		s->a->method = PCI_ACCESS_SYS_BUS_PCI;
		snprintf(s->path, sizeof(s->path), "%s/bus/pci", root);
		pci_set_param(s->a, "sysfs.path", s->path);
	}
	if (setjmp(sc.jmp)) {
		s->rc = errmsg_set(em, -EIO, "libpci (%s): %s", o->pci_dump ? "dump" : "linux-sysfs", sc.error);
		goto out;
	}
	pci_init(s->a);
	pci_scan_bus(s->a);
	for (struct pci_dev *d = s->a->devices; d; d = d->next) {
		struct dev_ref *r;

		pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_BASES | PCI_FILL_SIZES | PCI_FILL_NUMA_NODE);
		if (d->vendor_id != VENDOR_INTEL)
			continue;
		r = append((void **)&s->devs, &s->ndevs, sizeof(*r));
		if (!r) {
			s->rc = -ENOMEM;
			goto out;
		}
		r->d = d;
		snprintf(r->bdf, sizeof(r->bdf), "%04x:%02x:%02x.%d", d->domain & 0xffff, d->bus, d->dev, d->func);
	}
	if (s->ndevs)
		qsort(s->devs, (size_t)s->ndevs, sizeof(*s->devs), dev_cmp);
	for (int i = 0; i < s->ndevs; i++) {
		if (!o->pci_dump && ext_config_unreadable(root, s->devs[i].bdf))
			s->unreadable++;
		s->rc = scan_device(&opt, &s->devs[i], &s->npmon, inv);
		if (s->rc) {
			errmsg_set(em, s->rc, "discovery scan: %s", strerror(-s->rc));
			goto out;
		}
	}
	if (inv->nboxes)
		qsort(inv->boxes, (size_t)inv->nboxes, sizeof(*inv->boxes), box_cmp);
	s->rc = match_kernel(o, inv);
	if (s->rc)
		goto out;
	if (!s->npmon && s->unreadable) {
		char w[160];

		snprintf(w, sizeof(w), "the extended config space of %d Intel PCI device%s is not readable: "
			 "run as root to find the discovery tables", s->unreadable, s->unreadable > 1 ? "s" : "");
		set_warning(inv, w);
	}
	if (sc.warning[0]) {
		char w[300];

		snprintf(w, sizeof(w), "libpci: %s", sc.warning);
		set_warning(inv, w);
	}
out:
	pci_cleanup(s->a);
	ctx = NULL;
	if (s->dump_fd >= 0)
		close(s->dump_fd);
	free(s->devs);
	if (s->rc)
		disc_inventory_free(inv);
	{
		int rc = s->rc;

		free(s);
		return rc;
	}
}

void disc_inventory_free(struct disc_inventory *inv)
{
	if (!inv)
		return;
	free(inv->dvsec);
	free(inv->boxes);
	inv->dvsec = NULL;
	inv->boxes = NULL;
	inv->ndvsec = inv->nboxes = 0;
}
