/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* disc_fixture.c: write fixture PCI devices as a sysfs tree or an lspci dump, for tests and simulated machines. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hw/sys/fsat.h"
#include "disc.h"

/* The kernel's IORESOURCE_* flags, as shown in a device's sysfs "resource" file. */
#define RES_IO     0x00000100ull
#define RES_MEM    0x00000200ull
#define RES_PREF   0x00002000ull
#define RES_MEM64  0x00100000ull

static uint32_t get32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One "start end flags" line per BAR, then the ROM and bridge windows as zeros, like the kernel. */
static void resource_lines(const struct disc_fixture_dev *d, char *out, size_t outlen)
{
	size_t used = 0;

	for (int i = 0; i < 13; i++) {
		uint64_t start = 0, size = i < 6 ? d->res_size[i] : 0, flags = 0;

		if (size) {
			uint32_t lo = get32(d->cfg + 0x10 + 4 * i);

			if (lo & 1) {
				start = lo & ~3u;
				flags = RES_IO;
			} else {
				start = lo & ~0xfu;
				flags = RES_MEM | (lo & 8 ? RES_PREF : 0);
				if ((lo & 6) == 4 && i < 5) {
					start |= (uint64_t)get32(d->cfg + 0x14 + 4 * i) << 32;
					flags |= RES_MEM64;
				}
			}
		}
		used += (size_t)snprintf(out + used, outlen - used, "0x%016llx 0x%016llx 0x%016llx\n",
					 (unsigned long long)start,
					 (unsigned long long)(size ? start + size - 1 : 0),
					 (unsigned long long)flags);
		if (used >= outlen)
			return;
	}
}

static int write_sysfs_at(int rootfd, const struct disc_fixture_dev *d, int replace)
{
	char dir[300], name[340], text[64], res[13 * 60 + 1];
	struct fsat t;
	int rc;

	/* the address is a name in the tree: a crafted one must not lead out of it */
	if (strchr(d->bdf, '/') || !strcmp(d->bdf, ".") || !strcmp(d->bdf, "..") ||
	    snprintf(dir, sizeof(dir), "bus/pci/devices/%s", d->bdf) >= (int)sizeof(dir))
		return -EINVAL;
	fsat_init(&t, rootfd);
	t.replace = replace;
#define PUT(file, data, len, size) (snprintf(name, sizeof(name), "%s/%s", dir, file), \
				    fsat_write(&t, name, data, len, size))
	rc = PUT("config", d->cfg, 4096, 0);
	snprintf(text, sizeof(text), "0x%04x\n", d->cfg[0] | d->cfg[1] << 8);
	rc = rc ? rc : PUT("vendor", text, strlen(text), 0);
	snprintf(text, sizeof(text), "0x%04x\n", d->cfg[2] | d->cfg[3] << 8);
	rc = rc ? rc : PUT("device", text, strlen(text), 0);
	snprintf(text, sizeof(text), "0x%06x\n", get32(d->cfg + 8) >> 8);
	rc = rc ? rc : PUT("class", text, strlen(text), 0);
	rc = rc ? rc : PUT("irq", "0\n", 2, 0);
	snprintf(text, sizeof(text), "%d\n", d->numa_node);
	rc = rc ? rc : PUT("numa_node", text, strlen(text), 0);
	resource_lines(d, res, sizeof(res));
	rc = rc ? rc : PUT("resource", res, strlen(res), 0);
	for (int i = 0; i < 6 && !rc; i++) {
		char file[24];

		if (!d->res[i])
			continue;
		snprintf(file, sizeof(file), "resource%d", i);
		/* as long as the BAR, as the kernel's resource file is; the rest reads as zeros (sparse) */
		rc = PUT(file, d->res[i], d->res_len[i], d->res_size[i]);
	}
#undef PUT
	fsat_done(&t);
	return rc;
}

int disc_fixture_write_sysfs_at(int rootfd, const struct disc_fixture_dev *d)
{
	return write_sysfs_at(rootfd, d, 0);
}

/* Tests rewrite a device in place: files are replaced (still never through a link). */
int disc_fixture_write_sysfs(const char *root, const struct disc_fixture_dev *d)
{
	int fd, rc;

	if (mkdir(root, 0755) < 0 && errno != EEXIST)
		return -errno;
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	rc = write_sysfs_at(fd, d, 1);
	close(fd);
	return rc;
}

int disc_fixture_write_dump(FILE *f, const char *bdf, const uint8_t *cfg)
{
	fprintf(f, "%s Class %04x: Device %04x:%04x\n", bdf, (unsigned)(get32(cfg + 8) >> 16),
		cfg[0] | cfg[1] << 8, cfg[2] | cfg[3] << 8);
	for (int off = 0; off < 4096; off += 16) {
		fprintf(f, off < 0x100 ? "%02x:" : "%03x:", off);
		for (int i = 0; i < 16; i++)
			fprintf(f, " %02x", cfg[off + i]);
		fputc('\n', f);
	}
	fputc('\n', f);
	return ferror(f) ? -EIO : 0;
}
