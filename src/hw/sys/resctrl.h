/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* resctrl.h: Intel RDT and AMD PQoS monitoring through the resctrl file system (the kernel's
 * Documentation/arch/x86/resctrl.rst): where it is mounted, what L3 monitoring it offers, its
 * control and monitoring groups, and their per-L3-domain values. Every file is read bounded and
 * parsed strictly; a group whose name is not a plain name is left out, never made into a path. */
#ifndef PMUTOP_RESCTRL_H
#define PMUTOP_RESCTRL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct errmsg;

#define RDT_MAXDOM 64      /* L3 domains (one per socket on Intel, per CCX on AMD) */
#define RDT_NAME_MAX 64    /* a group's name: at most this many characters */
#define RDT_REL_MAX (2 * RDT_NAME_MAX + 16)

/* The monitoring features, as info/L3_MON/mon_features names them. */
enum rdt_feat { RDT_OCC, RDT_TOTAL, RDT_LOCAL, RDT_NFEAT };
extern const char *const rdt_feat_file[RDT_NFEAT];   /* "llc_occupancy", "mbm_total_bytes", ... */

/* A value as read: its number only when RDT_OK. */
enum rdt_state { RDT_ABSENT, RDT_OK, RDT_UNAVAILABLE, RDT_ERROR };

struct resctrl {
	char root[4096];       /* the mount point (under the --sysfs root for a test tree) */
	int dirfd;             /* root, kept open: every read is relative to it; -1 none */
	unsigned features;     /* 1 << enum rdt_feat offered */
	int num_rmids;         /* info/L3_MON/num_rmids, -1 unknown */
	int ndom;
	int dom[RDT_MAXDOM];   /* the L3 domains' ids, ascending (mon_data/mon_L3_NN) */
};

/* Find resctrl: the mount point from the procfs root's self/mountinfo (a mount point under /sys
 * taken under the sysfs root when that is not /sys), then info/L3_MON. 0; -ENOENT when it is not
 * mounted (em says the mount command, or that the kernel has no resctrl here); -ENODEV when it
 * offers no L3 monitoring (no RDT/PQoS monitoring hardware); another negative errno on a bad tree. */
int resctrl_open(struct resctrl *r, struct errmsg *em);
/* Close what resctrl_open keeps open (a zeroed or failed struct: nothing). */
void resctrl_close(struct resctrl *r);

/* The mount point of the first resctrl line of /proc/self/mountinfo's text (NUL-terminated), its
 * octal escapes (\040) undone, into mp (n bytes): an absolute path without NUL. 0, or -ENOENT
 * when there is none (or it does not fit). Pure. */
int resctrl_mount_point(const char *text, char *mp, size_t n);

/* A group: the default one (rel ""), a control group ("NAME"), a monitoring group of either
 * ("mon_groups/NAME", "CTRL/mon_groups/NAME"). */
enum rdt_kind { RDT_DEFAULT, RDT_CTRL, RDT_MON };
struct rdt_group {
	char rel[RDT_REL_MAX];    /* relative to the mount point */
	char name[RDT_REL_MAX];   /* shown: "/" for the default group, "CTRL", "CTRL/MON", "/MON" */
	int kind;
};
/* A plain group name: 1..RDT_NAME_MAX characters of [A-Za-z0-9._@:+-], not "." or "..". */
bool resctrl_name_ok(const char *name);
/* The groups, default first, then control groups with their monitoring groups, names sorted;
 * at most max (*skipped: names left out as not plain, or past max). Count or a negative errno. */
int resctrl_groups(const struct resctrl *r, struct rdt_group *out, int max, int *skipped);

/* One value file's text (n bytes): a decimal count (RDT_OK, *v set), "Unavailable" or "Error"
 * (a trailing newline allowed); -EINVAL for anything else. Pure. */
int resctrl_parse_value(const char *text, size_t n, uint64_t *v);

/* A group's values in the domain index d (into r->dom): st[] per feature, v[] where RDT_OK. A
 * feature not offered, or a file missing or malformed, is RDT_ABSENT. 0, or a negative errno when
 * the group's folder for that domain is gone. */
struct rdt_sample {
	uint64_t v[RDT_NFEAT];
	unsigned char st[RDT_NFEAT];
};
int resctrl_read(const struct resctrl *r, const char *rel, int d, struct rdt_sample *s);
/* The same through descriptors kept open between reads, fds[f] = descriptor + 1 (0: none yet),
 * read again from offset 0 each time (resctrl makes the value at every read, as procfs does); a
 * read that fails opens the file again. At most *budget more are kept (it is decreased), the rest
 * opened and closed each time. resctrl_unkeep closes them. */
int resctrl_read_kept(const struct resctrl *r, const char *rel, int d, int fds[RDT_NFEAT], int *budget,
		      struct rdt_sample *s);
/* Close a group's kept descriptors; returns how many were open. */
int resctrl_unkeep(int fds[RDT_NFEAT]);

/* RMIDs in use: one per control group (the default's included) and per monitoring group. */
int resctrl_rmids_used(const struct resctrl *r);

/* Make the monitoring group mon_groups/NAME of the default group counting what runs on cpu (its
 * cpus_list). 0 or a negative errno with em saying why (info/last_cmd_status where there is one). */
int resctrl_mkgroup_cpu(const struct resctrl *r, const char *name, int cpu, struct errmsg *em);
/* Remove the monitoring group mon_groups/NAME (rmdir on resctrl; a plain folder, a test tree's,
 * removed with what it holds). 0 or a negative errno. */
int resctrl_rmgroup(const struct resctrl *r, const char *name);
#endif
