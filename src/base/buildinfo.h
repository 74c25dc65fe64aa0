/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* buildinfo.h: the version and the installation paths the program was built with (the Makefile's
 * VERSION, sysconfdir and eventsdir), in one object file so that another PREFIX rebuilds only it. */
#ifndef PMUTOP_BUILDINFO_H
#define PMUTOP_BUILDINFO_H

const char *buildinfo_version(void);     /* the release, from the VERSION file: "0.2" */
const char *buildinfo_gitdesc(void);     /* git describe of the checkout built: "v0.2-3-gabc1234", "" */
const char *buildinfo_sysconfdir(void);  /* where the system's pmutop.conf is: "/etc" */
const char *buildinfo_system_conf(void); /* that file: "/etc/pmutop.conf" */
const char *buildinfo_eventsdir(void);   /* vendor event tables: "/usr/share/pmutop/events" */
#endif
