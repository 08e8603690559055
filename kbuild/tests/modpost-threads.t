#!/usr/bin/env bash
# modpost hashes the modules' sources for their srcversions on a thread per
# CPU it may use (0026).  modpost's saved command for the small
# configuration, run again in a copy of the patched build: on one CPU
# (taskset) it starts no thread, on two or more it starts threads, and with
# pthread_create() failing (race-tests/pthread-limit.c, preloaded) it still
# finishes; each time every .mod.S and Module.symvers is what make's run
# wrote (modules.t compares the srcversions with the pristine tree's).  A
# malformed source_ line in a module's .cmd file is still reported, once.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" modpost-threads
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 5

small_modules

# The copy sits beside the build: its .cmd files name sources by relative paths.
copy=$(side_copy patched modpost-threads-test)
trap 'rm -rf "$copy" "$WORK"' EXIT
rm -rf "$copy"
cp -a "$patched" "$copy"

outputs() {
	(cd "$copy" && find . -name '*.mod.S' -print0 | LC_ALL=C sort -z | xargs -0 md5sum
	 md5sum Module.symvers)
}
want=$(outputs)

# modpost_run <log> [command prefix...]: the .mod.S removed, modpost run with
# the saved arguments under strace (clone and clone3 calls); its exit status.
modpost_run() {
	local log=$1
	shift
	find "$copy" -name '*.mod.S' -delete
	modpost_replay "$copy" "$copy" "$@" strace -f -qq -e trace=clone,clone3 \
		-e signal=none -o "$log.strace" scripts/mod/modpost >"$log" 2>&1
}
clones() {
	grep -cE '(clone|clone3)\(.*= [0-9]+$' "$1.strace" || true
}

rc=0
modpost_run "$WORK/one" taskset -c 0 || rc=$?
ktap_print_msg "one CPU: exit $rc, $(clones "$WORK/one") threads started"
one_cpu() {
	[ "$rc" -eq 0 ] && [ "$(clones "$WORK/one")" -eq 0 ] && [ "$(outputs)" = "$want" ]
}
ktap_check "one CPU: no thread, the same .mod.S and Module.symvers" one_cpu

if [ "$(nproc)" -ge 2 ]; then
	rc=0
	modpost_run "$WORK/all" || rc=$?
	ktap_print_msg "$(nproc) CPUs: exit $rc, $(clones "$WORK/all") threads started"
	all_cpus() {
		[ "$rc" -eq 0 ] && [ "$(clones "$WORK/all")" -ge 1 ] && [ "$(outputs)" = "$want" ]
	}
	ktap_check "$(nproc) CPUs: threads, the same .mod.S and Module.symvers" all_cpus
else
	ktap_test_skip "one CPU here: no threads to start"
fi

gcc -std=gnu11 -O2 -shared -fPIC -o "$WORK/pthread-limit.so" \
	"$KBUILD_RIG/../race-tests/pthread-limit.c" -ldl
rc=0
modpost_run "$WORK/limit" env LD_PRELOAD="$WORK/pthread-limit.so" \
	RIG_PTHREAD_LOG="$WORK/refused" || rc=$?
refused=$(wc -l <"$WORK/refused" 2>/dev/null || echo 0)
ktap_print_msg "pthread_create() failing: exit $rc, $refused refused"
limited() {
	[ "$rc" -eq 0 ] && { [ "$refused" -ge 1 ] || [ "$(nproc)" -lt 2 ]; } &&
		[ "$(outputs)" = "$want" ]
}
ktap_check "pthread_create() failing: exit 0, the same .mod.S and Module.symvers" limited

# A source_ line without the space before its file name, in the .cmd file
# of the first module built from one C file.
cmd_of() {
	echo "$copy/$(dirname "$1")/.$(basename "$1").cmd"
}
while read -r m; do
	grep -q '^source_' "$(cmd_of "$m")" && break
done <"$copy/modules.order"
cmd=$(cmd_of "$m")
sed -i 's/^source_\([^ ]*\) := .*/source_\1:=nowhere/' "$cmd"
grep -q '^source_.*:=nowhere$' "$cmd" || ktap_exit_fail_msg "could not plant in $cmd"
rc=0
modpost_run "$WORK/malformed" || rc=$?
ktap_print_msg "malformed: exit $rc, $(grep -c 'malformed line' "$WORK/malformed" || true) warnings"
reported_once() {
	[ "$(grep -c 'WARNING: modpost: malformed line: source_.*:=nowhere$' "$WORK/malformed")" -eq 1 ]
}
ktap_check "a malformed source_ line is reported once" reported_once
others_unchanged() {
	local mod_s=./${m%.o}.mod.S
	diff <(grep -vF " $mod_s" <<<"$(outputs)") <(grep -vF " $mod_s" <<<"$want") >/dev/null
}
ktap_check "and the other modules' .mod.S are as before" others_unchanged

ktap_finished
