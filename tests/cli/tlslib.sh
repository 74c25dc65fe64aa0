# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tlslib.sh: what the TLS and basic authentication tests share: certificates made at test time
# (never a private key in the repository) and the users of their web configuration files.
# Source it after lib.sh.

# bcrypt hashes of the test passwords, made with libxcrypt's crypt() for these tests (they guard
# nothing): alice's "alice-pw" in htpasswd's $2y$ form, bob's "bob-pw" in $2b$ at the lowest cost
TLS_ALICE='$2y$05$abcdefghijklmnopqrstuujEI7PSP.y28xMPOv5lBoTSzRZgCP7le'
TLS_BOB='$2b$04$pmutopTestSaltForBobxuQQQjbIpxv.jR12ESEEBom.LufSLjA/K'

# make_certs DIR: a CA (DIR/ca.pem) and a server certificate it signed for 127.0.0.1 and localhost
# (DIR/server.pem, key DIR/server.key), EC P-256, valid for two days. 0, or 1 without openssl.
make_certs() {
	command -v openssl >/dev/null 2>&1 || return 1
	mkdir -p "$1"
	(
		cd "$1" || exit 1
		openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
			-subj /CN=pmutop-test-ca -keyout ca.key -out ca.pem &&
		openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
			-keyout server.key -out server.csr &&
		printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >ext.cnf &&
		openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
			-extfile ext.cnf -out server.pem
	) >"$1/openssl.log" 2>&1
}
