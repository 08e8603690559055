#!/usr/bin/env python3
"""Where a make's wall-clock time went, from a trace of its processes.

    build-phases.py [--programs] <trace> <root-pid>

The trace is kbuild/build-trace.bt's (bpftrace, system-wide, while
bench-build.sh ran the make): each process's start, the programs it ran and
its exit.  Only the processes descended from <root-pid> (the make, or what
exec'd it) count.  At every instant the processes of that tree that are
alive and have no live child (the leaves: what is running, or waiting on
nothing but itself) share that instant equally; each leaf's share goes to
the phase of the build it belongs to:

    compile   the compilers, assembler, ccache, fixdep, ar (Makefile.build)
    symversions  CONFIG_MODVERSIONS' work for each object: genksyms, the
              preprocessor run (-D__GENKSYMS__) feeding it, and nm | grep
              asking whether the object exports anything
    objtool   objtool, wherever it runs
    links     ld, objcopy, sorttable and the rest of the vmlinux link
              (link-vmlinux.sh, Makefile.vmlinux, Makefile.vmlinux_o)
    kallsyms  kallsyms, the nm runs that feed it and the assembly of its
              output during the vmlinux link
    modules   modpost and module finalisation (Makefile.modpost,
              Makefile.modfinal: everything they run)
    image     arch/x86/boot: the setup, the compressed image and its
              compression
    make      make itself, the shells of its recipes and depcheck: the
              build's own deciding and bookkeeping
    other     any other program (Kconfig's, the host tools' builds, ...)

Prints "phase seconds" lines in that order, then "total <seconds>" (the
root's first event to its exit); with --programs, then the programs each
phase's time went to, "program <phase> <program> <seconds>", largest
first (a process that has not run exec counts as the program it was
forked from).  Threads are not processes here (the
trace leaves them out): a threaded objtool counts once.
"""

import sys

PHASES = ("compile", "symversions", "objtool", "links", "kallsyms", "modules", "image",
          "make", "other")

COMPILERS = {"gcc", "cc", "cc1", "cc1plus", "as", "ccache", "collect2",
             "x86_64-linux-gnu-gcc-12", "gcc-12", "fixdep", "ar", "cpp"}
LINKERS = {"ld", "ld.bfd", "x86_64-linux-gnu-ld", "x86_64-linux-gnu-ld.bfd",
           "objcopy", "sorttable", "strip"}
SHELLS = {"sh", "bash", "dash"}

def fail(msg):
    sys.exit("build-phases.py: " + msg)


def context(prog, argv, inherited):
    """The phase a program's descendants run in, decided by the makefile
    or script it is: None for an ordinary Makefile.build."""
    if prog == "make":
        makefile = ""
        for i, a in enumerate(argv):
            if a == "-f" and i + 1 < len(argv):
                makefile = argv[i + 1]
        if makefile.endswith(("/Makefile.modfinal", "/Makefile.modpost")):
            return "modules"
        if makefile.endswith(("/Makefile.vmlinux", "/Makefile.vmlinux_o")):
            return "links"
        if any(a.startswith("obj=arch/x86/boot") for a in argv):
            return "image"
        return None
    if prog in SHELLS and any(a.endswith("link-vmlinux.sh") for a in argv):
        return "links"
    return inherited


def phase(prog, argv, ctx, parent_phase):
    """The phase a process's time goes to once it runs prog."""
    if ctx == "modules" or prog == "modpost":
        return "modules"
    if prog == "objtool":
        return "objtool"
    if prog == "kallsyms":
        return "kallsyms"
    if prog == "genksyms":
        return "symversions"
    if prog in ("make", "depcheck"):
        return "make"
    # What a program runs for kallsyms, objtool or genksyms (a compiler's
    # cc1 and as) is theirs.
    if parent_phase in ("kallsyms", "objtool", "symversions") and prog not in SHELLS:
        return parent_phase
    if ctx == "links":
        if prog == "nm" or (prog in COMPILERS and any("kallsyms" in a for a in argv)):
            return "kallsyms"
        return "links"
    if ctx == "image":
        return "image"
    # Makefile.build's symbol versions: $(CPP) -D__GENKSYMS__ into
    # genksyms, after nm | grep said the object exports something.
    if prog == "nm" or (prog == "grep" and " __export_symbol_" in argv) or \
            (prog in COMPILERS and "-D__GENKSYMS__" in argv):
        return "symversions"
    if prog in COMPILERS or prog in LINKERS:
        return "compile"
    if prog in SHELLS:
        return "make"
    return "other"


class Proc:
    __slots__ = ("pid", "parent", "ctx", "phase", "prog", "alive", "children")

    def __init__(self, pid, parent):
        """A process as forked: its parent's program, phase and context
        until it runs exec."""
        self.pid = pid
        self.parent = parent
        self.ctx = parent.ctx if parent else None
        self.phase = parent.phase if parent else "make"
        self.prog = parent.prog if parent else "?"
        self.alive = True
        self.children = 0

    def classify(self, prog, argv):
        self.prog = prog
        up = self.parent
        self.ctx = context(prog, argv, up.ctx if up else None)
        self.phase = phase(prog, argv, self.ctx, up.phase if up else None)


def read_events(path):
    """The events (nanoseconds, kind, pid, data) in time order: fork (data:
    the child's pid), exec (data: (program, argv)) or exit."""
    lines = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, raw in enumerate(f):
            fields = raw.rstrip("\n").split(" ", 3)
            if len(fields) < 3 or not fields[0].isdigit():
                continue
            # At one time, an execve's file before its arguments, in
            # their order: the lines of one probe share a timestamp.
            kind = fields[1]
            order = 0 if kind == "P" else 1 if kind == "A" else 2
            index = int(fields[3].split(" ", 1)[0]) if kind == "A" and len(fields) > 3 else 0
            lines.append((int(fields[0]), order, index, n, fields))
    lines.sort()
    events = []
    pending = {}
    for t, _, _, _, fields in lines:
        kind, pid = fields[1], int(fields[2])
        rest = fields[3] if len(fields) > 3 else ""
        if kind == "N":
            events.append((t, "fork", pid, int(rest)))
        elif kind == "P":
            pending[pid] = [rest.rsplit("/", 1)[-1], []]
        elif kind == "A" and pid in pending:
            pending[pid][1].append(rest.split(" ", 1)[1] if " " in rest else "")
        elif kind == "R":
            ran = pending.pop(pid, None)
            if ran and rest == "0":
                events.append((t, "exec", pid, tuple(ran)))
        elif kind == "X":
            events.append((t, "exit", pid, None))
    return events


def main():
    args = sys.argv[1:]
    programs = args[:1] == ["--programs"]
    if programs:
        args = args[1:]
    if len(args) != 2 or not args[1].isdigit():
        fail("usage: build-phases.py [--programs] <trace> <root-pid>")
    path, root = args[0], int(args[1])
    events = read_events(path)
    procs = {}
    leaves = {}
    seconds = dict.fromkeys(PHASES, 0.0)
    by_program = {}

    def set_leaf(p):
        if p.alive and p.children == 0:
            leaves[p.pid] = p
        else:
            leaves.pop(p.pid, None)

    first = last = None
    for t, kind, pid, data in events:
        p = procs.get(pid)
        if p is None or not p.alive:
            if pid != root or first is not None:
                continue
            # The root: its first event starts the clock.
            p = procs[pid] = Proc(pid, None)
            first = last = t
            set_leaf(p)
        if t > last:
            if leaves:
                share = (t - last) / 1e9 / len(leaves)
                for q in leaves.values():
                    seconds[q.phase] += share
                    key = (q.phase, q.prog)
                    by_program[key] = by_program.get(key, 0.0) + share
            last = t
        if kind == "fork":
            c = procs[data] = Proc(data, p)
            p.children += 1
            set_leaf(c)
            set_leaf(p)
        elif kind == "exec":
            p.classify(*data)
        elif kind == "exit":
            p.alive = False
            leaves.pop(pid, None)
            if p.parent and p.parent.alive:
                p.parent.children -= 1
                set_leaf(p.parent)
            if pid == root:
                break
    if first is None:
        fail(f"{path}: nothing from pid {root}")
    if procs[root].alive:
        fail(f"{path}: pid {root} did not exit while traced")
    for name in PHASES:
        print(f"{name} {seconds[name]:.3f}")
    print(f"total {(last - first) / 1e9:.3f}")
    if programs:
        for (name, prog), t in sorted(by_program.items(), key=lambda kv: -kv[1]):
            print(f"program {name} {prog} {t:.3f}")


if __name__ == "__main__":
    main()
