/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* fleet_promjson.c: the answer of Prometheus' /api/v1/query (and of the stores that speak it) read
 * with json-c: status, error, warnings, and each sample of a vector with the labels the fleet needs.
 * The answer is untrusted: its size, depth and count of samples are bounded, every field's type is
 * checked, and a value that is not a number is skipped, never read as 0. */
#include "fleet_impl.h"
#include "base/errmsg.h"
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES_MAX 2000000

static const char *str_of(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static void warnings(json_object *root, struct fleet_issue *issues, int *nissues, const char *query)
{
	json_object *w;

	if (!json_object_object_get_ex(root, "warnings", &w) || !json_object_is_type(w, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(w) && i < 4; i++) {
		json_object *s = json_object_array_get_idx(w, i);
		if (json_object_is_type(s, json_type_string))
			fleet_issue_add(issues, nissues, true, query, json_object_get_string(s));
	}
}

/* [time, "value"]: the value, NAN when malformed (Prometheus writes "NaN", "+Inf" as strings) */
static double sample_value(json_object *v)
{
	json_object *x;
	const char *s;
	char *end;
	double d;

	if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2)
		return NAN;
	x = json_object_array_get_idx(v, 1);
	if (!json_object_is_type(x, json_type_string))
		return NAN;
	s = json_object_get_string(x);
	d = strtod(s, &end);
	return end == s || *end ? NAN : d;
}

static int samples(json_object *result, const char *label, fleet_put_fn put, void *ctx)
{
	size_t n = json_object_array_length(result);
	int count = 0;

	if (n > SAMPLES_MAX)
		return -E2BIG;
	for (size_t i = 0; i < n; i++) {
		json_object *s = json_object_array_get_idx(result, i), *metric, *value;
		struct fleet_sample fs;

		if (!json_object_is_type(s, json_type_object) || !json_object_object_get_ex(s, "metric", &metric) ||
		    !json_object_is_type(metric, json_type_object) || !json_object_object_get_ex(s, "value", &value))
			continue;
		fs.host = str_of(metric, label);
		fs.key = str_of(metric, "fig");
		if (!fs.key)
			fs.key = str_of(metric, "event");
		fs.version = str_of(metric, "version");
		fs.value = sample_value(value);
		if (!fs.host || !*fs.host || strlen(fs.host) >= FLEET_NAME_MAX || !fs.key || isnan(fs.value))
			continue;
		put(ctx, &fs);
		count++;
	}
	return count;
}

int fleet_promjson_parse(const char *body, size_t len, const char *label, fleet_put_fn put, void *ctx,
			 struct fleet_issue *issues, int *nissues, const char *query, struct errmsg *em)
{
	json_tokener *tok;
	json_object *root = NULL, *data, *result;
	const char *status, *err, *type;
	int r;

	if (len > FLEET_BODY_MAX || len > (size_t)INT32_MAX)
		return errmsg_set(em, -E2BIG, "the answer is too large (%zu bytes)", len);
	if (!(tok = json_tokener_new_ex(16)))
		return errmsg_set(em, -ENOMEM, "out of memory");
	root = json_tokener_parse_ex(tok, body, (int)len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success) {
		enum json_tokener_error e = json_tokener_get_error(tok);
		json_tokener_free(tok);
		json_object_put(root);
		return errmsg_set(em, -EBADMSG, "the answer is not JSON (%s): is the URL a Prometheus query API?",
				  e == json_tokener_continue ? "cut short" : json_tokener_error_desc(e));
	}
	json_tokener_free(tok);
	if (!json_object_is_type(root, json_type_object) || !(status = str_of(root, "status"))) {
		json_object_put(root);
		return errmsg_set(em, -EBADMSG, "the answer has no \"status\": not a Prometheus query API");
	}
	warnings(root, issues, nissues, query);
	if (strcmp(status, "success") != 0) {
		err = str_of(root, "error");
		type = str_of(root, "errorType");
		r = errmsg_set(em, -EPROTO, "%s: %s", type ? type : "error", err ? err : "(no error text)");
		json_object_put(root);
		return r;
	}
	if (!json_object_object_get_ex(root, "data", &data) || !json_object_is_type(data, json_type_object) ||
	    !json_object_object_get_ex(data, "result", &result) || !json_object_is_type(result, json_type_array)) {
		json_object_put(root);
		return errmsg_set(em, -EBADMSG, "the answer has no data.result array");
	}
	type = str_of(data, "resultType");
	if (!type || strcmp(type, "vector") != 0) {
		/* said before the tree (which holds type) is freed */
		r = errmsg_set(em, -EBADMSG, "the answer is a %.60s, not a vector", type ? type : "(no resultType)");
		json_object_put(root);
		return r;
	}
	r = samples(result, label, put, ctx);
	json_object_put(root);
	return r == -E2BIG ? errmsg_set(em, r, "more than %d series in one answer", SAMPLES_MAX) : r;
}
