/* disc_fixture.c: write fixture PCI devices as a sysfs tree or an lspci dump, for tests and simulated machines. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pci/disc.h"

/* The kernel's IORESOURCE_* flags, as shown in a device's sysfs "resource" file. */
#define RES_IO     0x00000100ull
#define RES_MEM    0x00000200ull
#define RES_PREF   0x00002000ull
#define RES_MEM64  0x00100000ull

static uint32_t get32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static int mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_file(const char *dir, const char *name, const void *data, size_t len)
{
	char path[4096];
	const char *p = data;
	int fd;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -errno;
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		p += n;
		len -= (size_t)n;
	}
	return close(fd) < 0 ? -errno : 0;
}

static int write_text(const char *dir, const char *name, const char *text)
{
	return write_file(dir, name, text, strlen(text));
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

int disc_fixture_write_sysfs(const char *root, const struct disc_fixture_dev *d)
{
	char dir[4096], text[64], res[13 * 60 + 1];
	int rc;

	if (snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", root, d->bdf) >= (int)sizeof(dir))
		return -ENAMETOOLONG;
	rc = mkdirs(dir);
	if (rc)
		return rc;
	rc = write_file(dir, "config", d->cfg, 4096);
	snprintf(text, sizeof(text), "0x%04x\n", d->cfg[0] | d->cfg[1] << 8);
	rc = rc ? rc : write_text(dir, "vendor", text);
	snprintf(text, sizeof(text), "0x%04x\n", d->cfg[2] | d->cfg[3] << 8);
	rc = rc ? rc : write_text(dir, "device", text);
	snprintf(text, sizeof(text), "0x%06x\n", get32(d->cfg + 8) >> 8);
	rc = rc ? rc : write_text(dir, "class", text);
	rc = rc ? rc : write_text(dir, "irq", "0\n");
	snprintf(text, sizeof(text), "%d\n", d->numa_node);
	rc = rc ? rc : write_text(dir, "numa_node", text);
	resource_lines(d, res, sizeof(res));
	rc = rc ? rc : write_text(dir, "resource", res);
	for (int i = 0; i < 6 && !rc; i++) {
		static const uint8_t zero[4096];
		char name[24];
		char path[4200];
		int fd;

		if (!d->res[i])
			continue;
		snprintf(name, sizeof(name), "resource%d", i);
		rc = write_file(dir, name, d->res[i], d->res_len[i]);
		/* Pad to the BAR size, as the kernel's resource file is as long as the BAR. */
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		fd = rc ? -1 : open(path, O_WRONLY | O_APPEND);
		for (uint64_t n = d->res_len[i]; fd >= 0 && n < d->res_size[i];) {
			size_t chunk = d->res_size[i] - n < sizeof(zero) ? d->res_size[i] - n : sizeof(zero);
			ssize_t w = write(fd, zero, chunk);

			if (w <= 0) {
				rc = -EIO;
				break;
			}
			n += (uint64_t)w;
		}
		if (fd >= 0)
			close(fd);
	}
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
