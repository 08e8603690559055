#!/usr/bin/env bash
# shellcheck disable=SC2016 # make's $(file <), literal on purpose
# The patched tree is a drop-in replacement: the ways kernel users build
# besides the rig's own (O=, make bzImage modules), each run on the pristine
# and on the patched tree's build of the small configuration, must have the
# same outcome.  make -n after a touch writes nothing the pristine make -n
# leaves alone; make -k with a module whose link fails links every other
# module; bindeb-pkg with CC="ccache gcc" (not HOSTCC) makes a headers
# package that an external module with an export builds against (dpkg -x),
# with the pristine side's flags and descriptors; a make older than 4.2
# (simulated by MAKE_VERSION=4.1: Debian 12 has only make 4.3) reads no
# file with a bare $(file <) and writes what the pristine one does; make
# clean and make mrproper leave the same files.  What changes the build runs
# on copies of the small builds, so the other tests' builds stay as they
# are.  Each check is shown failing on a planted fault.  KGZIP= is
# kbuild/tests/pigz.t's.  About ten minutes: make dropin, not make test.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" dropin
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 17

small_modules

MTIME_DIR=$WORK/mtimes
mkdir "$MTIME_DIR"
declare -A copy=([pristine]=$(side_copy pristine dropin) [patched]=$(side_copy patched dropin))
trap 'restore_mtimes; rm -rf "${copy[@]}" "$WORK"' EXIT

# snapshot <dir>: every file below it, with its size and mtime
snapshot() {
	find "$1" -printf '%P %s %T@\n' | LC_ALL=C sort
}

# copy_of <side>: a fresh copy of that side's small build; its path.  The
# copies sit beside the small builds, so that ccache finds their objects.
copy_of() {
	rm -rf "${copy[$1]}"
	cp -a "$(side_out "$1")" "${copy[$1]}"
	echo "${copy[$1]}"
}

# make -n: a module's and a built-in object's sources touched, then make -n
# bzImage modules; nothing in the build may change.
touched=(drivers/usb/serial/ftdi_sio.c kernel/sys.c)
for side in "${SIDES[@]}"; do
	src=$(side_src "$side")
	for f in "${touched[@]}"; do
		keep_mtime "$src/$f"
		touch "$src/$f"
	done
	snapshot "$(side_out "$side")" >"$WORK/dry-before-$side"
	rc=0
	small_make "$side" -n bzImage modules >"$WORK/dry-$side.log" 2>&1 || rc=$?
	snapshot "$(side_out "$side")" >"$WORK/dry-after-$side"
	echo "$rc" >"$WORK/dry-rc-$side"
done
restore_mtimes
# dry_written <side>: the files of the build that make -n changed.  The
# pristine tree's make -n writes some itself: the vmlinux relink, whose
# recipe is marked '+' (link-vmlinux.sh makes itself), runs under -n;
# the series' own files that relink writes ($SERIES_OWN) are left out.
dry_written() {
	diff "$WORK/dry-before-$1" "$WORK/dry-after-$1" | sed -n 's/^> //p' | cut -d' ' -f1 |
		{ grep -Ev "$SERIES_OWN" || true; } | LC_ALL=C sort -u
}
# wrote_nothing <side>: make -n succeeded, printed the touched objects'
# compiles, and changed no file that the pristine make -n left alone
wrote_nothing() {
	local changed
	changed=$(LC_ALL=C comm -13 <(dry_written pristine) <(dry_written "$1") | head -5)
	[ -z "$changed" ] || ktap_print_msg "$1: make -n wrote ${changed//$'\n'/ }"
	[ "$(cat "$WORK/dry-rc-$1")" = 0 ] && [ -z "$changed" ] &&
		grep -q 'ftdi_sio\.o' "$WORK/dry-$1.log" && grep -q 'kernel/sys\.o' "$WORK/dry-$1.log"
}
ktap_print_msg "the pristine make -n writes $(dry_written pristine | wc -l) files (the vmlinux relink)"
for side in "${SIDES[@]}"; do
	ktap_check "make -n after a touch: $side prints the compiles and writes no file the pristine make -n leaves" wrote_nothing "$side"
done
# Planted: the image written (0030's '+' did that) is named.
cp "$WORK/dry-after-patched" "$WORK/dry-planted"
echo "arch/x86/boot/compressed/vmlinux.bin.gz 1 1.0" >>"$WORK/dry-after-patched"
ktap_check "planted: a file make -n changed is caught" not wrote_nothing patched
cp "$WORK/dry-planted" "$WORK/dry-after-patched"

# make -k: the link of one module fails (its .ko is a directory ld cannot
# write), the modules after it in modules.order are out of date (their
# objects touched); make -k must link every one of those, on both sides.
failing=$(basename "${modules[1]}")
later=("${modules[@]:2:8}")
for side in "${SIDES[@]}"; do
	out=$(copy_of "$side")
	rm -f "$out/${modules[1]}.ko"
	mkdir "$out/${modules[1]}.ko"
	for m in "${modules[1]}" "${later[@]}"; do
		touch "$out/$m.o"
	done
	rc=0
	small_make_at "$(side_src "$side")" "$out" -k -j2 modules >"$WORK/keep-going-$side.log" 2>&1 || rc=$?
	relinked=0
	for m in "${later[@]}"; do
		[ "$out/$m.ko" -nt "$out/$m.o" ] && relinked=$((relinked + 1))
	done
	echo "$rc $relinked" >"$WORK/keep-going-$side"
	ktap_print_msg "$side make -k, $failing.ko unwritable: exit $rc, $relinked of ${#later[@]} later modules linked"
done
# kept_going <side>: make -k failed (for the one module) and linked all the
# later ones
kept_going() {
	local rc relinked
	read -r rc relinked <"$WORK/keep-going-$1"
	[ "$rc" -ne 0 ] && [ "$relinked" -eq "${#later[@]}" ] &&
		grep -q "$failing\.ko" "$WORK/keep-going-$1.log"
}
for side in "${SIDES[@]}"; do
	ktap_check "make -k, one module's link failing: $side links every other module" kept_going "$side"
done
# Planted: a make -k that linked one module fewer is caught.
read -r rc relinked <"$WORK/keep-going-patched"
echo "$rc $((relinked - 1))" >"$WORK/keep-going-patched"
ktap_check "planted: a module make -k left unlinked is caught" not kept_going patched

# bindeb-pkg with CC="ccache gcc" (the rig's CC: not HOSTCC), in copies of
# the small builds; then an external module with an export (fixtures/modmod)
# built against each side's headers package, unpacked with dpkg -x.
command -v dpkg-buildpackage >/dev/null || ktap_exit_fail_msg "no dpkg-buildpackage: make deps installs dpkg-dev"
release=$(cat "$patched/include/config/kernel.release")
for side in "${SIDES[@]}"; do
	out=$(copy_of "$side")
	# dpkg-buildpackage leaves its packages beside the build directory
	debs=$(dirname "$out")
	rm -f "$debs"/linux-*.deb "$debs"/linux-*.buildinfo "$debs"/linux-*.changes
	rc=0
	small_make_at "$(side_src "$side")" "$out" -j2 bindeb-pkg >"$WORK/deb-$side.log" 2>&1 || rc=$?
	headers=$(find "$debs" -maxdepth 1 -name "linux-headers-${release}_*.deb" | head -1)
	mkdir -p "$WORK/headers-$side" "$WORK/extmod-$side"
	if [ "$rc" -eq 0 ] && [ -n "$headers" ]; then
		dpkg -x "$headers" "$WORK/headers-$side"
	fi
	rm -f "$debs"/linux-*.deb "$debs"/linux-*.buildinfo "$debs"/linux-*.changes
	echo "$rc" >"$WORK/deb-rc-$side"
	rm -rf "$out"
	ktap_print_msg "$side bindeb-pkg CC=\"$RIG_KBUILD_CC\": exit $rc, headers ${headers:+$(basename "$headers")}"
done
packaged() {
	[ "$(cat "$WORK/deb-rc-$1")" = 0 ] &&
		[ -x "$WORK/headers-$1/usr/src/linux-headers-$release/scripts/mod/modpost" ]
}
for side in "${SIDES[@]}"; do
	ktap_check "bindeb-pkg CC=\"$RIG_KBUILD_CC\": $side makes a headers package with modpost" packaged "$side"
done
# against_headers <side>: fixtures/modmod built against that side's headers
against_headers() {
	local dir=$WORK/extmod-$1 kdir=$WORK/headers-$1/usr/src/linux-headers-$release
	[ -d "$kdir" ] || return 1
	cp -a "$KBUILD_RIG/fixtures/modmod/." "$dir"
	(kbuild_env "$kdir" && run make -C "$kdir" CC="$RIG_KBUILD_CC" M="$dir" modules) \
		>"$WORK/extmod-$1.log" 2>&1 || return 1
	[ -f "$dir/rig_exp.ko" ] && [ -f "$dir/rig_imp.ko" ] && grep -q rig_exp_plain "$dir/Module.symvers"
}
against_headers pristine && against_headers patched
built_the_same() {
	local m out ok=0
	for m in rig_exp rig_imp rig_multi rig_alias; do
		out=$("$KBUILD_RIG/mod-sections.sh" "$WORK/extmod-pristine/$m.ko" "$WORK/extmod-patched/$m.ko") ||
			{ ok=1; ktap_print_msg "$m.ko: ${out//$'\n'/; }"; }
	done
	return "$ok"
}
ktap_check "an external module with an export builds against each headers package, descriptors the pristine side's" \
	built_the_same
# The compiler's command line of each of the external module's objects
# (but the descriptors', compared above), the
# paths of the side's headers and module made the same: 0017's probes,
# answered in Kconfig, must give the flags the pristine tree's probes give.
ext_cmds() {
	local f
	for f in "$WORK/extmod-$1"/.rig_*.o.cmd; do
		# the descriptors' .mod.o: assembled from .mod.S (0025)
		case $f in *.mod.o.cmd) continue ;; esac
		sed -n 's/^savedcmd_[^ ]* := //p' "$f" | sed "s|$WORK/headers-$1|HEADERS|g; s|$WORK/extmod-$1|EXTMOD|g"
	done | grep -v '^\(ld\|ar\) ' | sort
}
same_flags() {
	[ -n "$(ext_cmds pristine)" ] && diff <(ext_cmds pristine) <(ext_cmds patched) >"$WORK/ext-cmds.diff"
}
ktap_check "the external module is compiled with the flags the pristine side gives it" same_flags

# make clean, then make mrproper, in copies of both builds: the files left
# are the same, but for the series' own ($SERIES_OWN, kbuild/lib.sh).
# same_left <target>: the same files left on both sides, what differs named
same_left() {
	diff "$WORK/left-$1-pristine" "$WORK/left-$1-patched" >"$WORK/left-$1.diff" && return 0
	ktap_print_msg "make $1: $(head -4 "$WORK/left-$1.diff" | tr '\n' ' ')"
	return 1
}
left_after() {
	(cd "$1" && find . -mindepth 1 \( -type f -o -type l \) -printf '%P\n' | grep -Ev "$SERIES_OWN" | LC_ALL=C sort)
}
for target in clean mrproper; do
	for side in "${SIDES[@]}"; do
		out=$(copy_of "$side")
		small_make_at "$(side_src "$side")" "$out" "$target" >"$WORK/$target-$side.log" 2>&1 ||
			ktap_exit_fail_msg "$side: make $target failed ($target-$side.log)"
		left_after "$out" >"$WORK/left-$target-$side"
	done
	ktap_print_msg "make $target leaves $(wc -l <"$WORK/left-$target-pristine") files (pristine), $(wc -l <"$WORK/left-$target-patched") (patched)"
	ktap_check "make $target leaves the files the pristine tree's leaves" same_left "$target"
done
echo planted-leftover >>"$WORK/left-mrproper-patched"
ktap_check "planted: a file make mrproper left behind is named" not same_left mrproper

# A make older than 4.2, simulated (Debian 12 has make 4.3 only): no
# $(file <) may be read outside Kbuild.include's read-file, whose fallback
# is cat, and with MAKE_VERSION=4.1 a no-op make writes no file that the
# pristine side's no-op make leaves alone, and runs no depcheck (which
# would rewrite its fragments), on both sides.
bare_file_reads() {
	(cd "$1" && grep -n '\$(file *<' Makefile scripts/Makefile.* scripts/Kbuild.include arch/x86/Makefile* 2>/dev/null |
		grep -v '^scripts/Kbuild.include:.*read-file = ')
}
# noop_writes_nothing <build> <source tree> [make arguments...]
noop_writes_nothing() {
	local out=$1 src=$2 reads changed
	shift 2
	reads=$(bare_file_reads "$src" || true)
	[ -z "$reads" ] || { ktap_print_msg "bare \$(file <): ${reads//$'\n'/; }"; return 1; }
	snapshot "$out" >"$WORK/noop-before"
	small_make_at "$src" "$out" "$@" -j2 bzImage modules >"$WORK/noop.log" 2>&1 || return 1
	snapshot "$out" >"$WORK/noop-after"
	diff "$WORK/noop-before" "$WORK/noop-after" | sed -n 's/^> //p' | cut -d' ' -f1 |
		LC_ALL=C sort -u >"$WORK/noop-written"
	# The pristine side's no-op make is the reference: it rewrites
	# some files every time (.missing-syscalls.d, the Makefile, links).
	[ -f "$WORK/noop-pristine" ] || cp "$WORK/noop-written" "$WORK/noop-pristine"
	changed=$(LC_ALL=C comm -13 "$WORK/noop-pristine" "$WORK/noop-written" | head -3)
	[ -z "$changed" ] || ktap_print_msg "$out: ${changed//$'\n'/ } written"
	[ -z "$changed" ]
}
for side in "${SIDES[@]}"; do
	out=$(copy_of "$side")
	# The first make after a build still relinks the setup code.
	small_make_at "$(side_src "$side")" "$out" -j2 bzImage modules >/dev/null 2>&1 || true
	ktap_check "make 4.1 (simulated): $side reads no file with a bare \$(file <), a no-op make writes no file the pristine one leaves" \
		noop_writes_nothing "$out" "$(side_src "$side")" MAKE_VERSION=4.1
done
# Planted: make 4.3 runs depcheck, which rewrites its fragments; a bare
# $(file <) in a copy of Makefile.build is named.
ktap_check "planted: depcheck's fragments, rewritten by make 4.3, are seen" \
	not noop_writes_nothing "$out" "$TREE"
mkdir -p "$WORK/planted-tree/scripts"
sed 's/\$(call read-file,\$(obj)\/\.depcheck\.in)/$(file <$(obj)\/.depcheck.in)/' \
	"$TREE/scripts/Makefile.build" >"$WORK/planted-tree/scripts/Makefile.build"
planted_bare_read() {
	[ -n "$(bare_file_reads "$WORK/planted-tree")" ]
}
ktap_check "planted: a bare \$(file <) is found" planted_bare_read

ktap_finished
