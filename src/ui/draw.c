/* draw.c: small drawing helpers shared by the views: attributes and clipped text. */
#include "view.h"
#include <string.h>

attr_t ui_attr(const struct ui *u, int pair)
{
	if (u->color) {
		switch (pair) {
		case UP_TITLE: case UP_SIM: case UP_SEL:
			return COLOR_PAIR(pair) | A_BOLD;
		case UP_HEAD:
			return COLOR_PAIR(pair) | A_BOLD;
		case UP_NONE:
			return A_NORMAL;
		default:
			return COLOR_PAIR(pair);
		}
	}
	switch (pair) {
	case UP_TITLE: case UP_SIM: case UP_SEL:
		return A_REVERSE;
	case UP_HEAD: case UP_BAD:
		return A_BOLD;
	case UP_LABEL:
		return A_NORMAL;
	case UP_DIM:
		return A_DIM;
	default:
		return A_NORMAL;
	}
}

int ui_put(WINDOW *w, int y, int x, int maxw, attr_t at, const char *s)
{
	int cols = 0;
	size_t n = 0;

	if (maxw <= 0 || !s)
		return 0;
	while (s[n]) {
		/* a UTF-8 lead byte starts a new column */
		if (((unsigned char)s[n] & 0xC0) != 0x80) {
			if (cols == maxw)
				break;
			cols++;
		}
		n++;
	}
	if (n == 0)
		return 0;
	wattr_on(w, at, NULL);
	mvwaddnstr(w, y, x, s, (int)n);
	wattr_off(w, at, NULL);
	return cols;
}

void ui_put_right(WINDOW *w, int y, int x, int cw, attr_t at, const char *s)
{
	int len = 0;

	for (const char *p = s; *p; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			len++;
	if (len > cw)
		len = cw;
	ui_put(w, y, x + cw - len, len, at, s);
}
