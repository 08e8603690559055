# Included after the kernel's top-level Makefile (see link-env.sh): write the
# environment make exports to its commands, which is what
# scripts/link-vmlinux.sh runs in, NUL-separated.
PHONY += rig-link-env
rig-link-env:
	@env -0 >$(RIG_LINK_ENV)
