# objtool-threads: the threaded-objtool patch series for Debian's
# linux-source-6.12, and the rig that builds, checks and measures it.
#
#   make sweep      the main job: thread-count sweep on defconfig vmlinux.o
#   make test       everything that checks behaviour (TAP, under prove)
#   make link-tail  the kallsyms/link tail checks alone (link-tail/tests)
#   make bench-link the link tail's benchmark, pristine vs patched
#
# See README.md.  V=1 shows the commands.

include config.mk

BUILD     := $(CURDIR)/build
TREE      := $(BUILD)/linux
BASE_TREE := $(BUILD)/baseline
KOUT      := $(BUILD)/kernel

OBJTOOL_BASELINE := $(BUILD)/objtool-baseline/objtool
OBJTOOL_PATCHED  := $(BUILD)/objtool-patched/objtool
OBJTOOL_TSAN     := $(BUILD)/objtool-tsan/objtool
LINK_TOOLS       := $(BUILD)/link-tools

# The object and arguments the sweep and the tests use: kbuild's own by
# default, or the user's (VMLINUX_O= with OBJTOOL_ARGS=).
ifdef VMLINUX_O
  ifndef OBJTOOL_ARGS
    $(error VMLINUX_O= needs OBJTOOL_ARGS= too: the arguments kbuild ran objtool with)
  endif
  INPUT_DEPS :=
else
  VMLINUX_O    := $(KOUT)/vmlinux.pre.o
  OBJTOOL_ARGS  = $(shell cat $(KOUT)/objtool-args)
  INPUT_DEPS   := vmlinux-pre
endif

export LINUX_SOURCE_PKG LINUX_SOURCE_VERSION LINUX_SOURCE_TARBALL KSRC V
export CCACHE_DIR ?= $(HOME)/.cache/objtool-threads/ccache

.PHONY: all deps tree objtool tsan-objtool kernel vmlinux-pre test races check-patches sweep boot clean help \
	link-tail bench-link

all: help

help:
	@sed -n 's/^#   //p' Makefile

deps:
	@scripts/deps.sh

# mktree.sh itself notices a changed source (tarball, KSRC) or series and
# redoes only that; git am stops at a broken patch, naming it.
tree: deps
	@scripts/mktree.sh $(TREE) $(BASE_TREE) patches

objtool: tree
	@scripts/build-objtool.sh $(BASE_TREE) $(BUILD)/objtool-baseline
	@scripts/build-objtool.sh $(TREE) $(BUILD)/objtool-patched

# The patched objtool under ThreadSanitizer, for the race tests.
tsan-objtool: tree
	@OBJTOOL_EXTRA_CFLAGS="-fsanitize=thread -O1 -g" OBJTOOL_EXTRA_LDFLAGS=-fsanitize=thread \
		scripts/build-objtool.sh $(TREE) $(BUILD)/objtool-tsan

kernel: tree
	@scripts/build-kernel.sh $(TREE) $(KOUT)
	@scripts/vmlinux-pre.sh $(KOUT)
	@link-tail/link-env.sh $(KOUT)
	@link-tail/build-tools.sh $(TREE) $(BASE_TREE) $(KOUT) $(LINK_TOOLS)

# Build the kernel only if there is no vmlinux.pre.o yet: a rerun of the
# sweep or the tests must not pay for a relink check of the whole tree.
vmlinux-pre: tree
	@if [ ! -f $(KOUT)/vmlinux.pre.o ] || [ ! -f $(KOUT)/objtool-args ]; then \
		echo "  NOTE    no $(KOUT)/vmlinux.pre.o yet: building the kernel (about 20 minutes on 2 cores)"; \
		$(MAKE) --no-print-directory kernel; \
	fi

check-patches: tree
	@scripts/check-patches.sh $(TREE) patches

TEST_ENV = OBJTOOL_BASELINE=$(OBJTOOL_BASELINE) OBJTOOL_PATCHED=$(OBJTOOL_PATCHED) \
	   OBJTOOL_TSAN=$(OBJTOOL_TSAN) \
	   VMLINUX_O=$(VMLINUX_O) OBJTOOL_ARGS="$(OBJTOOL_ARGS)" KOUT=$(KOUT) \
	   TREE=$(TREE) BASE_TREE=$(BASE_TREE) PATCHES=$(CURDIR)/patches \
	   QEMU_WORK=$(BUILD)/qemu KERNEL=$(KERNEL) LINK_TOOLS=$(LINK_TOOLS)

TEST_DIRS := tests/ objtool-bench/tests/ link-tail/tests/ race-tests/ qemu/

test: objtool tsan-objtool kernel
	$(TEST_ENV) prove -v $(TEST_DIRS)

link-tail: kernel
	$(TEST_ENV) prove -v link-tail/tests/

# RUNS= pairs per case (9), LINK_RUNS= for the whole link tail, RESULTS=dir,
# ONLY=regex for some cases only.
bench-link: kernel
	@TREE=$(TREE) BASE_TREE=$(BASE_TREE) KOUT=$(KOUT) LINK_TOOLS=$(LINK_TOOLS) \
	 RUNS=$(RUNS) LINK_RUNS=$(LINK_RUNS) RESULTS=$(RESULTS) ONLY="$(ONLY)" link-tail/bench.sh

races: objtool tsan-objtool $(INPUT_DEPS)
	$(TEST_ENV) prove -v race-tests/

# Boot the patched bzImage (or KERNEL=path) in qemu; console log in build/qemu.
boot: kernel
	$(TEST_ENV) prove -v qemu/

# The main job.  THREADS="1 2 4", RUNS=9 and RESULTS=dir are passed through.
sweep: objtool $(INPUT_DEPS)
	@OBJTOOL_BASELINE=$(OBJTOOL_BASELINE) OBJTOOL_PATCHED=$(OBJTOOL_PATCHED) \
	 VMLINUX_O=$(VMLINUX_O) OBJTOOL_ARGS="$(OBJTOOL_ARGS)" \
	 THREADS="$(THREADS)" RUNS=$(RUNS) RESULTS=$(RESULTS) \
	 objtool-bench/sweep.sh

clean:
	rm -rf $(BUILD)
