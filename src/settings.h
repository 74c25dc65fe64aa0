/* settings.h: every setting from one declarative table; the config file (inih) and the command line fill it. */
#ifndef PMUTOP_SETTINGS_H
#define PMUTOP_SETTINGS_H
#include <stdbool.h>
#include <stddef.h>

enum color_mode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

struct evset {
	char *name;         /* "default", "cache", ... */
	char *events;       /* perf syntax list; "" means "the architecture's default" */
	char *description;
	bool builtin;
};

struct settings {
	/* [display] */
	double interval;    /* seconds, > 0 */
	char view[16];      /* cores | sockets | uncore | events */
	char columns[256];  /* comma list of extra column names, "" = automatic */
	char sort[32];      /* column key, "cpu" default */
	bool reverse;
	int color;          /* enum color_mode */
	bool ascii;
	int history;        /* samples kept per CPU for sparklines, 1..100000 */
	/* [events] */
	char set[64];       /* the event set in use */
	int nsets;
	struct evset *sets; /* built-in sets first, then [eventset NAME] sections */
	/* where the settings came from */
	char path[4096];    /* config file read, "" when built-in defaults */
	bool user_file;     /* path is the user's own file (save target) */
};

/* Built-in defaults and built-in event sets. */
void settings_defaults(struct settings *s);
void settings_free(struct settings *s);

/* Find the config file: explicit path, else $XDG_CONFIG_HOME/pmutop/pmutop.conf
 * (default ~/.config/pmutop/pmutop.conf), else /etc/pmutop.conf; returns 0 and
 * fills out ("" when none exists). An explicit path that is missing, not a
 * regular file or unreadable is an error: returns -1 with msg filled. */
int settings_find(const char *explicit_path, char *out, size_t outlen, char *msg, size_t msglen);
/* Load the file into s. Unknown keys/sections warn on stderr ("FILE:LINE: ...")
 * and carry on. A bad value: returns -1 with msg = "FILE:LINE: option: reason"
 * (the caller exits with status 2). */
int settings_load(struct settings *s, const char *path, char *msg, size_t msglen);
/* Set one option by name ("interval", "display.interval") from text, as the
 * command line does. Returns 0 or -1 with msg. */
int settings_set(struct settings *s, const char *name, const char *value, char *msg, size_t msglen);
/* Event set lookup; NULL when absent. */
const struct evset *settings_find_set(const struct settings *s, const char *name);
/* The per-architecture default event list for a core PMU name ("cpu",
 * "cpu_core", "armv8_pmuv3_0", "apple_firestorm_pmu", "" for none). */
const char *settings_arch_events(const char *core_pmu, const char *vendor, const char *set);
/* Save display settings and the current event list back to path atomically
 * (temporary file + rename), keeping comments of untouched sections. */
int settings_save(const struct settings *s, const char *path, const char *events,
		  char *msg, size_t msglen);
/* Print the option table (name, section, type, range, default, help). */
void settings_print_table(void);
#endif
