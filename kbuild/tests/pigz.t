#!/usr/bin/env bash
# The kernel image compressed by pigz, under make's jobserver (0030), in the
# small configuration's builds (CONFIG_KERNEL_GZIP): the patched image is
# pigz's (not the bytes gzip -n -9 writes), passes gzip -t and decompresses
# to exactly the payload; pigz is given the job slots make lets it claim
# (-p, at most -j) and none without a jobserver; without pigz (KPGZIP= a
# program that does not exist) the image is gzip -n -9 of the payload byte
# for byte, which is what the pristine tree writes; a KGZIP the user names
# is what runs, pigz is not; without python3 pigz still writes its bytes;
# make -n writes no image.  qemu/boot.t boots the
# defconfig's image, compressed the same way.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" pigz
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 11

small_modules
command -v pigz >/dev/null || ktap_exit_fail_msg "no pigz: make deps installs it"
image=arch/x86/boot/compressed/vmlinux.bin.gz
for side in "${SIDES[@]}"; do
	[ -f "$(side_out "$side")/$image" ] ||
		ktap_exit_fail_msg "no $image in the $side small build: CONFIG_KERNEL_GZIP (kbuild/small.config), make small"
done

# decompresses_to <image> <payload file>: gzip -t passes and the bytes are
# the payload's
decompresses_to() {
	gzip -t "$1" && gzip -dc "$1" | cmp -s - "$2"
}
# The payloads, as each build's image should hold them (image_payload).
image_payload "$pristine" >"$WORK/pristine.payload"
image_payload "$patched" >"$WORK/patched.payload"
by_pigz() {
	decompresses_to "$patched/$image" "$WORK/patched.payload" &&
		not cmp -s <(gzip -n -9 -c "$WORK/patched.payload") "$patched/$image"
}
ktap_check "the patched image is pigz's (not gzip's bytes), gzip -t passes, it decompresses to the payload" by_pigz
# What the pristine tree writes: gzip -n -9 of the payload, byte for byte.
# (The two trees' payloads are not byte-identical: .text, .rodata, .data
# and .notes differ between their vmlinux, so the images are compared with
# their own payloads.)
pristine_is_gzip() {
	cmp <(gzip -n -9 -c "$WORK/pristine.payload") "$pristine/$image"
}
ktap_check "the pristine image is gzip -n -9 of its payload" pristine_is_gzip

# The image made again by make with <KPGZIP> (an absolute path or a name)
# and more make arguments.
remake_image() {
	local kpgzip=$1
	shift
	rm -f "$patched/$image"
	# With modules, as make small builds it (bzImage alone would have
	# modpost write vmlinux.symvers, which the build does not have).
	small_make patched KPGZIP="$kpgzip" "$@" bzImage modules >"$WORK/make.log" 2>&1
}

# A pigz that says what it was asked, then compresses.
mkdir "$WORK/bin"
cat >"$WORK/bin/logging-pigz" <<EOF
#!/bin/sh
echo "\$*" >>"$WORK/pigz-args"
exec pigz "\$@"
EOF
chmod +x "$WORK/bin/logging-pigz"
threads_asked() {
	sed -n 's/.*-p \([0-9]*\).*/\1/p' "$WORK/pigz-args"
}

: >"$WORK/pigz-args"
remake_image "$WORK/bin/logging-pigz" -j2 || ktap_exit_fail_msg "make -j2 failed (make.log)"
ktap_print_msg "make -j2: pigz $(cat "$WORK/pigz-args")"
jobserver_slots() {
	local n
	n=$(threads_asked)
	[ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -le 2 ] &&
		decompresses_to "$patched/$image" "$WORK/patched.payload"
}
ktap_check "make -j2: pigz given 1 or 2 threads (-p), the job slots it could claim" jobserver_slots

: >"$WORK/pigz-args"
remake_image "$WORK/bin/logging-pigz" -j1 || ktap_exit_fail_msg "make -j1 failed (make.log)"
ktap_print_msg "make -j1: pigz $(cat "$WORK/pigz-args")"
no_jobserver() {
	[ -s "$WORK/pigz-args" ] && [ -z "$(threads_asked)" ]
}
ktap_check "make -j1 (no jobserver): pigz left to its own thread count" no_jobserver

remake_image rig-no-such-pigz -j2 || ktap_exit_fail_msg "make without pigz failed (make.log)"
without_pigz() {
	cmp <(gzip -n -9 -c "$WORK/patched.payload") "$patched/$image"
}
ktap_check "without pigz: gzip -n -9 of the payload byte for byte, as the pristine tree writes it" without_pigz

# The user's choice wins: KGZIP=gzip on the command line or in the
# environment is gzip, though pigz is installed; KGZIP=pigz is pigz
# (its bytes, without the jobserver); the quiet line names which ran.
: >"$WORK/pigz-args"
remake_image "$WORK/bin/logging-pigz" -j2 KGZIP=gzip || ktap_exit_fail_msg "make KGZIP=gzip failed (make.log)"
explicit_gzip() {
	[ ! -s "$WORK/pigz-args" ] && grep -q '^  GZIP .*vmlinux\.bin\.gz$' "$WORK/make.log" &&
		cmp <(gzip -n -9 -c "$WORK/patched.payload") "$patched/$image"
}
ktap_check "KGZIP=gzip given: gzip -n -9 of the payload, pigz not run, the quiet line says GZIP" explicit_gzip
: >"$WORK/pigz-args"
KGZIP=gzip remake_image "$WORK/bin/logging-pigz" -j2 || ktap_exit_fail_msg "KGZIP=gzip make failed (make.log)"
ktap_check "KGZIP=gzip in the environment: the same" explicit_gzip
remake_image "$WORK/bin/logging-pigz" -j2 KGZIP=pigz || ktap_exit_fail_msg "make KGZIP=pigz failed (make.log)"
explicit_pigz() {
	cmp <(pigz -n -9 -c "$WORK/patched.payload") "$patched/$image"
}
ktap_check "KGZIP=pigz given: pigz's bytes" explicit_pigz
# Without a python3 that runs, pigz still compresses (its bytes do not
# depend on its thread count), and the quiet line says PIGZ.
remake_image pigz -j2 PYTHON3=rig-no-such-python3 || ktap_exit_fail_msg "make without python3 failed (make.log)"
without_python() {
	grep -q '^  PIGZ .*vmlinux\.bin\.gz$' "$WORK/make.log" && explicit_pigz
}
ktap_check "no python3: the same image, pigz's, the quiet line says PIGZ" without_python

# make -n with the image missing prints its command and writes nothing
# (the recipe's '+' would run it).
rm -f "$patched/$image"
small_make patched -s -n bzImage modules >"$WORK/dry.log" 2>&1 || ktap_exit_fail_msg "make -n failed (dry.log)"
dry_run_writes_nothing() {
	[ ! -e "$patched/$image" ] && grep -q 'jobserver-exec' "$WORK/dry.log"
}
ktap_check "make -n: the image's command printed, the image not written" dry_run_writes_nothing

# Planted: an image that decompresses to one changed byte is caught.
cp "$WORK/patched.payload" "$WORK/planted.payload"
printf '\x5a' | dd of="$WORK/planted.payload" bs=1 seek=4096 conv=notrunc status=none
gzip -n -9 -c "$WORK/planted.payload" >"$WORK/planted.gz"
ktap_check "planted: an image of a payload with one byte changed is caught" \
	not decompresses_to "$WORK/planted.gz" "$WORK/patched.payload"

# Back to the build as make leaves it.
remake_image pigz -j2 || ktap_exit_fail_msg "the last make failed (make.log)"

ktap_finished
