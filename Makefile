# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# pmutop: build, run, test, install. `make help` lists the targets.
PKGS     := ncursesw libpci inih json-c libmicrohttpd zlib libelf libdw libcurl
CC       ?= cc
PREFIX   ?= /usr/local
DESTDIR  ?=
# GNU directory variables; the system config lives in $(sysconfdir) (/etc for PREFIX=/usr)
prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir      ?= $(exec_prefix)/bin
datarootdir ?= $(prefix)/share
mandir      ?= $(datarootdir)/man
man1dir     ?= $(mandir)/man1
sysconfdir  ?= $(if $(filter /usr,$(prefix)),/etc,$(prefix)/etc)
datadir     ?= $(datarootdir)
# vendor event tables a package may ship (the binary looks there after the user's own folders)
eventsdir   ?= $(datadir)/pmutop/events
# The systemd unit (installed, not enabled) and the bash completion go where this system's systemd
# and bash-completion say (their pkg-config files: Debian 12's systemd says /lib/systemd/system), for
# the prefix installed to; else, or for a prefix of the admin's own (/usr/local: systemd reads
# /usr/local/lib/systemd/system too, bash-completion /usr/local/share/...), below the prefix. Packagers may set either.
systemdunitdir ?= $(or $(if $(filter /usr,$(prefix)),$(shell pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)),$(prefix)/lib/systemd/system)
bashcompdir ?= $(or $(if $(filter /usr,$(prefix)),$(shell pkg-config --variable=completionsdir bash-completion 2>/dev/null)),$(datarootdir)/bash-completion/completions)
INSTALL     ?= install
# the release in the VERSION file, and the git description of the checkout built from (none outside
# git): `pmutop --version` prints both (scripts/version.sh)
VERSION     := $(shell sh scripts/version.sh)
GITDESC     := $(shell sh scripts/version.sh --git)
OPT      ?= -O2 -g
WARN     := -Wall -Wextra
SAN      ?=

ifeq ($(SAN),1)
BUILD    ?= build-san
OPT      := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
BIN      := $(BUILD)/pmutop
else
BUILD    ?= build
BIN      := pmutop
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libmicrohttpd is dlopen'ed by the exporter when --listen asks for a server (issue 18), libcurl
# by the fleet when one is asked for (fleet_curl.c), libelf and libdw by the hot functions when they
# read a file's symbols (dso_elf.c): headers only
PKG_LIBS   := $(shell pkg-config --libs $(filter-out libmicrohttpd libcurl libelf libdw,$(PKGS)) 2>/dev/null)
# The flags pmutop needs are its own variables, always used; CPPFLAGS, CFLAGS, LDFLAGS and LDLIBS
# are the user's (command line or environment, as dpkg-buildflags gives them) and come after, so
# that they add to or override (-O0) ours without dropping them (the GNU convention).
PMUTOP_CPPFLAGS := -D_GNU_SOURCE -Isrc $(filter-out -D_XOPEN_SOURCE=600,$(PKG_CFLAGS)) -D_XOPEN_SOURCE_EXTENDED
PMUTOP_CFLAGS   := $(OPT) $(WARN) -std=gnu11 -MMD -MP
PMUTOP_LIBS     := $(PKG_LIBS) -lm
COMPILE  = $(CC) $(PMUTOP_CPPFLAGS) $(CPPFLAGS) $(PMUTOP_CFLAGS) $(CFLAGS)
LINK_WITH = $(PMUTOP_CFLAGS) $(CFLAGS) $(LDFLAGS)

SRCS     := $(shell find src -name "*.c" | LC_ALL=C sort)
LIB_SRCS := $(filter-out src/main.c,$(SRCS))
MACHINES := $(sort $(wildcard machines/*.machine))
GEN_C    := $(BUILD)/gen/machines_embed.c
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/machines_embed.o
TEST_SRCS:= $(wildcard tests/unit/test_*.c)
TEST_BINS:= $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_SRCS:= $(wildcard tests/fuzz/fuzz_*.c)

.PHONY: all run demo test check test-san deps test-deps install uninstall dist clean bench fuzz help screenshots tui-refs FORCE \
	cross-arm64 test-kernel

all: $(BIN)

help:
	@echo "make            build ./pmutop"
	@echo "make deps       install what building needs (Debian/Ubuntu: apt-get, through sudo when not root)"
	@echo "make run        install missing build dependencies, build, start pmutop on this machine"
	@echo "make demo       start pmutop on the simulated 2-socket Sapphire Rapids (--sim spr-2s)"
	@echo "make test-deps  install the test tools (says which; promtool and prometheus are unpacked"
	@echo "                into a cache folder, never installed as a service)"
	@echo "make test       the same, build, run every test"
	@echo "make test SAN=1 the same under AddressSanitizer and UndefinedBehaviorSanitizer"
	@echo "make check      build, run the tests that need no root, network, QEMU or Prometheus and install"
	@echo "                nothing (a package build's dh_auto_test); the others say SKIP and why"
	@echo "make test-kernel boot an emulated arm64 machine (QEMU) and test pmutop against the kernel's"
	@echo "                real PMU driver there (docs/kernel-pmu.md); make test runs it when QEMU is here"
	@echo "make cross-arm64 build pmutop for arm64 into build-arm64/pmutop (Debian's .debs as sysroot)"
	@echo "make fuzz       build and run the fuzz targets (clang, libFuzzer, ASan/UBSan)"
	@echo "make bench      run the benchmarks, write bench/results.json"
	@echo "make tui-refs   rewrite the reference screens tests/tui/ref/*.txt (every view, 4 simulated"
	@echo "                machines, 3 sizes, colour and NO_COLOR) from this build; review their diff"
	@echo "make screenshots install Pillow and DejaVu fonts if missing, remake screenshots/*.png"
	@echo "make install    install to \$$(DESTDIR)\$$(PREFIX): the binary, man page, systemd unit (not"
	@echo "                enabled), bash completion, and the default config in \$$(sysconfdir), as"
	@echo "                pmutop.conf.new when a pmutop.conf is there already; rebuilds for the paths"
	@echo "make uninstall  remove what make install installed (a config you changed stays)"
	@echo "make dist       pmutop-VERSION.tar.gz of the tracked files, buildable without git"

deps:
	@sh scripts/deps.sh

test-deps:
	@sh scripts/deps.sh test

LIB_A    := $(BUILD)/libpmutop.a

$(BIN): $(BUILD)/src/main.o $(LIB_A)
	$(CC) $(LINK_WITH) -o $@ $(BUILD)/src/main.o -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(PMUTOP_LIBS) $(LDLIBS)

$(LIB_A): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(COMPILE) -c -o $@ $<

# The version and the paths the binary uses are compiled into buildinfo.o alone; the stamp changes
# (and that file is rebuilt, the binary relinked) whenever one of them does, `make install
# PREFIX=/usr` after a plain `make` included. The unit file is made from the same values.
BUILDINFO_DEFS := -DPMUTOP_VERSION='"$(VERSION)"' -DPMUTOP_GITDESC='"$(GITDESC)"' -DPMUTOP_SYSCONFDIR='"$(sysconfdir)"' \
		  -DPMUTOP_EVENTSDIR='"$(eventsdir)"'
STAMP    := $(BUILD)/gen/buildinfo.stamp
$(STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo 'version=$(VERSION) git=$(GITDESC) sysconfdir=$(sysconfdir) eventsdir=$(eventsdir) bindir=$(bindir)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/src/base/buildinfo.o: $(STAMP)
$(BUILD)/src/base/buildinfo.o: PMUTOP_CPPFLAGS += $(BUILDINFO_DEFS)
FORCE:

$(BUILD)/pmutop.service: contrib/pmutop.service.in $(STAMP)
	sed 's|@bindir@|$(bindir)|g' contrib/pmutop.service.in >$@

$(GEN_C): $(MACHINES) scripts/embed.sh
	@mkdir -p $(dir $@)
	sh scripts/embed.sh $(MACHINES) > $@

$(BUILD)/gen/machines_embed.o: $(GEN_C)
	$(COMPILE) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_A) tests/unit/t.h $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(COMPILE) -Itests/unit $(LDFLAGS) -o $@ $< $(LIB_A) $(PMUTOP_LIBS) $(LDLIBS)

run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) $(ARGS)

demo: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) --sim spr-2s $(ARGS)

# deps, then test-deps, one after the other even under -j (two apt-get at once would fight for its lock)
test:
	@sh scripts/deps.sh
	@sh scripts/deps.sh test
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BINS)
	@PMUTOP=$(abspath $(BIN)) TEST_BIN_DIR=$(abspath $(BUILD)/tests) \
		PMUTOP_KERNEL=$(if $(filter 1,$(SAN)),no,$(PMUTOP_KERNEL)) \
		$(if $(filter 1,$(SAN)),PMUTOP_KERNEL_WHY='the guest runs the plain cross-built binary; the plain make test runs it') \
		sh tests/run.sh

# A package build's test run (dh_auto_test): no apt-get, no download, no QEMU; run.sh tells the
# tests (PMUTOP_CHECK=1) to skip, saying why, what needs root, the network or an unpacked Prometheus.
check:
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BINS)
	@PMUTOP=$(abspath $(BIN)) TEST_BIN_DIR=$(abspath $(BUILD)/tests) PMUTOP_KERNEL=no PMUTOP_CHECK=1 \
		sh tests/run.sh

test-san:
	@$(MAKE) --no-print-directory test SAN=1

# tests/kernel: its set-up (host packages, the cached arm64 .debs, both builds) is in the time it prints
test-kernel:
	@start=$$(date +%s) && sh scripts/deps.sh && sh scripts/deps.sh kernel && \
		$(MAKE) --no-print-directory $(BIN) >/dev/null && \
		PMUTOP_KERNEL_START=$$start PMUTOP=$(abspath $(BIN)) sh tests/kernel/run.sh

cross-arm64:
	@sh scripts/deps.sh kernel
	@sh tests/kernel/cross.sh

fuzz:
	@sh tests/fuzz/run.sh $(FUZZ_SRCS)

bench: deps
	@sh bench/run.sh

# the whole-screen references (tests/tui/tui_refscreens.sh compares them): after a change of the
# screen, rewrite them and read their diff before committing it
tui-refs: $(BIN)
	@PMUTOP=$(abspath $(BIN)) PMUTOP_REFS_WRITE=1 sh tests/tui/tui_refscreens.sh

screenshots: $(BIN)
	@sh scripts/deps.sh screenshots
	@sh scripts/screenshots.sh

# A config already in place is the user's: never overwrite it; the new default goes beside it.
# The unit goes in $(systemdunitdir) without being enabled: starting a service is the admin's call.
install: $(BIN) $(BUILD)/pmutop.service
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(sysconfdir) \
		$(DESTDIR)$(systemdunitdir) $(DESTDIR)$(bashcompdir)
	$(INSTALL) -m 0755 $(BIN) $(DESTDIR)$(bindir)/pmutop
	$(INSTALL) -m 0644 pmutop.1 $(DESTDIR)$(man1dir)/pmutop.1
	$(INSTALL) -m 0644 $(BUILD)/pmutop.service $(DESTDIR)$(systemdunitdir)/pmutop.service
	$(INSTALL) -m 0644 contrib/pmutop.bash-completion $(DESTDIR)$(bashcompdir)/pmutop
	@if [ -e $(DESTDIR)$(sysconfdir)/pmutop.conf ] && ! cmp -s conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; then \
		$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf.new && \
		echo "make install: kept your $(DESTDIR)$(sysconfdir)/pmutop.conf; the new default is pmutop.conf.new beside it"; \
	else \
		echo "$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf"; \
		$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; \
	fi

# Remove what install put there; a config that differs from the default is the user's and stays.
uninstall:
	rm -f $(DESTDIR)$(bindir)/pmutop $(DESTDIR)$(man1dir)/pmutop.1 $(DESTDIR)$(sysconfdir)/pmutop.conf.new \
		$(DESTDIR)$(systemdunitdir)/pmutop.service $(DESTDIR)$(bashcompdir)/pmutop
	@if [ -e $(DESTDIR)$(sysconfdir)/pmutop.conf ]; then \
		if cmp -s conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; then \
			echo "rm -f $(DESTDIR)$(sysconfdir)/pmutop.conf"; rm -f $(DESTDIR)$(sysconfdir)/pmutop.conf; \
		else \
			echo "make uninstall: kept $(DESTDIR)$(sysconfdir)/pmutop.conf (changed from the default; remove it yourself)"; \
		fi; \
	fi

# A tarball of the tracked files with a VERSION file, which builds without git: pmutop-VERSION.tar.gz
# in DISTDIR (default: here).
DISTDIR ?= .
dist:
	@sh scripts/dist.sh "$(VERSION)" "$(DISTDIR)"

clean:
	rm -rf build build-* pmutop

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
