/* outbuf.c: fast appenders for batch output; printf per field is too slow at 224 CPUs x 16 events. */
#include "out/outbuf.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void ob_init(struct outbuf *b, size_t cap)
{
	b->len = 0;
	b->oom = 0;
	b->cap = cap ? cap : 4096;
	b->p = malloc(b->cap);
	if (!b->p) {
		b->cap = 0;
		b->oom = 1;
	}
}

void ob_free(struct outbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void ob_reset(struct outbuf *b) { b->len = 0; }

static int ob_room(struct outbuf *b, size_t n)
{
	if (b->len + n <= b->cap)
		return 1;
	if (b->oom)
		return 0;
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + n)
		cap *= 2;
	char *np = realloc(b->p, cap);
	if (!np) {
		b->oom = 1;
		return 0;
	}
	b->p = np;
	b->cap = cap;
	return 1;
}

void ob_mem_grow(struct outbuf *b, const char *s, size_t n)
{
	if (!ob_room(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

void ob_char_grow(struct outbuf *b, char c)
{
	if (ob_room(b, 1))
		b->p[b->len++] = c;
}

void ob_u64(struct outbuf *b, uint64_t v)
{
	static const char d2[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	char tmp[24];
	int i = sizeof(tmp);
	while (v >= 100) {
		unsigned k = (unsigned)(v % 100) * 2;
		v /= 100;
		tmp[--i] = d2[k + 1];
		tmp[--i] = d2[k];
	}
	if (v >= 10) {
		tmp[--i] = d2[v * 2 + 1];
		tmp[--i] = d2[v * 2];
	} else {
		tmp[--i] = (char)('0' + v);
	}
	ob_mem(b, tmp + i, sizeof(tmp) - (size_t)i);
}

void ob_i64(struct outbuf *b, int64_t v)
{
	if (v < 0) {
		ob_char(b, '-');
		ob_u64(b, (uint64_t)0 - (uint64_t)v);
	} else {
		ob_u64(b, (uint64_t)v);
	}
}

/* printf of one number straight into the buffer, however long its text is. */
static void ob_printf_num(struct outbuf *b, const char *fmt, int prec, double v)
{
	int n = snprintf(NULL, 0, fmt, prec, v);

	if (n < 0 || !ob_room(b, (size_t)n + 1))
		return;
	snprintf(b->p + b->len, (size_t)n + 1, fmt, prec, v);
	b->len += (size_t)n;
}

void ob_pad_left(struct outbuf *b, size_t start, size_t width)
{
	size_t have, pad;

	if (start > b->len || (have = b->len - start) >= width || !ob_room(b, width - have))
		return;
	pad = width - have;
	memmove(b->p + start + pad, b->p + start, have);
	memset(b->p + start, ' ', pad);
	b->len += pad;
}

static const double pow10_tab[10] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };

void ob_fixed(struct outbuf *b, double v, int decimals, const char *nan_text)
{
	if (!isfinite(v)) {
		ob_str(b, nan_text);
		return;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	if (fabs(v) >= 9e18 / pow10_tab[decimals]) {   /* too big for the integer path */
		ob_printf_num(b, "%.*f", decimals, v);
		return;
	}
	if (v < 0) {
		ob_char(b, '-');
		v = -v;
	}
	uint64_t scaled = (uint64_t)llround(v * pow10_tab[decimals]);
	uint64_t ip = scaled / (uint64_t)pow10_tab[decimals], fp = scaled % (uint64_t)pow10_tab[decimals];
	ob_u64(b, ip);
	if (decimals) {
		char tmp[10];
		ob_char(b, '.');
		for (int i = decimals - 1; i >= 0; i--) {
			tmp[i] = (char)('0' + fp % 10);
			fp /= 10;
		}
		ob_mem(b, tmp, (size_t)decimals);
	}
}

void ob_json_num(struct outbuf *b, double v)
{
	if (!isfinite(v)) {
		ob_str(b, "null");
		return;
	}
	if (v == floor(v) && fabs(v) < 9e15) {
		ob_i64(b, (int64_t)v);
		return;
	}
	if (fabs(v) >= 9e15) {   /* beyond exact integers: the shortest form that reads back the same */
		char tmp[40];
		int n = 0;
		for (int prec = 15; prec <= 17; prec++) {
			n = snprintf(tmp, sizeof(tmp), "%.*g", prec, v);   /* at most 24 characters */
			if (strtod(tmp, NULL) == v)
				break;
		}
		ob_mem(b, tmp, (size_t)n);
		return;
	}
	/* up to 6 decimals, trailing zeros trimmed */
	size_t start = b->len;
	ob_fixed(b, v, fabs(v) >= 1e6 ? 2 : 6, "null");
	if (b->oom)
		return;
	while (b->len > start + 1 && b->p[b->len - 1] == '0')
		b->len--;
	if (b->p[b->len - 1] == '.')
		b->len--;
}

void ob_json_str(struct outbuf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	ob_char(b, '"');
	for (;;) {
		const char *r = s;
		while (*r && *r != '"' && *r != '\\' && (unsigned char)*r >= 0x20)
			r++;
		ob_mem(b, s, (size_t)(r - s));
		if (!*r)
			break;
		unsigned char c = (unsigned char)*r;
		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			ob_mem(b, e, 2);
		} else {
			char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			ob_mem(b, e, 6);
		}
		s = r + 1;
	}
	ob_char(b, '"');
}

void json_fputs(FILE *f, const char *s)
{
	struct outbuf b;
	ob_init(&b, 64);
	ob_json_str(&b, s ? s : "");
	ob_flush(&b, f);
	ob_free(&b);
}

int ob_flush(struct outbuf *b, FILE *f)
{
	int r = 0;
	if (b->len && fwrite(b->p, 1, b->len, f) != b->len)
		r = -EIO;
	if (fflush(f) != 0)
		r = -EIO;
	b->len = 0;
	return r;
}
