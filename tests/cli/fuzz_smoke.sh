# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# fuzz_smoke.sh: every fuzz target still builds with its FUZZ_SOURCES and runs a few thousand
# inputs clean (make fuzz runs each for 1,000,000); a target whose parser moved or grew a
# dependency fails here rather than at the next long fuzzing run.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
case "$PMUTOP" in
*build-san*) skip all "built and run once, in the plain test run"; t_done; exit 0 ;;
esac
FUZZ_RUNS=3000 FUZZ_TIME=120 FUZZ_BUILD="$TMPD/fuzz" sh "$root/tests/fuzz/run.sh" "$root"/tests/fuzz/fuzz_*.c \
	>"$TMPD/fuzz.out" 2>&1
while IFS= read -r line; do
	case "$line" in
	"PASS fuzz:"*) n=${line#PASS fuzz:}; pass "${n%%:*}" ;;
	"FAIL fuzz:"*) n=${line#FAIL fuzz:}; fail "${n%%:*}" "$(printf '%s' "${n#*: }" | head -c 300)" ;;
	"SKIP fuzz:"*) n=${line#SKIP fuzz:}; skip "${n%%:*}" "${n#*: }" ;;
	esac
done <"$TMPD/fuzz.out"
grep -q '^PASS fuzz:\|^SKIP fuzz:' "$TMPD/fuzz.out" || fail run "no fuzz target ran: $(head -c 300 "$TMPD/fuzz.out")"
t_done
