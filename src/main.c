/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* main.c: the program entry; everything else lives in the library so tests can link it. */
#include "cmd/cmd.h"

int main(int argc, char **argv)
{
	return pmutop_main(argc, argv);
}
