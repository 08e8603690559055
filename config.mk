# The one place the kernel tree is pinned.  Debian's security archive keeps
# several 6.12 point releases; override on the command line to use another
# (make deps LINUX_SOURCE_VERSION=...), never implicitly.
LINUX_SOURCE_PKG     ?= linux-source-6.12
LINUX_SOURCE_VERSION ?= 6.12.118-1~deb12u1
LINUX_SOURCE_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
