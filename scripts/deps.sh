#!/usr/bin/env bash
# Install what the project needs with apt-get; the kernel source at exactly
# the pinned version, or fail saying how to pick another.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

: "${LINUX_SOURCE_PKG:?}" "${LINUX_SOURCE_VERSION:?}"

packages=(
	build-essential bc bison flex cpio xz-utils git ccache pkg-config
	libelf-dev libxxhash-dev libssl-dev libdw-dev
	perl gawk time gnuplot-nox fonts-dejavu-core shellcheck python3 strace
	valgrind qemu-system-x86 busybox-static kmod binutils
	clang libclang-rt-14-dev llvm pigz bpftrace dpkg-dev debhelper rsync zstd
)

# Checked before anything is installed, so that a machine the rig cannot
# provision fails at once, saying what to do, not half-way through apt.
if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
	die "no apt-get/dpkg-query: make deps installs with apt on Debian 12.
Elsewhere install by hand: ${packages[*]}
and a 6.12 kernel tree, then run the rig with KSRC=<that tree>"
fi
if [ -r /etc/os-release ]; then
	os=$(. /etc/os-release && echo "${ID:-?} ${VERSION_ID:-?}")
	[ "$os" = "debian 12" ] ||
		printf '%s: note: this is %s, not Debian 12: package names may differ\n' "${0##*/}" "$os" >&2
fi

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done

have=$(dpkg-query -W -f='${Version}' "$LINUX_SOURCE_PKG" 2>/dev/null || true)
if [ -n "$have" ] && [ "$have" != "$LINUX_SOURCE_VERSION" ] &&
   dpkg --compare-versions "$have" gt "$LINUX_SOURCE_VERSION"; then
	# apt-get does not downgrade unasked; the user chooses which tree.
	die "$LINUX_SOURCE_PKG $have is installed, newer than the pinned $LINUX_SOURCE_VERSION.
Use it:        make <target> LINUX_SOURCE_VERSION=$have   (or set it in config.mk)
or downgrade:  apt-get install --allow-downgrades $LINUX_SOURCE_PKG=$LINUX_SOURCE_VERSION"
fi
if [ "$have" != "$LINUX_SOURCE_VERSION" ]; then
	missing+=("$LINUX_SOURCE_PKG=$LINUX_SOURCE_VERSION")
fi

if [ ${#missing[@]} -eq 0 ]; then
	quiet DEPS "all installed ($LINUX_SOURCE_PKG $LINUX_SOURCE_VERSION)"
	exit 0
fi

# Only this step needs root, and only when something is missing.
if [ "$(id -u)" != 0 ]; then
	die "installing needs root (the only step of the rig that does): ${missing[*]}
Run: sudo make deps   (then the rest as yourself)"
fi

export DEBIAN_FRONTEND=noninteractive
quiet APT "update"
run apt-get update -qq

if ! apt-cache madison "$LINUX_SOURCE_PKG" | awk -F'|' '{gsub(/ /,"",$2); print $2}' |
	grep -qxF -- "$LINUX_SOURCE_VERSION"; then
	{
		echo "deps.sh: $LINUX_SOURCE_PKG $LINUX_SOURCE_VERSION is not in the apt archive."
		echo "Versions available:"
		apt-cache madison "$LINUX_SOURCE_PKG" | sed 's/^/  /'
		echo "Pick one explicitly: make deps LINUX_SOURCE_VERSION=<version>"
		echo "(or edit config.mk), then rerun. Nothing was installed."
	} >&2
	exit 1
fi

quiet APT "install ${missing[*]}"
run apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
