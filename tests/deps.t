#!/usr/bin/env bash
# make deps checks first and fails saying what to do, installing nothing:
# on a machine without apt, as a non-root user with something missing, and
# with a newer linux-source-6.12 installed than the pin (apt-get would not
# downgrade it).  With stand-in dpkg-query/apt-get/id on PATH; needs
# nothing built, runs alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/ktap.sh
. "$top/scripts/ktap.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/deps-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
export LINUX_SOURCE_PKG=linux-source-6.12 LINUX_SOURCE_VERSION=6.12.118-1~deb12u1

ktap_print_header
ktap_set_plan 7

# Stand-ins: every package installed but strace (unless FAKE_ALL=1), the
# kernel source at $FAKE_SOURCE, uid $FAKE_UID; apt-get only logs.
mkdir -p "$work/stubs"
cat >"$work/stubs/dpkg-query" <<'STUB'
#!/usr/bin/env bash
case "$2" in
*Version*) echo "$FAKE_SOURCE" ;;
*) [ "$3" = strace ] && [ "${FAKE_ALL:-0}" = 0 ] && exit 1; echo "install ok installed" ;;
esac
STUB
cat >"$work/stubs/id" <<'STUB'
#!/bin/sh
echo "$FAKE_UID"
STUB
printf '#!/bin/sh\necho "apt-get $*" >>"%s/apt.log"\n' "$work" >"$work/stubs/apt-get"
chmod +x "$work/stubs/"*

# deps <log> [VAR=value...]: deps.sh with the stand-ins; its exit status.
deps() {
	local log=$1 rc=0
	shift
	env PATH="$work/stubs:$PATH" "$@" "$top/scripts/deps.sh" >"$log" 2>&1 || rc=$?
	sed 's/^/#   /' "$log"
	return "$rc"
}
refused() {
	local log=$1 want=$2
	shift 2
	! deps "$log" "$@" && grep -q "$want" "$log" && [ ! -e "$work/apt.log" ]
}


nothing_to_do() { deps "$1" "${@:2}" && [ ! -e "$work/apt.log" ]; }
ktap_check "all there: nothing to do, nothing installed, even as non-root" \
	nothing_to_do "$work/ok.log" FAKE_ALL=1 FAKE_UID=1000 FAKE_SOURCE="$LINUX_SOURCE_VERSION"
ktap_check "non-root with a package missing: refused, says sudo make deps" \
	refused "$work/user.log" "sudo make deps" FAKE_UID=1000 FAKE_SOURCE="$LINUX_SOURCE_VERSION"
ktap_check "... and names the missing package" grep -q "needs root.*strace" "$work/user.log"
ktap_check "a newer linux-source installed: refused, names both versions" \
	refused "$work/newer.log" "6.12.999-1 is installed, newer than the pinned $LINUX_SOURCE_VERSION" \
	FAKE_ALL=1 FAKE_UID=0 FAKE_SOURCE=6.12.999-1
both_ways() { grep -q "LINUX_SOURCE_VERSION=6.12.999-1" "$1" && grep -q -- "--allow-downgrades" "$1"; }
ktap_check "... and says how to use it or downgrade" both_ways "$work/newer.log"
installs() { deps "$1" "${@:2}" || true; grep -q "^apt-get update" "$work/apt.log"; }
ktap_check "root with a package missing: goes on to apt-get" \
	installs "$work/root.log" FAKE_UID=0 FAKE_SOURCE="$LINUX_SOURCE_VERSION"
rm -f "$work/apt.log"

# No apt at all: a PATH with bash and the few tools deps.sh uses, no dpkg.
mkdir -p "$work/bare"
for t in bash env dirname grep; do ln -s "$(command -v "$t")" "$work/bare/$t"; done
no_apt() { ! env PATH="$work/bare" "$top/scripts/deps.sh" >"$1" 2>&1 && grep -q "KSRC=" "$1"; }
ktap_check "no apt-get or dpkg-query: refused, says what to install and KSRC=" \
	no_apt "$work/bare.log"

ktap_finished
