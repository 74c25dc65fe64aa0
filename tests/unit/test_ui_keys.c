/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_ui_keys.c: the key table: every key the issue names is bound, none twice, all documented. */
#include "t.h"
#include <curses.h>
#include "ui/widgets/keys.h"

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

int main(void)
{
	RUN(issue_keys_bound);
	RUN(no_key_twice);
	RUN(every_row_in_help);
	T_DONE();
}
