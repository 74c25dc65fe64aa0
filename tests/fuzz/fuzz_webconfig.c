/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fuzz_webconfig.c: libFuzzer target for the exporter's web configuration parser (exporter-toolkit's
 * YAML subset): no crash, no leak; a refusal empties the result and says where; what is accepted has
 * both TLS files or neither, versions in range, users with bcrypt-shaped hashes, headers without
 * control characters. */
// FUZZ_SOURCES: src/config/webconfig.c src/base/errmsg.c src/base/printable.c
// FUZZ_ARGS: -max_len=2048
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/errmsg.h"
#include "config/webconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct webcfg w;
	struct errmsg em = { 0 };

	if (webcfg_parse((const char *)data, size, "f.yml", "dir", &w, &em) < 0) {
		if (w.users || w.headers || w.cert_file || w.key_file || w.nusers || !strstr(em.text, "f.yml"))
			abort();
		return 0;
	}
	if (!w.cert_file != !w.key_file || w.min_tls < 10 || w.max_tls > 13 || w.min_tls > w.max_tls)
		abort();
	for (int i = 0; i < w.nusers; i++)
		if (!w.users[i].name || webcfg_bcrypt_form(w.users[i].hash) < 0 || strchr(w.users[i].name, ':'))
			abort();
	for (int i = 0; i < w.nheaders; i++)
		for (const unsigned char *c = (const unsigned char *)w.headers[i].value; *c; c++)
			if (*c < 0x20 || *c == 0x7f)
				abort();
	webcfg_free(&w);
	return 0;
}
