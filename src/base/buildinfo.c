/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* buildinfo.c: the version and paths from the Makefile (-D flags given to this file only, so that a
 * change of PREFIX or of the version recompiles this file and relinks, nothing else). The defaults
 * are for builds that do not go through the Makefile (fuzz targets). */
#include "buildinfo.h"

#ifndef PMUTOP_VERSION
#define PMUTOP_VERSION "unknown"
#endif
#ifndef PMUTOP_GITDESC
#define PMUTOP_GITDESC ""
#endif
#ifndef PMUTOP_SYSCONFDIR
#define PMUTOP_SYSCONFDIR "/etc"
#endif
#ifndef PMUTOP_EVENTSDIR
#define PMUTOP_EVENTSDIR "/usr/share/pmutop/events"
#endif

const char *buildinfo_version(void) { return PMUTOP_VERSION; }
const char *buildinfo_gitdesc(void) { return PMUTOP_GITDESC; }
const char *buildinfo_sysconfdir(void) { return PMUTOP_SYSCONFDIR; }
const char *buildinfo_system_conf(void) { return PMUTOP_SYSCONFDIR "/pmutop.conf"; }
const char *buildinfo_eventsdir(void) { return PMUTOP_EVENTSDIR; }
