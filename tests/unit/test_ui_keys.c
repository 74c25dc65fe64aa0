/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Copyright (C) 2026 The pmutop authors */
/* test_ui_keys.c: the key table: every key the issue names is bound, none twice, all documented: each
 * key the table binds is named in its help row and in the KEYS of the man page and the README. */
#include "t.h"
#include <curses.h>
#include "ui/widgets/keys.h"
#include <stdbool.h>

TEST(issue_keys_bound)
{
	static const struct { int key, action; } want[] = {
		{ 'q', UA_QUIT }, { 'h', UA_HELP }, { '?', UA_HELP }, { 'c', UA_CORES },
		{ 's', UA_SOCKETS }, { 'u', UA_UNCORE }, { 'e', UA_EVENTS }, { ' ', UA_TOGGLE },
		{ '\n', UA_TOGGLE }, { KEY_ENTER, UA_TOGGLE }, { 'a', UA_ADD }, { 'p', UA_PAUSE },
		{ '+', UA_FASTER }, { '-', UA_SLOWER }, { KEY_UP, UA_UP }, { KEY_DOWN, UA_DOWN },
		{ KEY_PPAGE, UA_PGUP }, { KEY_NPAGE, UA_PGDN }, { KEY_HOME, UA_HOME }, { KEY_END, UA_END },
		{ '<', UA_SORT_PREV }, { '>', UA_SORT_NEXT }, { 'I', UA_REVERSE }, { 'r', UA_RAW }, { 't', UA_FOLD },
		{ 27, UA_BACK }, { 'S', UA_SAVE }, { '.', UA_STEP_FWD }, { ',', UA_STEP_BACK },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		CHECK(ui_key_action(want[i].key) == want[i].action, "key %d gives %d, want %d",
		      want[i].key, ui_key_action(want[i].key), want[i].action);
	CHECK_EQ_INT(ui_key_action('Z'), UA_NONE);
}

TEST(no_key_twice)
{
	for (const struct ui_key *a = ui_keys; a->key; a++)
		for (const struct ui_key *b = a + 1; b->key; b++)
			CHECK(a->key != b->key, "key %d bound twice", a->key);
}

TEST(every_row_in_help)
{
	/* a row without a name is listed by the named row above it ("Up Down") */
	const char *named = NULL;
	int nnamed = 0;

	CHECK(ui_keys[0].name != NULL, "the table starts with a documented row");
	for (const struct ui_key *a = ui_keys; a->key; a++) {
		CHECK(a->action != UA_NONE, "key %d bound to nothing", a->key);
		if (a->name) {
			CHECK(a->help && a->help[0], "%s has no help text", a->name);
			named = a->name;
			nnamed++;
		} else {
			CHECK(named != NULL, "key %d has no help row", a->key);
		}
	}
}

/* The named row a key is listed under: the nearest row with a name at or above it. */
static const struct ui_key *row_of(const struct ui_key *k)
{
	while (k > ui_keys && !k->name)
		k--;
	return k;
}

/* word is one of the space-separated words of list. */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p++)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

/* The help view shows each row's name: it names every key of the row (`=` beside `+`), and only those. */
TEST(help_names_every_key)
{
	char buf[32], word[32];

	for (const struct ui_key *k = ui_keys; k->key; k++) {
		const char *label = ui_key_label(k->key, buf, sizeof(buf));

		CHECK(label != NULL, "key %d has no label", k->key);
		if (label)
			CHECK(has_word(row_of(k)->name, label), "help row \"%s\" lacks %s", row_of(k)->name, label);
	}
	for (const struct ui_key *r = ui_keys; r->key; r++) {
		if (!r->name)
			continue;
		for (const char *p = r->name; *p;) {
			size_t n = strcspn(p, " ");
			bool found = false;

			snprintf(word, sizeof(word), "%.*s", (int)n, p);
			for (const struct ui_key *k = r; k->key && (k == r || !k->name); k++) {
				const char *label = ui_key_label(k->key, buf, sizeof(buf));
				found |= label && !strcmp(label, word);
			}
			CHECK(found, "help row \"%s\" names %s, a key it does not bind", r->name, word);
			p += n + (p[n] == ' ');
		}
	}
}

/* The text of FILE from the line starting with `from` up to the next line starting with `to`. */
static char *section(const char *file, const char *from, const char *to)
{
	FILE *f = fopen(file, "r");
	char line[4096], *out = NULL;
	size_t len = 0;
	bool on = false;

	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		if (on && !strncmp(line, to, strlen(to)))
			break;
		if (!on && !strcmp(line, from))
			on = true;
		if (on) {
			size_t n = strlen(line);
			char *p = realloc(out, len + n + 1);

			if (!p)
				break;
			out = p;
			memcpy(out + len, line, n + 1);
			len += n;
		}
	}
	fclose(f);
	return out;
}

/* Every key the table binds is in the man page's KEYS (as \fBKEY\fR, '-' as '\-') and the README's
 * Keys (as `KEY`). The tests run from the source tree's top. */
TEST(docs_name_every_key)
{
	char *man = section("pmutop.1", ".SH KEYS\n", ".SH "), *readme = section("README.md", "## Keys\n", "## ");
	char buf[32], want[64];

	CHECK(man && strlen(man) > 1000, "no KEYS section in pmutop.1");
	CHECK(readme && strlen(readme) > 500, "no Keys section in README.md");
	for (const struct ui_key *k = ui_keys; man && readme && k->key; k++) {
		const char *label = ui_key_label(k->key, buf, sizeof(buf));
		size_t n = 0;

		if (!label)
			continue;   /* help_names_every_key says so */
		n += (size_t)snprintf(want, sizeof(want), "\\fB");
		for (const char *c = label; *c && n + 3 < sizeof(want); c++) {
			if (*c == '-' || *c == '\\')
				want[n++] = '\\';
			want[n++] = *c;
		}
		snprintf(want + n, sizeof(want) - n, "\\fR");
		CHECK(strstr(man, want) != NULL, "the man page's KEYS lack %s (%s)", want, label);
		snprintf(want, sizeof(want), "`%s`", label);
		CHECK(strstr(readme, want) != NULL, "the README's Keys lack %s", want);
	}
	free(man);
	free(readme);
}

int main(void)
{
	RUN(issue_keys_bound);
	RUN(no_key_twice);
	RUN(every_row_in_help);
	RUN(help_names_every_key);
	RUN(docs_name_every_key);
	T_DONE();
}
