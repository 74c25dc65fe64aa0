# SPDX-License-Identifier: GPL-2.0-or-later
# pmutop: build, run, test, install. `make help` lists the targets.
PKGS     := ncursesw libpci inih json-c libmicrohttpd zlib
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
INSTALL     ?= install
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
# libmicrohttpd is dlopen'ed by the exporter when --listen asks for a server (issue 18): headers only
PKG_LIBS   := $(shell pkg-config --libs $(filter-out libmicrohttpd,$(PKGS)) 2>/dev/null)
CPPFLAGS += -D_GNU_SOURCE -DSYSCONFDIR='"$(sysconfdir)"' -Isrc $(filter-out -D_XOPEN_SOURCE=600,$(PKG_CFLAGS)) -D_XOPEN_SOURCE_EXTENDED
CFLAGS   += $(OPT) $(WARN) -std=gnu11 -MMD -MP
LDLIBS   += $(PKG_LIBS) -lm

SRCS     := $(shell find src -name "*.c" | LC_ALL=C sort)
LIB_SRCS := $(filter-out src/main.c,$(SRCS))
MACHINES := $(sort $(wildcard machines/*.machine))
GEN_C    := $(BUILD)/gen/machines_embed.c
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/machines_embed.o
TEST_SRCS:= $(wildcard tests/unit/test_*.c)
TEST_BINS:= $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_SRCS:= $(wildcard tests/fuzz/fuzz_*.c)

.PHONY: all run demo test test-san deps install uninstall clean bench fuzz help screenshots cross-arm64 test-kernel

all: $(BIN)

help:
	@echo "make            build ./pmutop"
	@echo "make run        install missing dependencies, build, start pmutop on this machine"
	@echo "make demo       start pmutop on the simulated 2-socket Sapphire Rapids (--sim spr-2s)"
	@echo "make test       install missing dependencies, build, run every test"
	@echo "make test SAN=1 the same under AddressSanitizer and UndefinedBehaviorSanitizer"
	@echo "make test-kernel boot an emulated arm64 machine (QEMU) and test pmutop against the kernel's"
	@echo "                real PMU driver there (docs/kernel-pmu.md); make test runs it when QEMU is here"
	@echo "make cross-arm64 build pmutop for arm64 into build-arm64/pmutop (Debian's .debs as sysroot)"
	@echo "make fuzz       build and run the fuzz targets (clang, libFuzzer, ASan/UBSan)"
	@echo "make bench      run the benchmarks, write bench/results.json"
	@echo "make screenshots install Pillow and DejaVu fonts if missing, remake screenshots/*.png"
	@echo "make install    install to \$$(DESTDIR)\$$(PREFIX) (binary, man page; the default config in"
	@echo "                \$$(sysconfdir), as pmutop.conf.new when a pmutop.conf is there already)"
	@echo "make uninstall  remove what make install installed (a config you changed stays)"

deps:
	@sh scripts/deps.sh

LIB_A    := $(BUILD)/libpmutop.a

$(BIN): $(BUILD)/src/main.o $(LIB_A)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/src/main.o -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(LDLIBS)

$(LIB_A): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(GEN_C): $(MACHINES) scripts/embed.sh
	@mkdir -p $(dir $@)
	sh scripts/embed.sh $(MACHINES) > $@

$(BUILD)/gen/machines_embed.o: $(GEN_C)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_A) tests/unit/t.h $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< $(LIB_A) $(LDLIBS)

run: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) $(ARGS)

demo: deps
	@$(MAKE) --no-print-directory $(BIN)
	./$(BIN) --sim spr-2s $(ARGS)

test: deps
	@$(MAKE) --no-print-directory $(BIN) $(TEST_BINS)
	@PMUTOP=$(abspath $(BIN)) TEST_BIN_DIR=$(abspath $(BUILD)/tests) \
		PMUTOP_KERNEL=$(if $(filter 1,$(SAN)),no,$(PMUTOP_KERNEL)) sh tests/run.sh

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

screenshots: $(BIN)
	@sh scripts/deps.sh screenshots
	@sh scripts/screenshots.sh

# A config already in place is the user's: never overwrite it; the new default goes beside it.
install: $(BIN)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(sysconfdir)
	$(INSTALL) -m 0755 $(BIN) $(DESTDIR)$(bindir)/pmutop
	$(INSTALL) -m 0644 pmutop.1 $(DESTDIR)$(man1dir)/pmutop.1
	@if [ -e $(DESTDIR)$(sysconfdir)/pmutop.conf ] && ! cmp -s conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; then \
		$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf.new && \
		echo "make install: kept your $(DESTDIR)$(sysconfdir)/pmutop.conf; the new default is pmutop.conf.new beside it"; \
	else \
		echo "$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf"; \
		$(INSTALL) -m 0644 conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; \
	fi

# Remove what install put there; a config that differs from the default is the user's and stays.
uninstall:
	rm -f $(DESTDIR)$(bindir)/pmutop $(DESTDIR)$(man1dir)/pmutop.1 $(DESTDIR)$(sysconfdir)/pmutop.conf.new
	@if [ -e $(DESTDIR)$(sysconfdir)/pmutop.conf ]; then \
		if cmp -s conf/pmutop.conf $(DESTDIR)$(sysconfdir)/pmutop.conf; then \
			echo "rm -f $(DESTDIR)$(sysconfdir)/pmutop.conf"; rm -f $(DESTDIR)$(sysconfdir)/pmutop.conf; \
		else \
			echo "make uninstall: kept $(DESTDIR)$(sysconfdir)/pmutop.conf (changed from the default; remove it yourself)"; \
		fi; \
	fi

clean:
	rm -rf build build-* pmutop

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
