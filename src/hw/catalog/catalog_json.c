/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* catalog_json.c: reads one JSON event table (Intel perfmon and kernel pmu-events schemas) into the
 * catalog; finding the tables (mapfile, folders) is catalog_jsonload.c's. Every file is hostile: sizes, counts and nesting are bounded, values must be numbers where numbers are
 * meant, and a malformed file is reported by name and skipped. */
#include "catalog_json.h"
#include "catalog.h"
#include "base/errmsg.h"
#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TERMS_MAX    384

/* Intel's files say "none" in many ways: "na", "null", "tbd" or an empty string, in any field (perf's converter,
 * create_perf_json.py, drops the same values). Numbers that are zero ("0x00") are dropped where they are read. */
static bool none_value(const char *s)
{
	static const char *const none[] = { "", "na", "null", "tbd", "none" };

	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		if (!strcasecmp(s, none[i]))
			return true;
	return false;
}

/* Whether a string member holds a NUL (\u0000): as a C string it would end there, "ZERO\u0000HIDDEN"
 * read as "ZERO" (issue 26). */
static bool nul_inside(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string) &&
	       strlen(json_object_get_string(v)) != (size_t)json_object_get_string_len(v);
}

/* A member as text: strings as they are, integers printed; NULL when absent, another type, a "none"
 * value, or a string with a NUL inside. */
static const char *member(struct json_object *o, const char *key, char *buf, size_t n)
{
	struct json_object *v;
	const char *s = NULL;

	if (!json_object_object_get_ex(o, key, &v) || !v)
		return NULL;
	if (json_object_is_type(v, json_type_string)) {
		if (nul_inside(o, key))
			return NULL;
		s = json_object_get_string(v);
	} else if (json_object_is_type(v, json_type_int)) {
		snprintf(buf, n, "%lld", (long long)json_object_get_int64(v));
		s = buf;
	}
	return s && !none_value(s) ? s : NULL;
}

/* A string member, NULL when absent or not a string. */
static const char *str_member(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* A number, or with list the first of a list like "0xB7, 0xBB" (EventCode, MSRIndex, UMask). 0 or -EINVAL. */
static int number_in(const char *s, uint64_t *v, bool list)
{
	char *end;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno)
		return -EINVAL;
	while (*end == ' ')
		end++;
	if (*end == ',' && list) { /* the rest of a list must be numbers too */
		uint64_t rest;

		return number_in(end + 1, &rest, true);
	}
	return *end == '\0' ? 0 : -EINVAL;
}

/* A numeric member: 0 when absent or "none", -EINVAL when it is text that is not a number. */
static int num_member(struct json_object *o, const char *key, uint64_t *v, bool list)
{
	char b[32];
	const char *s = member(o, key, b, sizeof(b));

	*v = 0;
	return s ? number_in(s, v, list) : 0;
}

static bool append(char *t, size_t n, const char *fmt, uint64_t v)
{
	size_t used = strlen(t);
	int r = snprintf(t + used, n - used, fmt, used ? "," : "", (unsigned long long)v);

	return r > 0 && (size_t)r < n - used;
}

/* The kernel PMU of a JSON "Unit", as perf names them (Intel's spelling and the kernel's converted one).
 * NULL for a unit we cannot name safely. */
static const char *unit_pmu(const char *unit, char *buf, size_t n)
{
	static const char *const map[][2] = {
		{ "CBO", "uncore_cbox" }, { "QPI LL", "uncore_qpi" }, { "SBO", "uncore_sbox" },
		{ "iMPH-U", "uncore_arb" }, { "UPI LL", "uncore_upi" }, { "L3PMC", "amd_l3" },
		{ "DFPMC", "amd_df" }, { "UMCPMC", "amd_umc" }, { "cpu_core", "cpu_core" },
		{ "cpu_atom", "cpu_atom" }, { "arm_cmn", "arm_cmn" }, { "CPU-M-CF", "cpum_cf" },
		{ "cpu", "" },
	};
	size_t len = strlen(unit), j;

	if (len == 0)
		return "";
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(unit, map[i][0]))
			return map[i][1];
	if (len + 8 > n)
		return NULL;
	j = (size_t)snprintf(buf, n, "uncore_");
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)unit[i];

		if (!isalnum(ch) && ch != '_')
			return NULL;
		buf[j++] = (char)tolower(ch);
	}
	buf[j] = '\0';
	return buf;
}

/* The event select, with Intel's ExtSel above it. INST_RETIRED.ANY and CPU_CLK_UNHALTED.THREAD/CORE on
 * "Fixed counter 0/1" get the codes the kernel schedules anywhere (Intel's files say 0x00/0x01 and 0x00/0x02;
 * perf's copies 0xc0 and 0x3c); INST_RETIRED.PREC_DIST keeps 0x00/0x01, the fixed-counter-only pseudo
 * code, as in perf's copies. */
static int event_code(struct json_object *o, const char *name, char *t, size_t n, bool *fixed_remap)
{
	char b[32];
	const char *counter = member(o, "Counter", b, sizeof(b));
	uint64_t ev, umask, ext;

	if (!member(o, "EventCode", b, sizeof(b)))
		return -EINVAL;
	if (num_member(o, "EventCode", &ev, true) < 0 || num_member(o, "ExtSel", &ext, false) < 0 || ext > 0xff ||
	    num_member(o, "UMask", &umask, true) < 0)
		return -EINVAL;
	ev |= ext << 8;
	counter = member(o, "Counter", b, sizeof(b));
	*fixed_remap = false;
	if (counter && !strncmp(counter, "Fixed counter", 13) && ev == 0 && (umask == 1 || umask == 2) &&
	    (!strcasecmp(name, "INST_RETIRED.ANY") || !strncasecmp(name, "CPU_CLK_UNHALTED.", 17))) {
		ev = umask == 1 ? 0xc0 : 0x3c;
		*fixed_remap = true;
	}
	return append(t, n, "%sevent=0x%llx", ev) ? 0 : -EINVAL;
}

/* UMask with Intel's UMaskExt above it (uncore, Sapphire Rapids and later). As perf's converter does, the
 * extension is left out when PortMask or FCMask is set (IIO: those carry the same bits in their own terms). */
static int umask_term(struct json_object *o, char *t, size_t n, bool fixed_remap)
{
	uint64_t v, ext, port, fc;

	if (num_member(o, "UMask", &v, true) < 0 || num_member(o, "UMaskExt", &ext, false) < 0 || ext >> 55 ||
	    num_member(o, "PortMask", &port, false) < 0 || num_member(o, "FCMask", &fc, false) < 0)
		return -EINVAL;
	if (port || fc)
		ext = 0;
	/* Intel's files repeat UMaskExt inside a wide UMask ("0xC001FE01" with "0xC001FE") */
	if (v <= 0xff)
		v |= ext << 8;
	if (fixed_remap)
		v = 0;
	return !v || append(t, n, "%sumask=0x%llx", v) ? 0 : -EINVAL;
}

/* Intel's Filter field: "na"; register names that say where a value would go ("CHAFilter0[26:17]", "fc, chnl",
 * "CtrCtrl[55:32]"), which perf's converter drops while it keeps the event; "Filter1" with FILTER_VALUE (config1);
 * filters perf cannot program (ha_addrmatch, ha_opcodematch, irpfilter), whose events are left out (-ENOTSUP);
 * or terms in perf's syntax (the kernel's files: "filter_opc=0x202", "occ_sel=1"), appended as they are. */
static int filter_terms(struct json_object *o, char *t, size_t n)
{
	static const char *const dropped[] = { "cbofilter", "chafilter", "pcufilter", "qpimask", "uboxfilter",
					       "fc, chnl", "chnl", "ctrctrl" };
	static const char *const refused[] = { "ha_addrmatch", "ha_opcodematch", "irpfilter" };
	char b[64];
	const char *s = member(o, "Filter", b, sizeof(b));
	size_t used = strlen(t);
	uint64_t v;

	if (!s)
		return 0;
	for (size_t i = 0; i < sizeof(dropped) / sizeof(dropped[0]); i++)
		if (!strncasecmp(s, dropped[i], strlen(dropped[i])))
			return 0;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (!strncasecmp(s, refused[i], strlen(refused[i])))
			return -ENOTSUP;
	if (!strcmp(s, "Filter1")) {
		if (num_member(o, "FILTER_VALUE", &v, false) < 0)
			return -EINVAL;
		return !v || append(t, n, "%sconfig1=0x%llx", v) ? 0 : -EINVAL;
	}
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_=,", *p))
			return -EINVAL;
	if (used + strlen(s) + 2 > n)
		return -EINVAL;
	snprintf(t + used, n - used, ",%s", s);
	return 0;
}

/* MSRIndex (a list "0x1a6,0x1a7" for the two offcore MSRs: the kernel picks one) and MSRValue as perf's terms. */
static int msr_terms(struct json_object *o, char *t, size_t n)
{
	char b[32];
	const char *term = NULL;
	uint64_t idx, v;

	if (num_member(o, "MSRIndex", &idx, true) < 0)
		return -EINVAL;
	if (idx == 0x3f6)
		term = "%sldlat=0x%llx";
	else if (idx == 0x1a6 || idx == 0x1a7)
		term = "%soffcore_rsp=0x%llx";
	else if (idx == 0x3f7)
		term = "%sfrontend=0x%llx";
	if (!term)
		return 0;
	/* a zero MSRValue still selects the MSR: perf writes "ldlat=0x0"; only a missing one is an error */
	if (!member(o, "MSRValue", b, sizeof(b)) && !str_member(o, "MSRValue"))
		return -EINVAL;
	if (num_member(o, "MSRValue", &v, false) < 0)
		return -EINVAL;
	return append(t, n, term, v) ? 0 : -EINVAL;
}

/* Terms of one event in the PMU's format names, after perf's rules for the same fields. Fields that do not
 * change the encoding are ignored on purpose: SampleAfterValue (sampling), PEBS, Precise, PEBScounters,
 * PDISTCounter, CollectPEBSRecord, Data_LA, L1_Hit_Indication, TakenAlone, Speculative, Offcore, ELLC,
 * CounterHTOff, Errata (notes for a reader) and the descriptions; Counter only for the fixed counters
 * (the budget reads it for the allowed counters), Deprecated and PerPkg as flags. -ENOTSUP: an event perf
 * cannot program. */
static int event_terms(struct json_object *o, const char *name, char *t, size_t n)
{
	static const char *const fields[][2] = {
		{ "AnyThread", "%sany=0x%llx" }, { "PortMask", "%sch_mask=0x%llx" },
		{ "CounterMask", "%scmask=0x%llx" }, { "EdgeDetect", "%sedge=0x%llx" },
		{ "FCMask", "%sfc_mask=0x%llx" }, { "Invert", "%sinv=0x%llx" }, { "UMask", NULL },
		{ "NodeType", "%stype=0x%llx" }, { "RdWrMask", "%srdwrmask=0x%llx" },
		{ "EnAllCores", "%senallcores=0x%llx" }, { "EnAllSlices", "%senallslices=0x%llx" },
		{ "SliceId", "%ssliceid=0x%llx" }, { "ThreadMask", "%sthreadmask=0x%llx" },
	};
	bool fixed_remap = false, umask = false;
	char b[32];
	uint64_t v;
	int r;

	t[0] = '\0';
	if (member(o, "ConfigCode", b, sizeof(b))) {
		if (num_member(o, "ConfigCode", &v, false) < 0 || !append(t, n, "%sconfig=0x%llx", v))
			return -EINVAL;
	} else if (member(o, "EventidCode", b, sizeof(b))) {
		if (num_member(o, "EventidCode", &v, false) < 0 || !append(t, n, "%seventid=0x%llx", v))
			return -EINVAL;
	} else if (event_code(o, name, t, n, &fixed_remap) < 0) {
		return -EINVAL;
	} else {
		umask = true;
	}
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (!fields[i][1]) { /* in perf's order of terms */
			if (umask && umask_term(o, t, n, fixed_remap) < 0)
				return -EINVAL;
			continue;
		}
		if (num_member(o, fields[i][0], &v, false) < 0)
			return -EINVAL;
		if (v && !append(t, n, fields[i][1], v))
			return -EINVAL;
	}
	if ((r = filter_terms(o, t, n)) < 0)
		return r;
	return msr_terms(o, t, n);
}

/* Uncore counters that are not programmable. "Counter": "FIXED" (a box's fixed clock counter) is event 0xff;
 * free-running counters (CounterType FREERUN) live in their own PMU, uncore_<unit>_free_running[_<n>], selected
 * by umask = type << 4 | index, with the kernel's types: IIO clockticks 1, bandwidth in 2 and out 3 (index: the
 * PART number); IMC clockticks or total 1, reads 2, writes 3 (index 0, the MC number in the PMU's name).
 * Returns 1 when the event is one of these (t and pmu set), 0 when not, -ENOTSUP for a kind perf lacks. */
static int special_counter(struct json_object *o, const char *name, const char *unit, char *t, size_t n, char *pmu,
			   size_t pn)
{
	char b[32];
	const char *counter = member(o, "Counter", b, sizeof(b)), *type = str_member(o, "CounterType"), *p;
	unsigned kind = 0, idx = 0;
	bool iio = unit && !strcasecmp(unit, "IIO"), imc = unit && !strcasecmp(unit, "iMC");

	if (counter && !strcasecmp(counter, "FIXED") && unit && *unit) {
		snprintf(t, n, "event=0xff");
		return 1;
	}
	if (!type || strcmp(type, "FREERUN") || !(iio || imc))
		return type && !strcmp(type, "FREERUN") ? -ENOTSUP : 0;
	if (strstr(name, "CLOCKTICKS") || (imc && strstr(name, "TOTAL")))
		kind = 1;
	else if (strstr(name, iio ? "BANDWIDTH_IN" : "RDCAS"))
		kind = 2;
	else if (strstr(name, iio ? "BANDWIDTH_OUT" : "WRCAS"))
		kind = 3;
	if (!kind)
		return -ENOTSUP;
	if (iio && kind > 1 && (!(p = strstr(name, "PART")) || sscanf(p + 4, "%2u", &idx) != 1))
		return -ENOTSUP;
	snprintf(t, n, "event=0xff,umask=0x%x", kind << 4 | idx);
	p = imc ? strstr(name, "_MC") : NULL;
	if (p && isdigit((unsigned char)p[3]))
		snprintf(pmu, pn, "uncore_imc_free_running_%d", atoi(p + 3) % 100);
	else
		snprintf(pmu, pn, "uncore_%s_free_running", iio ? "iio" : "imc");
	return 1;
}

static bool flag(struct json_object *o, const char *key)
{
	char b[32];
	const char *s = member(o, key, b, sizeof(b));

	return s && (!strcmp(s, "1") || !strcasecmp(s, "true"));
}

static const struct cat_event *std_find(const struct catalog *std, const char *name)
{
	char key[CAT_NAME_MAX];

	if (!std || catalog_norm(name, key, sizeof(key)) < 0)
		return NULL;
	for (int i = 0; i < std->n; i++)
		if (!strcmp(std->ev[i].name, key))
			return &std->ev[i];
	return NULL;
}

/* One entry of a table into the catalog. 1 added, 0 left out (metrics, references to common events we lack,
 * encodings we cannot read or perf cannot program: left out, not guessed), or catalog_add's -ENOMEM/-E2BIG. */
static int add_event(struct catalog *c, struct json_object *o, const char *origin, const char *pmu,
		     const char *topic, const struct catalog *std)
{
	char terms[TERMS_MAX], ubuf[64], b1[32], namebuf[CAT_NAME_MAX], spmu[64];
	const char *name, *arch, *unit, *desc, *tp;
	const struct cat_event *base = NULL;
	struct cat_event e = { .src = CAT_SRC_JSON };
	int r;

	if (!o || !json_object_is_type(o, json_type_object))
		return 0;
	if (nul_inside(o, "EventName") || nul_inside(o, "ArchStdEvent")) {
		/* told, with what comes before the NUL made printable, and skipped */
		catalog_error(c, "%s: event \"%.64s...\": a NUL byte inside its name, skipped", origin,
			      json_object_get_string(json_object_object_get(o, nul_inside(o, "EventName") ?
									    "EventName" : "ArchStdEvent")));
		return 0;
	}
	name = member(o, "EventName", b1, sizeof(b1));
	arch = member(o, "ArchStdEvent", namebuf, sizeof(namebuf));
	if (arch && !(base = std_find(std, arch)) && !member(o, "EventCode", ubuf, sizeof(ubuf)))
		return 0; /* a reference to a common event we do not have */
	if (!name)
		name = arch;
	if (!name)
		return 0; /* metrics and other entries without an event */
	unit = member(o, "Unit", ubuf, sizeof(ubuf));
	spmu[0] = '\0';
	if (base && !member(o, "EventCode", namebuf, sizeof(namebuf)))
		snprintf(terms, sizeof(terms), "%s", base->terms);
	else if ((r = special_counter(o, name, unit, terms, sizeof(terms), spmu, sizeof(spmu))) < 0 ||
		 (r == 0 && event_terms(o, name, terms, sizeof(terms)) < 0))
		return 0;
	if (!strcasecmp(name, "UNC_CLOCK.SOCKET") && unit && !strcmp(unit, "NCU"))
		unit = "CLOCK"; /* the client socket clock: perf's converter names its PMU uncore_clock */
	e.pmu = (char *)(spmu[0] ? spmu : pmu && *pmu && !(unit && *unit) ? pmu : unit_pmu(unit ? unit : "", ubuf, sizeof(ubuf)));
	if (!e.pmu)
		return 0;
	desc = str_member(o, "BriefDescription");
	if (!desc)
		desc = str_member(o, "PublicDescription");
	if (!desc && base)
		desc = base->desc;
	tp = str_member(o, "Topic");
	e.name = (char *)name;
	e.terms = terms;
	e.desc = (char *)(desc ? desc : "");
	e.topic = (char *)(tp ? tp : topic ? topic : "");
	e.counter = (char *)(str_member(o, "Counter") ? str_member(o, "Counter") : "");
	e.deprecated = flag(o, "Deprecated");
	e.per_pkg = flag(o, "PerPkg");
	r = catalog_add(c, &e, origin);
	if (r == -EINVAL)
		return 0; /* a name no event has: skip it */
	return r < 0 ? r : 1;
}

int catjson_parse(struct catalog *c, const char *text, size_t len, const char *origin, const char *pmu,
		  const char *topic, const struct catalog *std, struct errmsg *em)
{
	struct json_tokener *tok;
	struct json_object *root, *list;
	size_t nev, added = 0;
	int r = 0;

	if (len > CAT_FILE_MAX)
		return errmsg_set(em, -EINVAL, "%s: larger than %d MiB", origin, CAT_FILE_MAX >> 20);
	tok = json_tokener_new_ex(CAT_JSON_DEPTH);
	if (!tok)
		return -ENOMEM;
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success) {
		enum json_tokener_error e = json_tokener_get_error(tok);

		errmsg_set(em, -EINVAL, "%s: not valid JSON near byte %zu: %s", origin, json_tokener_get_parse_end(tok),
			   e == json_tokener_continue ? "unexpected end of file" : json_tokener_error_desc(e));
		json_object_put(root);
		json_tokener_free(tok);
		return -EINVAL;
	}
	for (size_t i = json_tokener_get_parse_end(tok); i < len; i++)
		if (!isspace((unsigned char)text[i])) {
			errmsg_set(em, -EINVAL, "%s: unexpected text after the JSON value at byte %zu", origin, i);
			json_object_put(root);
			json_tokener_free(tok);
			return -EINVAL;
		}
	json_tokener_free(tok);
	list = root;
	if (json_object_is_type(root, json_type_object) && !json_object_object_get_ex(root, "Events", &list))
		list = NULL;
	if (!list || !json_object_is_type(list, json_type_array)) {
		errmsg_set(em, -EINVAL, "%s: expected a list of events (or an object with \"Events\")", origin);
		json_object_put(root);
		return -EINVAL;
	}
	nev = json_object_array_length(list);
	for (size_t i = 0; i < nev && r >= 0; i++) {
		r = add_event(c, json_object_array_get_idx(list, i), origin, pmu, topic, std);
		if (r == -E2BIG) {
			errmsg_set(em, -EINVAL, "%s: more than %d events in the tables; the rest are left out",
				   origin, CAT_EVENTS_MAX);
			json_object_put(root);
			return -EINVAL;
		}
		added += r == 1;
	}
	json_object_put(root);
	return r < 0 ? r : (int)added;
}
