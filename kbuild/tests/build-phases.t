#!/usr/bin/env bash
# kbuild/build-phases.py, which splits bench-build.sh's traced makes into
# phases, on a made-up trace whose answer is known: a make running the
# vmlinux link (a script running ld, then nm), objtool beside a compiler
# (sharing the CPU time between them), module finalisation by a
# Makefile.modfinal make whose ld reuses the pid of the link's ld, a failed
# execve before a shell, a preprocessor run for genksyms (its cc1 too), and
# a process outside the make's tree.  Then the
# same trace through a copy of the script that counts every live process
# instead of the leaves: a planted fault the comparison must catch.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" build-phases
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

phases=$KBUILD_RIG/build-phases.py

# ns <seconds>: $stamp, the timestamp of the next event at that time: a
# microsecond after the one before, as no two events of a real trace share
# one (but the lines of one execve's arguments)
seq=0
ns() {
	seq=$((seq + 1))
	stamp=$(gawk -v t="$1" -v s="$seq" 'BEGIN { printf "%d", t * 1e9 + s * 1000 }')
}
# ev <seconds> <kind> <pid> [rest...]: one line of build-trace.bt's output
ev() {
	local t
	ns "$1"
	t=$stamp
	shift
	printf '%s %s\n' "$t" "$*"
}
# run <seconds> <pid> <program path> [arguments...]: a successful execve,
# its file and arguments under one timestamp as the probe prints them
run() {
	local at=$1 t pid=$2 path=$3 i=0 a
	ns "$at"
	t=$stamp
	shift 3
	printf '%s P %s %s\n' "$t" "$pid" "$path"
	for a in "${path##*/}" "$@"; do
		printf '%s A %s %s %s\n' "$t" "$pid" "$i" "$a"
		i=$((i + 1))
	done
	ev "$at" R "$pid" 0
}

{
	echo ready
	run 0 100 /usr/bin/make -f /src/Makefile bzImage
	ev 0 N 100 101
	run 0 101 /bin/sh /src/scripts/link-vmlinux.sh ld
	ev 1 N 101 102
	run 1 102 /usr/bin/ld -o vmlinux
	ev 3 X 102
	ev 3 N 101 107
	run 3 107 /usr/bin/nm -p vmlinux
	ev 3.25 X 107
	ev 3.5 X 101
	ev 4 N 100 103
	run 4 103 /src/tools/objtool/objtool --link vmlinux.o
	ev 4 N 100 104
	run 4 104 /usr/bin/gcc -c -o a.o a.c
	# Outside the make's tree: not counted.
	ev 5 N 999 998
	run 5 998 /usr/bin/objtool
	ev 5.5 X 998
	ev 6 X 103
	ev 6 X 104
	ev 6 N 100 105
	run 6 105 /usr/bin/make -f /src/scripts/Makefile.modfinal
	ev 6.5 N 105 102
	run 6.5 102 /usr/bin/ld -r -o m.ko
	ev 7.5 X 102
	ev 8 X 105
	ev 8 N 100 106
	ns 8
	t=$stamp
	echo "$t P 106 /usr/local/bin/sh"
	echo "$t A 106 0 sh"
	ev 8 R 106 -2
	run 8 106 /bin/sh -c true
	ev 8.5 X 106
	# Symbol versions: the preprocessor for genksyms, and its cc1.
	ev 8.5 N 100 108
	run 8.5 108 /usr/bin/gcc -E -D__GENKSYMS__ a.c
	ev 8.6 N 108 109
	run 8.6 109 /usr/lib/gcc/x86_64-linux-gnu/12/cc1 -E a.c
	ev 8.9 X 109
	ev 8.9 X 108
	ev 9 X 100
} >"$WORK/trace"

expected='compile 1.000
symversions 0.400
objtool 1.000
links 3.250
kallsyms 0.250
modules 2.000
image 0.000
make 1.100
other 0.000
total 9.000'

ktap_print_header
ktap_set_plan 4

got=$("$phases" "$WORK/trace" 100)
printf '%s\n' "$got" | sed 's/^/# /'
ktap_check "the made-up make's time, split by phase, is the known answer" test "$got" = "$expected"

# Shuffled, as bpftrace's per-CPU buffers may print it (and an execve's
# argument lines among themselves): the same answer.
shuf "$WORK/trace" >"$WORK/shuffled"
shuffled=$("$phases" "$WORK/shuffled" 100)
ktap_check "lines out of time order give the same answer" test "$shuffled" = "$expected"

no_root() { ! "$phases" "$WORK/trace" 4242 >/dev/null 2>"$WORK/err" && grep -q 'nothing from pid 4242' "$WORK/err"; }
ktap_check "a root pid the trace does not have is an error, not zeros" no_root

sed 's/if p.alive and p.children == 0:/if p.alive:/' "$phases" >"$WORK/planted.py"
planted_differs() {
	! cmp -s "$phases" "$WORK/planted.py" &&
		[ "$(python3 "$WORK/planted.py" "$WORK/trace" 100)" != "$expected" ]
}
ktap_check "planted: counting every live process, not the leaves, gives another answer" planted_differs

ktap_finished
