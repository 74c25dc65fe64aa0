/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_disc_dump.c: lspci dumps are checked line by line before libpci reads them; what is not a regular
 * file is refused without blocking; real and generated dumps still pass. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/errmsg.h"
#include "pci/disc.h"
#include "t.h"

static const char head[] = "0000:00:03.1 Class 0880: Device 8086:09a7\n"
			   "00: 86 80 a7 09 06 00 10 00 00 00 80 08 00 00 00 00\n";

/* head + extra, checked; returns the result and leaves the message in em. */
static int check_with(const char *extra, struct errmsg *em)
{
	char text[8192];

	snprintf(text, sizeof(text), "%s%s", head, extra);
	return disc_dump_check(text, strlen(text), em);
}

TEST(offsets_past_config_space)
{
	struct errmsg em = { 0 };

	CHECK_EQ_INT(check_with("ff0: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n", &em), 0);
	CHECK_EQ_INT(check_with("ff8: 01 02 03 04 05 06 07 08 09\n", &em), -EINVAL);
	CHECK(strncmp(em.text, "3: ", 3) == 0 && strstr(em.text, "4096"), "msg: %s", em.text);
	CHECK_EQ_INT(check_with("1000: 01\n", &em), -EINVAL);
	CHECK(strncmp(em.text, "3: offset past", 14) == 0, "msg: %s", em.text);
	CHECK_EQ_INT(check_with("10: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11\n", &em),
		     -EINVAL);
	CHECK(strstr(em.text, "more than 16 bytes"), "msg: %s", em.text);
}

TEST(malformed_lines)
{
	static const struct { const char *extra; const char *why; } bad[] = {
		{ "10: 0g\n", "malformed byte" },
		{ "10: 123\n", "malformed byte" },
		{ "10:  1\n", "malformed byte" },
		{ "10: 01,02\n", "malformed byte" },
		{ "\n10: 01\n", "outside any device" },
		{ "00:20.0 slot 0x20\n", "out of range" },
		{ "00:00.8 function 8\n", "out of range" },
		{ "100000000:00:00.0 domain\n", "malformed device address" },
		{ "100:00.0 bus 0x100\n", "out of range" },
		{ "1:2:3:4.0 x\n", "too many fields" },
		{ "00:1f.3x\n", "malformed device address" },
	};
	struct errmsg em = { 0 };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ_INT(check_with(bad[i].extra, &em), -EINVAL);
		CHECK(strstr(em.text, bad[i].why) && em.text[0] >= '3' && em.text[0] <= '4', "%s -> %s", bad[i].extra,
		      em.text);
	}
	/* a NUL byte: reported on its line */
	{
		char text[] = "00:00.0 x\n00: 00\n10: 0\0 00\n";

		CHECK_EQ_INT(disc_dump_check(text, sizeof(text) - 1, &em), -EINVAL);
		CHECK(strncmp(em.text, "3: binary data", 14) == 0, "msg: %s", em.text);
	}
	/* a line longer than any lspci writes */
	{
		size_t n = DISC_DUMP_MAX_LINE + 10;
		char *text = malloc(n + 1);

		memset(text, 'x', n);
		text[n] = 0;
		CHECK_EQ_INT(disc_dump_check(text, n, &em), -EINVAL);
		CHECK(strstr(em.text, "1: line too long"), "msg: %s", em.text);
		free(text);
	}
}

TEST(text_and_layout_accepted)
{
	struct errmsg em = { 0 };

	/* -v text (indented), CRLF, a trailing space, lines without a final newline, domains, short lines */
	CHECK_EQ_INT(check_with("\tCapabilities: [40] Express Root Port\r\n"
				"10: 01 02 \r\n"
				"\n"
				"10000:e0:1f.7 VMD domain\n"
				"ff0: 00 01\n"
				"0: 00", &em), 0);
	CHECK_EQ_STR(em.text, "");
}

TEST(generated_and_real_dumps_pass)
{
	static const char *const names[] = { "pciutils_tests_cap-dvsec-cxl.lspci", "pciutils_tests_broken-ecaps.lspci" };
	char path[512];
	struct errmsg em = { 0 };
	uint8_t cfg[4096];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	CHECK_EQ_INT(disc_build_config(cfg, 0x8086, 0x09a7, 0x08800000, NULL, NULL, 0), 0);
	CHECK_EQ_INT(disc_fixture_write_dump(f, "0000:00:03.1", cfg), 0);
	CHECK_EQ_INT(disc_fixture_write_dump(f, "0000:80:03.1", cfg), 0);
	fclose(f);
	CHECK_EQ_INT(disc_dump_check(text, len, &em), 0);
	free(text);
	for (int i = 0; i < 2; i++) {
		struct stat st;
		int fd;

		snprintf(path, sizeof(path), "%s/%s", t_realdata(), names[i]);
		if (stat(path, &st) != 0) {
			printf("SKIP %s:%s: %s absent\n", t_file, t_name, path);
			continue;
		}
		fd = disc_dump_open(path, &em);
		CHECK(fd >= 0, "%s: %s", path, em.text);
		if (fd >= 0) {
			CHECK_EQ_INT(lseek(fd, 0, SEEK_END), st.st_size);
			close(fd);
		}
	}
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("FAIL %s: blocked opening a FIFO\n", t_file);
	_exit(1);
}

TEST(not_regular_files_refused)
{
	char dir[] = "/tmp/pmutop-dump.XXXXXX", path[64];
	struct errmsg em = { 0 };
	struct disc_options o = { 0 };
	struct disc_inventory inv;

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	CHECK_EQ_INT(disc_dump_open(dir, &em), -EISDIR);
	CHECK(strstr(em.text, dir) && strstr(em.text, "is a directory"), "msg: %s", em.text);
	o.pci_dump = dir;
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), -EISDIR);
	CHECK(strstr(em.text, "is a directory"), "msg: %s", em.text);

	snprintf(path, sizeof(path), "%s/fifo", dir);
	CHECK_EQ_INT(mkfifo(path, 0600), 0);
	signal(SIGALRM, on_alarm);
	alarm(10);
	CHECK_EQ_INT(disc_dump_open(path, &em), -EINVAL);
	CHECK(strstr(em.text, "not a regular file"), "msg: %s", em.text);
	CHECK_EQ_INT(disc_dump_open("/dev/null", &em), -EINVAL);
	alarm(0);
	unlink(path);

	/* a hostile dump: FILE:LINE from disc_scan, libpci never reads it */
	snprintf(path, sizeof(path), "%s/bad.lspci", dir);
	{
		FILE *f = fopen(path, "w");

		fprintf(f, "%sfff: 01 02\n", head);
		fclose(f);
	}
	o.pci_dump = path;
	CHECK_EQ_INT(disc_scan(&o, &inv, &em), -EINVAL);
	CHECK(strstr(em.text, "bad.lspci:3: bytes run past"), "msg: %s", em.text);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	RUN(offsets_past_config_space);
	RUN(malformed_lines);
	RUN(text_and_layout_accepted);
	RUN(generated_and_real_dumps_pass);
	RUN(not_regular_files_refused);
	T_DONE();
}
