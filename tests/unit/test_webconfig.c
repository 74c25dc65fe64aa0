/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_webconfig.c: exporter-toolkit's web configuration file as pmutop reads it: the keys it
 * honours (files relative to the config's folder, TLS versions, users, headers), the YAML it reads
 * (quotes, comments, {}, null, CRLF, a document marker), and each mistake refused with its line. */
#include "t.h"
#include "base/errmsg.h"
#include "config/webconfig.h"
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#define ALICE "$2y$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze"
#define BOB "$2b$04$pmutopTestSaltForBobxuQQQjbIpxv.jR12ESEEBom.LufSLjA/K"

static int parse(const char *text, struct webcfg *w, struct errmsg *em)
{
	return webcfg_parse(text, strlen(text), "web.yml", "/etc/pmutop", w, em);
}

/* text is refused with an error whose words contain want */
static void refused(const char *t_name, const char *text, const char *want)
{
	struct webcfg w;
	struct errmsg em = { 0 };
	int r = parse(text, &w, &em);

	CHECK(r < 0 && strstr(em.text, want), "r=%d, \"%s\" lacks \"%s\" for: %s", r, em.text, want, text);
	CHECK(w.nusers == 0 && !w.cert_file && !w.key_file && !w.users && !w.headers, "not emptied");
}

TEST(exporter_toolkit_sample)
{
	/* exporter-toolkit's docs/web-config.yml, without its rate_limit (refused below) */
	static const char text[] =
		"# TLS and basic authentication configuration example.\n"
		"#\n"
		"# Additionally, a certificate and a key file are needed.\n"
		"tls_server_config:\n"
		"  cert_file: server.crt\n"
		"  key_file: /secrets/server.key\n"
		"\n"
		"# Usernames and passwords required to connect.\n"
		"# Passwords are hashed with bcrypt.\n"
		"basic_auth_users:\n"
		"  alice: " ALICE "\n"
		"  bob: " BOB "\n";
	struct webcfg w;
	struct errmsg em = { 0 };

	CHECK_EQ_INT(parse(text, &w, &em), 0);
	CHECK_EQ_STR(w.cert_file, "/etc/pmutop/server.crt");
	CHECK_EQ_STR(w.key_file, "/secrets/server.key");
	CHECK_EQ_INT(w.min_tls, 12);
	CHECK_EQ_INT(w.max_tls, 13);
	CHECK_EQ_INT(w.nusers, 2);
	if (w.nusers == 2) {
		CHECK_EQ_STR(w.users[0].name, "alice");
		CHECK_EQ_STR(w.users[0].hash, ALICE);
		CHECK_EQ_STR(w.users[1].name, "bob");
	}
	webcfg_free(&w);
	CHECK(!w.users && !w.cert_file, "freed and cleared");
}

TEST(yaml_forms)
{
	static const char text[] =
		"---\r\n"
		"tls_server_config:   # comment after a key\r\n"
		"    cert_file: 'it''s.pem'\r\n"
		"    key_file: \"k \\\"q\\\".pem\"  # quoted, then a comment\r\n"
		"    min_version: TLS13\r\n"
		"    client_auth_type: NoClientCert\r\n"
		"http_server_config:\r\n"
		"  http2: false\r\n"
		"  headers:\r\n"
		"    X-Frame-Options: deny\r\n"
		"    Content-Security-Policy: \"default-src 'none'\"\r\n"
		"    X-XSS-Protection:\r\n"
		"basic_auth_users: {}\r\n"
		"...\r\n"
		"anything: after the end\r\n";
	struct webcfg w;
	struct errmsg em = { 0 };

	CHECK_EQ_INT(parse(text, &w, &em), 0);
	CHECK(em.text[0] == '\0', "%s", em.text);
	CHECK_EQ_STR(w.cert_file, "/etc/pmutop/it's.pem");
	CHECK_EQ_STR(w.key_file, "/etc/pmutop/k \"q\".pem");
	CHECK_EQ_INT(w.min_tls, 13);
	CHECK_EQ_INT(w.nusers, 0);
	CHECK_EQ_INT(w.nheaders, 2);   /* the blank one is unset, as exporter-toolkit has it */
	if (w.nheaders == 2) {
		CHECK_EQ_STR(w.headers[0].name, "X-Frame-Options");
		CHECK_EQ_STR(w.headers[1].value, "default-src 'none'");
	}
	webcfg_free(&w);
	/* nothing at all, null sections: plain HTTP without users */
	CHECK_EQ_INT(parse("", &w, &em), 0);
	CHECK(!w.cert_file && w.nusers == 0, "empty");
	webcfg_free(&w);
	CHECK_EQ_INT(parse("tls_server_config:\nbasic_auth_users: ~\nhttp_server_config: null\n", &w, &em), 0);
	CHECK(!w.cert_file && w.nusers == 0, "null sections");
	webcfg_free(&w);
}

TEST(mistakes_have_lines)
{
	refused(t_name, "tls_server_config:\n  cert_file: a\n  key_file: b\n  colour: blue\n",
		"web.yml:4: tls_server_config: unknown key colour");
	refused(t_name, "tls_config:\n  cert_file: a\n", "web.yml:1: unknown key tls_config");
	refused(t_name, "tls_server_config:\n  cert_file: a\n", "key_file is missing");
	refused(t_name, "tls_server_config:\n  key_file: a\n", "cert_file is missing");
	refused(t_name, "tls_server_config:\n  cert_file: ''\n  key_file: b\n", "web.yml:2: cert_file needs a file name");
	refused(t_name, "tls_server_config:\n  min_version: TLS13\n  max_version: TLS12\n", "min_version is above");
	refused(t_name, "tls_server_config:\n  min_version: 1.2\n", "web.yml:2: min_version: TLS10, TLS11");
	refused(t_name, "tls_server_config:\n  cert: |\n    -----BEGIN\n", "web.yml:2: '|' starts YAML");
	refused(t_name, "tls_server_config:\n  client_ca_file: ca.pem\n", "client_ca_file: pmutop does not check");
	refused(t_name, "tls_server_config:\n  curve_preferences:\n    - X25519\n", "curve_preferences: pmutop leaves");
	refused(t_name, "tls_server_config:\n  client_auth_type: RequestClientCert\n", "NoClientCert only");
	refused(t_name, "rate_limit:\n  interval: 1s\n", "web.yml:1: rate_limit: pmutop does not limit");
	refused(t_name, "basic_auth_users:\n  alice: " ALICE "\n  alice: " BOB "\n", "web.yml:3: alice is given twice (also line 2)");
	refused(t_name, "basic_auth_users:\n  alice: password\n", "web.yml:2: basic_auth_users: alice: not a bcrypt hash");
	refused(t_name, "basic_auth_users:\n  alice: $1$salt$hash\n", "not a bcrypt hash");
	refused(t_name, "basic_auth_users:\n  alice:\n", "web.yml:2: basic_auth_users: alice: not a bcrypt hash");
	/* the form is bcrypt's, the cost more than a scrape allows (issue 37): 12 is the most */
	refused(t_name, "basic_auth_users:\n  bob: " BOB "\n  alice: $2y$13$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze\n",
		"web.yml:3: basic_auth_users: alice: bcrypt cost 13 is above 12, the most pmutop accepts (a check takes "
		"about 0.2 s at 12 and twice as long at each step up: 0.4 s at 13)");
	refused(t_name, "basic_auth_users:\n  alice: $2b$20$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze\n",
		"bcrypt cost 20 is above 12, the most pmutop accepts (a check takes about 0.2 s at 12 and twice as "
		"long at each step up: 51.2 s at 20)");
	refused(t_name, "basic_auth_users:\n  alice: $2a$31$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze\n",
		"bcrypt cost 31 is above 12, the most pmutop accepts (a check takes about 0.2 s at 12 and twice as "
		"long at each step up: 29 hours at 31)");
	refused(t_name, "basic_auth_users:\n  'al:ice': " ALICE "\n", "cannot be empty or hold ':'");
	refused(t_name, "basic_auth_users:\n\talice: " ALICE "\n", "web.yml:2: a tab in the indentation");
	refused(t_name, "basic_auth_users:\n    alice: " ALICE "\n  bob: " BOB "\n", "web.yml:3: the indentation does not match");
	refused(t_name, "basic_auth_users:\n  - alice\n", "web.yml:2: a list item where KEY: VALUE belongs");
	refused(t_name, "basic_auth_users: alice\n", "web.yml:1: basic_auth_users holds keys, not a value");
	refused(t_name, "basic_auth_users:\n  alice " ALICE "\n", "web.yml:2: expected KEY: VALUE");
	refused(t_name, "basic_auth_users:\n  alice: \"" ALICE "\n", "web.yml:2: the quote is not closed");
	refused(t_name, "basic_auth_users:\n  alice: '" ALICE "' x\n", "web.yml:2: text after the closing quote");
	refused(t_name, "basic_auth_users:\n  alice: &a " ALICE "\n", "'&' starts YAML");
	refused(t_name, "basic_auth_users:\n  alice: a: b\n", "web.yml:2: a second ':' in the value");
	refused(t_name, "basic_auth_users:\n  \"a\\x41\": " ALICE "\n", "an escape pmutop does not read");
	refused(t_name, "http_server_config:\n  headers:\n    X-Frame-Options: allow\n", "not an accepted value");
	refused(t_name, "http_server_config:\n  headers:\n    Set-Cookie: a=b\n", "Set-Cookie is not one of");
	refused(t_name, "http_server_config:\n  headers:\n    X-XSS-Protection: \"1\\nSet-Cookie: x\"\n",
		"a control character in X-XSS-Protection");
	refused(t_name, "http_server_config:\n  headers:\n    X-XSS-Protection:\n      deeper: 1\n", "deeper than the format goes");
	refused(t_name, "http_server_config:\n  http2: maybe\n", "http2: true or false");
	{
		static const char nul[] = "basic_auth_users:\n\0  alice: x\n";
		struct webcfg w;
		struct errmsg em = { 0 };
		CHECK(webcfg_parse(nul, sizeof(nul) - 1, "web.yml", ".", &w, &em) < 0 && strstr(em.text, "NUL"), "%s", em.text);
	}
}

TEST(bcrypt_form)
{
	CHECK_EQ_INT(webcfg_bcrypt_form(ALICE), 10);
	CHECK_EQ_INT(webcfg_bcrypt_form(BOB), 4);
	CHECK_EQ_INT(webcfg_bcrypt_form("$2a$31$pmutopTestSaltForBobxuQQQjbIpxv.jR12ESEEBom.LufSLjA/K"), 31);
	CHECK(webcfg_bcrypt_form("$2x$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze") < 0, "2x");
	CHECK(webcfg_bcrypt_form("$2y$32$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze") < 0, "cost 32");
	CHECK(webcfg_bcrypt_form("$2y$03$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze") < 0, "cost 3");
	CHECK(webcfg_bcrypt_form("$2y$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPz") < 0, "short");
	CHECK(webcfg_bcrypt_form("$2y$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPz!") < 0, "character");
	CHECK(webcfg_bcrypt_form("") < 0 && webcfg_bcrypt_form("$2y$") < 0, "empty");
	{   /* the highest cost a configuration may use (WEBCFG_BCRYPT_MAX_COST) */
		struct webcfg w;
		struct errmsg em = { 0 };
		CHECK_EQ_INT(parse("basic_auth_users:\n  carol: $2y$12$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze\n",
				   &w, &em), 0);
		CHECK_EQ_INT(w.nusers, 1);
		webcfg_free(&w);
	}
}

TEST(files)
{
	char dir[] = "/tmp/pmutop-webcfg.XXXXXX", path[256];
	struct webcfg w;
	struct errmsg em = { 0 };
	FILE *f;

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(path, sizeof(path), "%s/web.yml", dir);
	f = fopen(path, "w");
	fprintf(f, "tls_server_config:\n  cert_file: c.pem\n  key_file: k.pem\n");
	fclose(f);
	CHECK_EQ_INT(webcfg_load(path, &w, &em), 0);
	snprintf(path, sizeof(path), "%s/c.pem", dir);
	CHECK_EQ_STR(w.cert_file, path);   /* next to the config file */
	webcfg_free(&w);
	CHECK(webcfg_load(dir, &w, &em) < 0 && strstr(em.text, "not a regular file"), "%s", em.text);
	snprintf(path, sizeof(path), "%s/none.yml", dir);
	CHECK(webcfg_load(path, &w, &em) == -ENOENT, "%s", em.text);
	snprintf(path, sizeof(path), "%s/big.yml", dir);
	f = fopen(path, "w");
	for (int i = 0; i < 70 * 1024 / 8; i++)
		fputs("#123456\n", f);
	fclose(f);
	CHECK(webcfg_load(path, &w, &em) == -EFBIG && strstr(em.text, "64 KiB"), "%s", em.text);
	unlink(path);
	snprintf(path, sizeof(path), "%s/web.yml", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	RUN(exporter_toolkit_sample);
	RUN(yaml_forms);
	RUN(mistakes_have_lines);
	RUN(bcrypt_form);
	RUN(files);
	T_DONE();
}
