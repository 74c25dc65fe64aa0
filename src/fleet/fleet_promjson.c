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

/* One element of the result: its sample, 0; -1 when it is not one (skipped). */
static int take_sample(json_object *s, const char *label, struct fleet_sample *fs)
{
	json_object *metric, *value;

	if (!json_object_is_type(s, json_type_object) || !json_object_object_get_ex(s, "metric", &metric) ||
	    !json_object_is_type(metric, json_type_object) || !json_object_object_get_ex(s, "value", &value))
		return -1;
	fs->host = str_of(metric, label);
	fs->key = str_of(metric, "fig");
	if (!fs->key)
		fs->key = str_of(metric, "event");
	fs->version = str_of(metric, "version");
	fs->value = sample_value(value);
	if (!fs->host || !*fs->host || strlen(fs->host) >= FLEET_NAME_MAX || !fs->key || isnan(fs->value))
		return -1;
	return 0;
}

static int samples(json_object *result, const char *label, fleet_put_fn put, void *ctx)
{
	size_t n = json_object_array_length(result);
	int count = 0;

	if (n > SAMPLES_MAX)
		return -E2BIG;
	for (size_t i = 0; i < n; i++) {
		struct fleet_sample fs;

		if (take_sample(json_object_array_get_idx(result, i), label, &fs) < 0)
			continue;
		put(ctx, &fs);
		count++;
	}
	return count;
}

/* ---- the answer read one sample at a time ----
 * A tree of the whole answer costs json-c about 2 KiB per series (20 MiB at 1,000 hosts): the
 * answer as Prometheus, Thanos and VictoriaMetrics write it (status, then data's resultType and
 * result, then warnings) is read one element of result at a time instead, each element's tree
 * freed before the next. The samples are kept (copied, small) and handed on only when the whole
 * answer was read; anything else (another order, a malformed element, an error answer) is read as
 * a tree, which says what is wrong. */
#define VECTOR_HEAD "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["

struct held {
	struct fleet_sample *s;
	size_t n, cap;
};

static void held_free(struct held *h)
{
	for (size_t i = 0; i < h->n; i++) {
		free((char *)h->s[i].host);
		free((char *)h->s[i].key);
		free((char *)h->s[i].version);
	}
	free(h->s);
}

static int held_add(struct held *h, const struct fleet_sample *fs)
{
	struct fleet_sample c = { strdup(fs->host), strdup(fs->key), fs->version ? strdup(fs->version) : NULL, fs->value };

	if (h->n == SAMPLES_MAX || !c.host || !c.key || (fs->version && !c.version))
		goto fail;
	if (h->n == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 256;
		struct fleet_sample *s = realloc(h->s, cap * sizeof(*s));
		if (!s)
			goto fail;
		h->s = s;
		h->cap = cap;
	}
	h->s[h->n++] = c;
	return 0;
fail:
	free((char *)c.host);
	free((char *)c.key);
	free((char *)c.version);
	return -1;
}

static size_t skip_ws(const char *p, size_t at, size_t len)
{
	while (at < len && (p[at] == ' ' || p[at] == '\n' || p[at] == '\r' || p[at] == '\t'))
		at++;
	return at;
}

/* the elements of result from at, up to its ']': the offset after it, or 0 when malformed */
static size_t stream_elements(const char *body, size_t at, size_t len, const char *label, struct held *h)
{
	json_tokener *tok = json_tokener_new_ex(16);

	if (!tok)
		return 0;
	at = skip_ws(body, at, len);
	if (at < len && body[at] == ']') {
		json_tokener_free(tok);
		return at + 1;
	}
	while (at < len) {
		json_object *o;
		struct fleet_sample fs;
		size_t left = len - at;

		json_tokener_reset(tok);
		o = json_tokener_parse_ex(tok, body + at, left > INT32_MAX ? INT32_MAX : (int)left);
		if (json_tokener_get_error(tok) != json_tokener_success ||   /* null: o NULL, not a sample */
		    (take_sample(o, label, &fs) == 0 && held_add(h, &fs) < 0)) {
			json_object_put(o);
			break;
		}
		json_object_put(o);
		at = skip_ws(body, at + json_tokener_get_parse_end(tok), len);
		if (at < len && body[at] == ']') {
			json_tokener_free(tok);
			return at + 1;
		}
		if (at >= len || body[at] != ',')
			break;
		at++;
	}
	json_tokener_free(tok);
	return 0;
}

/* after result's ']': data's '}', then the end or more members (warnings); 0, or -1 malformed */
static int stream_tail(const char *body, size_t at, size_t len, struct fleet_issue *issues, int *nissues,
		       const char *query)
{
	json_object *rest;
	char *copy;

	at = skip_ws(body, at, len);
	if (at >= len || body[at] != '}')
		return -1;
	at = skip_ws(body, at + 1, len);
	if (at < len && body[at] == '}')
		return skip_ws(body, at + 1, len) == len ? 0 : -1;
	if (at >= len || body[at] != ',' || !(copy = malloc(len - at + 1)))
		return -1;
	copy[0] = '{';   /* the remaining members as an object of their own */
	memcpy(copy + 1, body + at + 1, len - at - 1);
	copy[len - at] = '\0';
	rest = json_tokener_parse(copy);
	free(copy);
	if (!json_object_is_type(rest, json_type_object)) {
		json_object_put(rest);
		return -1;
	}
	warnings(rest, issues, nissues, query);
	json_object_put(rest);
	return 0;
}

/* the count of samples handed on, or -1: read it as a tree */
static int stream_vector(const char *body, size_t len, const char *label, fleet_put_fn put, void *ctx,
			 struct fleet_issue *issues, int *nissues, const char *query)
{
	struct fleet_issue is[FLEET_ISSUES_MAX];
	struct held h = { 0 };
	size_t at, head = strlen(VECTOR_HEAD);
	int nis = *nissues, r = -1;

	if (len < head || memcmp(body, VECTOR_HEAD, head) != 0)
		return -1;
	memcpy(is, issues, sizeof(is));
	if ((at = stream_elements(body, head, len, label, &h)) > 0 && stream_tail(body, at, len, is, &nis, query) == 0) {
		for (size_t i = 0; i < h.n; i++)
			put(ctx, &h.s[i]);
		memcpy(issues, is, sizeof(is));
		*nissues = nis;
		r = (int)h.n;
	}
	held_free(&h);
	return r;
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
	if ((r = stream_vector(body, len, label, put, ctx, issues, nissues, query)) >= 0)
		return r;
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
