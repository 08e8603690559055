# shellcheck shell=bash
# Sourced by the made-up object generators: assembler for a function.

func_begin() {	# func_begin <name>: a global function's start
	printf '\t.globl %s\n\t.type %s, @function\n%s:\n' "$1" "$1" "$1"
}

func_end() {	# func_end <name>
	printf '\t.size %s, .-%s\n' "$1" "$1"
}

func() {	# func <name> <body>: a global function
	func_begin "$1"
	printf '%b' "$2"
	func_end "$1"
}

local_func() {	# local_func <name> <body>
	printf '\t.type %s, @function\n%s:\n%b' "$1" "$1" "$2"
	printf '\t.size %s, .-%s\n' "$1" "$1"
}
