# shellcheck shell=bash
# Sourced by the made-up object generators: assembler for a function.

func() {	# func <name> <body>: a global function
	printf '\t.globl %s\n\t.type %s, @function\n%s:\n%b' "$1" "$1" "$1" "$2"
	printf '\t.size %s, .-%s\n' "$1" "$1"
}

local_func() {	# local_func <name> <body>
	printf '\t.type %s, @function\n%s:\n%b' "$1" "$1" "$2"
	printf '\t.size %s, .-%s\n' "$1" "$1"
}
