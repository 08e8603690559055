# objtool-threads: the threaded-objtool patch series for Debian's
# linux-source-6.12, and the rig that builds, checks and measures it.
#
#   make sweep         the main job: thread-count sweep on defconfig vmlinux.o (baseline, seed, series)
#   make test          everything that checks behaviour (TAP, under prove)
#   make test-quick    the tests that need nothing built (scripts, docs, results, help, shellcheck): about 1 min
#   
#   make deps          apt-get what the rig needs (the only target needing root)
#   make tree          build/linux: pristine commit + patches/series; build/baseline
#   make objtool       the baseline, seed (series up to SEED_PATCH) and patched objtool (tsan-objtool: under TSAN, with 0031's checks;
#                      profile-objtool: with -g and frame pointers)
#   make kernel        the patched tree's defconfig bzImage and modules, vmlinux.pre.o (what the benchmarks measure)
#   make kernel-current  make kernel only if build/kernel is of another tree (what sweep, profile use)
#   make kernel-test   the kernel the tests check: the defconfig less what a qemu guest and objtool's
#                      checks do not need (tests/kernel-test.config), in build/kernel-test
#   make kernel-test-current  make kernel-test only if it is of another tree (what test, boot, check use)
#   make races         race-tests/ alone (TSAN, helgrind, drd, stress, determinism)
#   make identity      baseline vs patched objtool on VMLINUX_O (the test kernel's), every thread count, repeated
#   make check T=x.t   these tests only (paths), building nothing; prove x.t alone works too
#   make boot          qemu/ alone: boot the patched bzImage (or KERNEL=) and check it
#   make link-tail     link-tail/tests alone (relink identity, kallsyms, System.map)
#   make bench-link    the link tail's benchmark, pristine vs patched
#   make small         the small configuration, built by the pristine and the patched tree
#   make small-current   make small, each side only if its build is of another tree (test, kbuild)
#   make kbuild        kbuild/tests alone (make decides as before: depcheck)
#   make dropin        kbuild/dropin: the pristine and the patched tree built the ways users build (make -n, -k,
#                      bindeb-pkg, external module against the headers package, clean, mrproper, make 4.1,
#                      in-tree, LLVM=1); not in make test
#   make bench-kbuild  kbuild's benchmark: no-op and incremental makes, pristine vs patched
#   make bench-build   the series' headline figures: whole makes, pristine vs patched, and where their time goes
#   make profile       where objtool's time goes: perf and per-pass times (profiles/)
#   make check-patches checkpatch.pl --strict on every patch
#   make cover-letter  patches/0000-cover-letter.patch from patches/cover-letter.txt and the series
#   make export-series patches/ from build/linux's branch patched, as git format-patch numbers it
#   make readme        README.md's headline table from the committed results (scripts/headline.py)
#   make results       RESULTS.md: the committed results runs, their size and who cites them
#   make clean         remove build/
#   
#   Settings (make VAR=value):
#   V=1                show the commands
#   KSRC=dir           unpack this kernel tree instead of the pinned tarball
#   BUILD=dir          where trees and builds go (default build/; a test run alone
#                      then needs RIG_ENV=dir/rig.env)
#   VMLINUX_O=file     sweep/races/identity/tests on this pre-objtool object (with OBJTOOL_ARGS=; default: the
#                      sweep the defconfig's, the tests the test kernel's)
#   OBJTOOL_ARGS=...   the arguments kbuild ran objtool on VMLINUX_O with
#   KERNEL=bzImage     boot this image instead of the rig's
#   THREADS="1 2 4"    the sweep's thread counts
#   SEED_PATCH=0008    the sweep's middle objtool: the series up to this patch
#   RUNS=9             alternating pairs per point (sweep, bench-link; profile: 5 timing runs)
#   WARMUP=1           sweep: unrecorded pairs before each point's runs
#   LINK_RUNS=n        pairs for bench-link's whole link tail (default RUNS)
#   ONLY=regex         bench-link: these cases only
#   RESULTS=dir        where a benchmark writes (default build/results/<folder>/<host>-<date>)
#   IDENTITY_THREADS=, IDENTITY_REPEAT=, IDENTITY_OBJECTS=   tests/identity-*.t
#   TSAN_THREADS=, TSAN_OBJECTS=                  race-tests/tsan.t
#   HELGRIND_THREADS=, HELGRIND_OBJECTS=, HELGRIND_VMLINUX_THREADS=  race-tests/helgrind.t
#   DETERMINISM_RUNS=6, DETERMINISM_THREADS=16   race-tests/determinism.t
#   FUZZ_SECONDS=20    link-tail/tests/fuzz.t's fuzzing time (FUZZ_SEED=1 its seed)
#   DEPCHECK_FUZZ_SECONDS=15  kbuild/tests/depcheck-fuzz.t's time (DEPCHECK_FUZZ_SEED=1)
#   CASES=regex        bench-kbuild: these cases only (noop-small, header-small, noop-defconfig, ...)
#   HEADER_RUNS=3      bench-kbuild: pairs for the one-header cases
#   CLEAN_RUNS=3       bench-build: pairs for the clean builds (CASES=regex of small-noop, defconfig-clean, ...)
#   MODPOST_A=prog     bench-kbuild: the modpost its modpost cases compare with the patched one (default: the pristine tree's)
#   SMALL_A=src:build  bench-kbuild: modfinal-small's A side, another tree's build of the small config (SMALL_B=: its B side)
#   BOOT_TIMEOUT=s     qemu/boot.t's limit for the guest
#   QEMU_ACCEL=tcg     make boot: tcg, or kvm where /dev/kvm works
#   CCACHE_MAXSIZE=5G  the kernel build's ccache (in ~/.cache/objtool-threads)
#   BUILD_CACHE=0      build the test kernel and the small builds again even where a clone before
#                      left them in ~/.cache/objtool-threads/builds (scripts/build-cache.sh)
#   PROGRESS_SECONDS=60  how often a kernel build says how far it is
#   T="a.t b/"         make check: the tests to run
#   TEST_JOBS=2        make test: kbuild's tests and the others as two sequences side by side (1: one by one)
#   BUILDS_WAYS="intree llvm"  kbuild/dropin/builds.t: these ways only
#
# See README.md.

include config.mk

BUILD     := $(CURDIR)/build
TREE      := $(BUILD)/linux
BASE_TREE := $(BUILD)/baseline
KOUT      := $(BUILD)/kernel
SMALL     := $(BUILD)/small
# The kernel the tests check (tests/kernel-test.config on the defconfig),
# KOUT in their environment; the benchmarks measure the defconfig.
TEST_KOUT   := $(BUILD)/kernel-test
TEST_CONFIG := $(CURDIR)/tests/kernel-test.config

OBJTOOL_BASELINE := $(BUILD)/objtool-baseline/objtool
OBJTOOL_PATCHED  := $(BUILD)/objtool-patched/objtool
OBJTOOL_SEED     := $(BUILD)/objtool-seed/objtool
OBJTOOL_TSAN     := $(BUILD)/objtool-tsan/objtool
OBJTOOL_PROFILE  := $(BUILD)/objtool-profile/objtool
LINK_TOOLS       := $(BUILD)/link-tools
TEST_LINK_TOOLS  := $(BUILD)/link-tools-test

# The object and arguments the sweep and the tests use: kbuild's own by
# default (the defconfig's for the sweep, the test kernel's for the
# tests), or the user's (VMLINUX_O= with OBJTOOL_ARGS=) for both.
ifdef VMLINUX_O
  ifndef OBJTOOL_ARGS
    $(error VMLINUX_O= needs OBJTOOL_ARGS= too: the arguments kbuild ran objtool with)
  endif
  INPUT_DEPS :=
  TEST_VMLINUX_O    := $(VMLINUX_O)
  TEST_OBJTOOL_ARGS  = $(OBJTOOL_ARGS)
  TEST_INPUT_DEPS   :=
else
  VMLINUX_O    := $(KOUT)/vmlinux.pre.o
  OBJTOOL_ARGS  = $(shell cat $(KOUT)/objtool-args 2>/dev/null)
  INPUT_DEPS   := kernel-current
  TEST_VMLINUX_O    := $(TEST_KOUT)/vmlinux.pre.o
  TEST_OBJTOOL_ARGS  = $(shell cat $(TEST_KOUT)/objtool-args 2>/dev/null)
  TEST_INPUT_DEPS   := kernel-test-current
endif

export LINUX_SOURCE_PKG LINUX_SOURCE_VERSION LINUX_SOURCE_TARBALL KSRC V

.PHONY: all deps tree objtool tsan-objtool profile-objtool profile kernel kernel-current kernel-test kernel-test-current small-current test check races identity check-patches sweep boot clean help \
	link-tail bench-link small kbuild dropin bench-kbuild bench-build cover-letter export-series readme results test-quick

all: help

help:
	@sed -n 's/^#   //p' Makefile

deps:
	@scripts/deps.sh

# mktree.sh itself notices a changed source (tarball, KSRC) or series and
# redoes only that; git am stops at a broken patch, naming it.
tree: deps
	@scripts/mktree.sh $(TREE) $(BASE_TREE) patches

# The seed's objtool: the series up to SEED_PATCH, the port of the seed's
# objtool patch, the sweep's middle objtool.
SEED_PATCH ?= 0008

objtool: tree
	@scripts/build-objtool.sh $(BASE_TREE) $(BUILD)/objtool-baseline
	@scripts/build-objtool.sh $(TREE) $(BUILD)/objtool-patched
	@scripts/build-seed-objtool.sh $(TREE) patches $(SEED_PATCH) $(BUILD)/objtool-seed

# The patched objtool with -g and frame pointers, for perf's call chains;
# no sibling calls and no inlining, so that every function keeps its own
# frame and its callers are named (the per-pass times come from the real
# build; this one is some 10-20% slower).
profile-objtool: tree
	@OBJTOOL_EXTRA_CFLAGS="-g -fno-omit-frame-pointer -fno-optimize-sibling-calls -fno-inline" \
		scripts/build-objtool.sh $(TREE) $(BUILD)/objtool-profile

# The patched objtool under ThreadSanitizer, for the race tests, with the
# checks that the threaded lookups only look up (race-tests/purity.t).
tsan-objtool: tree
	@OBJTOOL_EXTRA_CFLAGS="-fsanitize=thread -O1 -g -DOBJTOOL_CHECK_THREADS" OBJTOOL_EXTRA_LDFLAGS=-fsanitize=thread \
		scripts/build-objtool.sh $(TREE) $(BUILD)/objtool-tsan

# $(call kernel-build,out,link-tools[,fragment base]): the patched tree's
# bzImage and modules in out (the defconfig, or base plus the fragment),
# its vmlinux.pre.o, the link tail's inputs and the pristine link tools.
define kernel-build
	@scripts/build-kernel.sh $(TREE) $(1) $(3)
	@scripts/vmlinux-pre.sh $(1)
	@link-tail/link-env.sh $(1)
	@link-tail/build-tools.sh $(TREE) $(BASE_TREE) $(1) $(2)
	@scripts/built-from.sh record $(TREE) $(1) $(firstword $(3))
endef

kernel: tree
	$(call kernel-build,$(KOUT),$(LINK_TOOLS))

kernel-test: tree
	$(call kernel-build,$(TEST_KOUT),$(TEST_LINK_TOOLS),$(TEST_CONFIG) x86_64_defconfig)
	@scripts/build-cache.sh save $(TREE) $(TEST_KOUT) $(TEST_CONFIG) x86_64_defconfig

# What the sweep (kernel-current) and the tests (kernel-test-current) build
# first: the kernels again only if they are of another tree than
# build/linux now (a new source or series) or another configuration, so
# that a rerun does not walk kbuild's tree.
kernel-current: tree
	@scripts/built-from.sh check $(TREE) $(KOUT) || $(MAKE) --no-print-directory kernel

kernel-test-current: tree
	@scripts/built-from.sh check $(TREE) $(TEST_KOUT) $(TEST_CONFIG) || $(MAKE) --no-print-directory kernel-test

small-current: tree
	@IF_CHANGED=1 TREE=$(TREE) BASE_TREE=$(BASE_TREE) SMALL=$(SMALL) kbuild/build-small.sh

check-patches: tree
	@scripts/check-patches.sh $(TREE) patches

cover-letter: tree
	@scripts/cover-letter.sh $(TREE) patches

# After committing on build/linux's branch patched: the whole series
# written again by git format-patch, numbered as one.
export-series:
	@scripts/export-series.sh $(TREE) patches

readme:
	@scripts/readme-headline.sh README.md

results:
	@scripts/results-index.sh

TEST_ENV = OBJTOOL_BASELINE=$(OBJTOOL_BASELINE) OBJTOOL_PATCHED=$(OBJTOOL_PATCHED) OBJTOOL_SEED=$(OBJTOOL_SEED) \
	   OBJTOOL_TSAN=$(OBJTOOL_TSAN) OBJTOOL_PROFILE=$(OBJTOOL_PROFILE) \
	   VMLINUX_O=$(TEST_VMLINUX_O) OBJTOOL_ARGS="$(TEST_OBJTOOL_ARGS)" KOUT=$(TEST_KOUT) \
	   TREE=$(TREE) BASE_TREE=$(BASE_TREE) PATCHES=$(CURDIR)/patches \
	   QEMU_WORK=$(BUILD)/qemu KERNEL=$(KERNEL) QEMU_ACCEL=$(QEMU_ACCEL) LINK_TOOLS=$(TEST_LINK_TOOLS) SMALL=$(SMALL) \
	   SERIES_STEPS_BUILD=$(BUILD)/series-steps

# kbuild/tests/ first: the longest chain of tests that must run one at a
# time (below) starts at once.
TEST_DIRS := kbuild/tests/ tests/ objtool-bench/tests/ profiles/tests/ link-tail/tests/ race-tests/ qemu/

# make test runs two sequences of tests side by side (TEST_JOBS=2; 1 runs
# every test one by one): kbuild's tests, which touch sources of the trees
# the small builds are of and rebuild those builds in place (restoring
# them after), with the other tests that read the small builds (rerun.t,
# qemu/options.t) or run one of kbuild's (standalone.t); and all the
# others, which read the trees but not the small builds and do not depend
# on those files' mtimes.  The two take about as long.  (prove runs "par"
# groups before "seq" ones; two "seq" groups start at once.)
TEST_JOBS ?= 2
KBUILD_SEQ := {kbuild/tests/*.t,tests/rerun.t,tests/standalone.t,qemu/options.t}
TEST_RULES := --rules='seq=$(KBUILD_SEQ)' --rules='seq=**'

# $(call prove,tests...): the tests under prove, each under its folder's
# time limit (scripts/run-test.sh, <folder>/settings), their environment
# written to build/rig.env first, so that afterwards any test runs on its
# own (prove path/to/x.t), or through make check T="path/to/x.t ...",
# which builds nothing.
define prove
	@scripts/write-env.sh $(BUILD)/rig.env $(TEST_ENV)
	$(TEST_ENV) prove -v --timer --exec scripts/run-test.sh $(1)
endef

check:
	@[ -n "$(T)" ] || { echo "make check: name the tests: T=path/to/x.t" >&2; exit 2; }
	$(call prove,$(T))

# The tests that need nothing built: what a newcomer runs first, from a
# fresh clone.  Each of the others, run alone without the builds, skips
# naming what it needs (rig_need).
QUICK_TESTS := tests/help.t tests/links.t tests/headline.t tests/results.t tests/run-test.t \
	tests/signoffs.t tests/deps.t tests/shellcheck.t objtool-bench/tests/readme.t

test-quick:
	prove -v --timer --exec scripts/run-test.sh $(QUICK_TESTS)

test: objtool tsan-objtool profile-objtool kernel-test-current small-current
	$(call prove,-j$(TEST_JOBS) $(TEST_RULES) $(TEST_DIRS))

link-tail: kernel-test-current
	$(call prove,link-tail/tests/)

# RUNS= pairs per case (9), LINK_RUNS= for the whole link tail, RESULTS=dir,
# ONLY=regex for some cases only.
bench-link: kernel
	@TREE=$(TREE) BASE_TREE=$(BASE_TREE) KOUT=$(KOUT) LINK_TOOLS=$(LINK_TOOLS) \
	 RUNS=$(RUNS) LINK_RUNS=$(LINK_RUNS) RESULTS=$(RESULTS) ONLY="$(ONLY)" link-tail/bench.sh

# The small configuration (kbuild/small.config on tinyconfig), built by the
# pristine and by the patched tree, for kbuild's checks.
small: tree
	@TREE=$(TREE) BASE_TREE=$(BASE_TREE) SMALL=$(SMALL) kbuild/build-small.sh

kbuild: small-current kernel-test-current
	$(call prove,kbuild/tests/)

# Not in make test: its builds (in-tree, LLVM=1) and packages take longer
# than CI's budget allows.
dropin: small-current
	$(call prove,kbuild/dropin/)

# RUNS= pairs per case (9), HEADER_RUNS= for the one-header cases (3),
# CASES=regex, RESULTS=dir.
bench-kbuild: small kernel
	@TREE=$(TREE) BASE_TREE=$(BASE_TREE) SMALL=$(SMALL) KOUT=$(KOUT) \
	 RUNS=$(RUNS) HEADER_RUNS=$(HEADER_RUNS) RESULTS=$(RESULTS) CASES="$(CASES)" kbuild/bench.sh

# The headline figures: RUNS= pairs (9), CLEAN_RUNS= for the clean builds
# (3), CASES=regex, RESULTS=dir; root, for the trace of where time goes.
bench-build: small kernel
	@TREE=$(TREE) BASE_TREE=$(BASE_TREE) SMALL=$(SMALL) KOUT=$(KOUT) \
	 RUNS=$(RUNS) CLEAN_RUNS=$(CLEAN_RUNS) RESULTS=$(RESULTS) CASES="$(CASES)" kbuild/bench-build.sh

# Byte-identity on the object (VMLINUX_O= with OBJTOOL_ARGS=, or the rig's):
# the object, stdout, stderr and exit status of the patched objtool at
# every thread count (IDENTITY_THREADS), IDENTITY_REPEAT times each, against
# the baseline's; the sections that differ are named.
identity: objtool $(TEST_INPUT_DEPS)
	$(call prove,tests/identity-vmlinux.t)

# make races runs helgrind on vmlinux.pre.o as well (make test does not).
races: export HELGRIND_VMLINUX_THREADS ?= 2
races: objtool tsan-objtool $(TEST_INPUT_DEPS)
	$(call prove,race-tests/)

# Boot the patched bzImage (or KERNEL=path) in qemu; console log in build/qemu.
boot: kernel-test-current
	$(call prove,qemu/)

# The main job.  THREADS="1 2 4", RUNS=9, WARMUP=1 and RESULTS=dir are
# passed through.
sweep: objtool $(INPUT_DEPS)
	@OBJTOOL_BASELINE=$(OBJTOOL_BASELINE) OBJTOOL_PATCHED=$(OBJTOOL_PATCHED) \
	 OBJTOOL_SEED=$(OBJTOOL_SEED) SEED_PATCH=$(SEED_PATCH) \
	 VMLINUX_O=$(VMLINUX_O) OBJTOOL_ARGS="$(OBJTOOL_ARGS)" \
	 THREADS="$(THREADS)" RUNS=$(RUNS) WARMUP=$(WARMUP) RESULTS=$(RESULTS) \
	 PATCHES=$(CURDIR)/patches TREE=$(TREE) \
	 objtool-bench/sweep.sh

# Where objtool's time goes: perf and per-pass times at THREADS (1 2 nproc),
# RUNS timing runs each (5); under build/results/profiles/<host>-<date>.
profile: objtool profile-objtool $(INPUT_DEPS)
	@OBJTOOL_PATCHED=$(OBJTOOL_PATCHED) OBJTOOL_PROFILE=$(OBJTOOL_PROFILE) \
	 VMLINUX_O=$(VMLINUX_O) OBJTOOL_ARGS="$(OBJTOOL_ARGS)" \
	 THREADS="$(THREADS)" RUNS=$(RUNS) RESULTS=$(RESULTS) \
	 profiles/profile.sh

clean:
	rm -rf $(BUILD)
