/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* settings.h: every setting from one declarative table; the config file (inih) and the command line fill it. */
#ifndef PMUTOP_SETTINGS_H
#define PMUTOP_SETTINGS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct errmsg;

enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

struct evset {
	char *name;         /* "default", "cache", ... */
	char *events;       /* perf syntax list; "" means "the architecture's default" */
	char *description;
	bool builtin;
	int line;           /* line of its "events =" in the config file, 0 when built in */
};

/* The refresh interval's one range, for -d, [display] interval and the +/- keys (seconds). */
#define INTERVAL_MIN 0.001
#define INTERVAL_MAX 3600.0

struct settings {
	/* [display] */
	double interval;    /* seconds, > 0 */
	char view[16];      /* cores | sockets | uncore | events */
	char columns[1024]; /* comma list of column names (see ui_cols_is_layout), "" = automatic */
	char process_columns[1024];   /* the processes view's columns (F): keys in order, "" = all */
	char cgroup_columns[1024];    /* the cgroups view's */
	char sort[32];      /* column key, "cpu" default */
	bool reverse;
	bool rates;         /* counts as rates per second; false: per interval */
	int color;          /* enum color_mode */
	bool ascii;
	bool meters;        /* the header's meters (utilisation bars, IPC, bandwidth, power) */
	bool mouse;         /* clicks and the wheel; false leaves the mouse to the terminal */
	int history;        /* IPC samples kept per CPU for the sparkline, 1..100000: the screen
			     * keeps at most the 10 it draws, batch mode none (app.hist_keep) */
	/* [events] */
	char set[64];       /* the event set in use */
	char events_dir[1024]; /* vendor event tables folder, "" = none (see hw/catalog.h) */
	int nsets;
	struct evset *sets; /* built-in sets first, then [eventset NAME] sections */
	/* [exporter] */
	char listen[80];    /* [ADDR:]PORT serving /metrics, "" = off */
	char textfile[1024];/* exposition written after every interval, "" = off */
	bool quiet;         /* batch mode writes no rows */
	int max_connections;/* HTTP connections at once */
	int timeout;        /* seconds an idle or stalled HTTP connection is kept */
	char web_config[1024]; /* TLS and basic authentication (exporter-toolkit's format), "" = none */
	bool cpu_gauges;    /* the derived gauges per CPU besides those per socket */
	int export_cgroups; /* cgroups exported each with a series (--export-cgroups), 0 = none */
	int rdt_groups;     /* resctrl groups exported one by one, the rest summed */
	/* [workloads] (the processes and cgroups views, issue 28) */
	int wl_processes;   /* busiest processes counted while the processes view is shown */
	int wl_cgroups;     /* busiest cgroups counted while the cgroups view is shown */
	int wl_cgroup_depth;/* levels of the cgroup tree looked at */
	/* [fleet] (--fleet: many hosts' rows from a Prometheus query API) */
	char fleet_url[1024];     /* the query API, "" = none (--fleet) */
	char fleet_targets[4096]; /* host:port,... scraped directly, "" = none (--fleet-targets) */
	char fleet_label[130];    /* the label naming a host (--fleet-label) */
	double fleet_window;      /* rate window, seconds; 0 = four scrape intervals (--fleet-window) */
	char fleet_user[256];     /* basic authentication (--fleet-user) */
	char fleet_password_file[1024], fleet_bearer_file[1024];
	char fleet_ca[1024], fleet_cert[1024], fleet_key[1024];
	bool fleet_rules;         /* use the recording rules when they answer */
	/* [rdt] */
	bool rdt_cpu_groups;/* a monitoring group per counted CPU, made and removed by pmutop */
	/* [sample] (--hot, issue 40) */
	int sample_freq;    /* samples per second per CPU or thread */
	double sample_window; /* seconds the hot functions are ranked over */
	/* where the settings came from */
	char path[4096];    /* config file read, "" when built-in defaults */
	int sort_line;      /* line of "sort =" in it, 0 when not set there */
	bool user_file;     /* path is the user's own file (save target) */
};

/* Built-in defaults and built-in event sets. */
void settings_defaults(struct settings *s);
void settings_free(struct settings *s);

/* Find the config file: explicit path, else $XDG_CONFIG_HOME/pmutop/pmutop.conf
 * (default ~/.config/pmutop/pmutop.conf), else SYSCONFDIR/pmutop.conf; returns 0 and
 * fills out ("" when none exists). An explicit path that is missing, not a
 * regular file or unreadable is an error: a negative errno with em (may be NULL) filled. */
int settings_find(const char *explicit_path, char *out, size_t outlen, struct errmsg *em);
/* Load the file into s. Unknown keys/sections warn on stderr ("FILE:LINE: ...")
 * and carry on. A bad value: a negative errno (-EINVAL) with em = "FILE:LINE: option: reason"
 * (the caller exits with status 2); a file it cannot open or read: -errno, em "FILE: why". */
int settings_load(struct settings *s, const char *path, struct errmsg *em);
/* The parser behind settings_load, over an open stream (pure: no file system access beyond f).
 * path names the input in messages. Time and memory are linear in the input. */
int settings_parse(struct settings *s, FILE *f, const char *path, struct errmsg *em);
/* inih reads lines of at most this many bytes (its INI_MAX_LINE, 200, minus newline and NUL) */
#define LINE_MAX_INI 198
/* "eventset NAME" -> NAME, NULL for other sections. */
const char *settings_eventset_name(const char *section);
/* A name an [eventset NAME] section may have: letters, digits, _ - . */
bool settings_valid_set_name(const char *n);
#define SETTINGS_MAX_SETS   65536      /* [eventset NAME] sections */
#define SETTINGS_MAX_EVENTS (1 << 20)  /* characters in one set's event list */
/* Set one option by name ("interval", "display.interval") from text, as the
 * command line does. Returns 0, -ENOENT (no such option or event set) or settings_apply's
 * error, with em (may be NULL) = "NAME: why". */
int settings_set(struct settings *s, const char *name, const char *value, struct errmsg *em);
/* Event set lookup; NULL when absent. */
const struct evset *settings_find_set(const struct settings *s, const char *name);
/* The per-architecture default event list of a set for a core PMU name
 * ("cpu", "cpu_core", "armv8_pmuv3_0", "apple_firestorm_pmu", "" for none) and
 * /proc/cpuinfo vendor ("GenuineIntel", "AuthenticAMD", ...). Never NULL; ""
 * when the set has no events on that architecture (say so with
 * settings_arch_name(settings_arch_of(...))). */
const char *settings_arch_events(const char *core_pmu, const char *vendor, const char *set);
enum arch_id { ARCH_NONE, ARCH_INTEL, ARCH_AMD, ARCH_ARM, ARCH_APPLE, NARCH };
/* The set's events for the machine: settings_arch_events for its first core PMU, and in the
 * default set the vendor's last-level cache events in place of the generic cache pair where
 * the machine has them (amd_l3 on Zen 2 and later by x86 family/model, Arm's ll_cache_rd and
 * ll_cache_miss_rd in every core PMU's sysfs events); buf holds the result when it differs. */
struct pmu_registry;
const char *settings_default_events(const struct pmu_registry *reg, const char *vendor, int family,
				    int model, const char *set, char *buf, size_t len);
/* What the generic cache-misses/cache-references count on an architecture (enum cache_level). */
int settings_generic_cache(int arch);
int settings_arch_of(const char *core_pmu, const char *vendor);
const char *settings_arch_name(int arch);   /* "Intel", "AMD", "Arm", "Apple", "no core PMU" */
/* Save [display], [events] set and, when events is not NULL, the current event
 * list as section [eventset NAME] (NAME: s->set when it is a valid name and not a built-in
 * set, else "current"; description "saved by pmutop", and [events] set = NAME) back to path (NULL = the user's file,
 * $XDG_CONFIG_HOME/pmutop/pmutop.conf, its directory created when needed).
 * Atomic: a temporary file in the same directory, fsync, rename. Lines of
 * other sections, comments and unknown keys are kept as they were; replaced
 * keys keep their place. Returns 0 or a negative errno with em (may be NULL) filled. */
int settings_save(const struct settings *s, const char *path, const char *events, struct errmsg *em);
/* The user's config file path ($XDG_CONFIG_HOME or ~/.config + /pmutop/pmutop.conf). */
int settings_user_path(char *out, size_t outlen);
/* Print the option table (name, section, type, range, default, help). */
void settings_print_table(void);

/* The option table: one row per option, driving defaults, parsing, validation,
 * settings_set, the printed table, conf/pmutop.conf and saving. */
enum setting_type {
	ST_DOUBLE,   /* double */
	ST_INT,      /* int */
	ST_BOOL,     /* bool: true/false, yes/no, on/off, 1/0 */
	ST_ENUM,     /* int index into choices ("auto|always|never") */
	ST_WORD,     /* char[size], one of choices */
	ST_STRING,   /* char[size], free text */
};
struct setting_def {
	const char *name;      /* "interval" */
	const char *section;   /* "display" */
	int type;              /* enum setting_type */
	double min, max;       /* ST_DOUBLE / ST_INT range */
	bool min_open;         /* min itself is excluded ("> 0") */
	const char *choices;   /* ST_ENUM / ST_WORD: "a|b|c" */
	const char *def;       /* the default, as written in the config file */
	const char *help;
	size_t off, size;      /* field in struct settings */
};
extern const struct setting_def settings_table[];
extern const int settings_ntable;
/* The row for "interval" or "display.interval"; NULL when unknown. */
const struct setting_def *settings_lookup(const char *name);
/* Check value against d and store it in s: 0, -EINVAL (malformed, not a choice) or -ERANGE (out of
 * range, too long) with why in em (may be NULL): "0 is out of range ...", without the option's name. */
int settings_apply(struct settings *s, const struct setting_def *d, const char *value, struct errmsg *em);
/* Write an option's current value as config text. */
void settings_format(const struct settings *s, const struct setting_def *d, char *buf, size_t len);

/* Built-in event sets (events "" = per architecture, from settings_arch_table). */
struct evset_def { const char *name, *description; };
extern const struct evset_def settings_builtin_sets[];
extern const int settings_nbuiltin_sets;
struct arch_events { int arch; const char *set; const char *events; };
extern const struct arch_events settings_arch_table[];
extern const int settings_narch_table;
#endif
