#!/usr/bin/env python3
"""Differential fuzzing of depcheck against make itself.

Each case is a .cmd file for sub/foo.o: fixdep's layout with random
dependencies (old, as old as the target, new, missing, optional, escaped,
inside the directory being built), often mutated (bytes inserted, deleted
or changed, lines cut, doubled or swapped).  depcheck writes its fragment;
then make, given a makefile that regenerates every header inside sub/
(as a directory's own rules may), answers with the .cmd file and with the
fragment in its place:

  - is sub/foo.o up to date (make -q: 0, 1, or 2 for an error);
  - the values of savedcmd_sub/foo.o and source_sub/foo.o.

Both answers must be the same, whatever depcheck decided; and depcheck
must exit 0 or 1, never crash (it is built with ASan and UBSan, exit 99).

  fuzz-depcheck.py <depcheck> <workdir> <seconds> <seed>

Prints one line per mismatch with the case kept under workdir/failures/,
and a summary; exits 1 on any mismatch or crash.
"""
import os
import random
import shutil
import subprocess
import sys
import time

T = 1767225600          # the target's mtime (2026-01-01)
ORACLE = r"""
-include $(F)
$(info savedcmd=[$(savedcmd_sub/foo.o)])
$(info source=[$(source_sub/foo.o)])
sub/foo.o: ; @:
sub/%.h: FORCE ; @:
FORCE:
"""

# Dependencies as fixdep writes them, and the file each one names (None:
# nothing is created).
DEPS = [
    ("  inc/old.h", "inc/old.h", T - 100),
    ("  inc/old2.h", "inc/old2.h", T - 1),
    ("  inc/same.h", "inc/same.h", T),
    ("  inc/new.h", "inc/new.h", T + 100),
    ("  inc/missing.h", None, None),
    ("    $(wildcard include/config/NOPE)", None, None),
    ("    $(wildcard inc/old.h)", None, None),
    ("    $(wildcard inc/new.h)", None, None),
    ("  inc/dol$$lar.h", "inc/dol$lar.h", T - 100),
    ("  inc/dol$$new.h", "inc/dol$new.h", T + 100),
    ("  inc/ha\\#sh.h", "inc/ha#sh.h", T - 100),
    ("  inc/ha\\#new.h", "inc/ha#new.h", T + 100),
    ("  sub/gen.h", "sub/gen.h", T - 100),
    ("  /abs/missing.h", None, None),
]
NOISE = " \t\\$#():;%*?=\n\x00\xff/.-_a{}"


def make_files(work):
    os.makedirs(os.path.join(work, "inc"), exist_ok=True)
    os.makedirs(os.path.join(work, "sub"), exist_ok=True)
    for _, path, mtime in DEPS:
        if path:
            full = os.path.join(work, path)
            open(full, "w").close()
            os.utime(full, (mtime, mtime))
    with open(os.path.join(work, "oracle.mk"), "w") as f:
        f.write(ORACLE)


def gen_cmd(rng):
    deps = [rng.choice(DEPS)[0] for _ in range(rng.randint(0, 6))]
    text = "savedcmd_sub/foo.o := gcc -c -o sub/foo.o sub/foo.c\n\n"
    text += "source_sub/foo.o := sub/foo.c\n\n"
    text += "deps_sub/foo.o := \\\n"
    text += "".join(d + " \\\n" for d in deps)
    text += "\nsub/foo.o: $(deps_sub/foo.o)\n\n$(deps_sub/foo.o):\n"
    if rng.random() < 0.5:
        text += "\nsub/foo.o: $(wildcard ./tools/objtool/objtool)\n"
    if rng.random() < 0.3:
        text += "#SYMVER foo 0x12345678\n"
    return text.encode("latin-1")


def mutate(rng, data):
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        pos = rng.randint(0, len(data))
        if kind == 0:
            data = data[:pos] + rng.choice(NOISE).encode("latin-1") + data[pos:]
        elif kind == 1 and data:
            data = data[:pos] + data[pos + 1:]
        elif kind == 2 and pos < len(data):
            data = data[:pos] + rng.choice(NOISE).encode("latin-1") + data[pos + 1:]
        elif kind == 3:
            data = data[:pos]
        else:
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 4:
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


def ask_make(work, included):
    res = subprocess.run(["make", "-q", "-r", "-R", "--no-print-directory",
                          "-f", "oracle.mk", "F=" + included, "sub/foo.o"],
                         cwd=work, capture_output=True, timeout=30)
    info = [l for l in res.stdout.splitlines()
            if l.startswith((b"savedcmd=", b"source="))]
    return res.returncode, info


def main():
    depcheck, work, seconds, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    make_files(work)
    fails = os.path.join(work, "failures")
    env = dict(os.environ, ASAN_OPTIONS="exitcode=99:detect_leaks=1",
               UBSAN_OPTIONS="halt_on_error=1:exitcode=99:print_stacktrace=1")
    cmd_path = os.path.join(work, "sub/.foo.o.cmd")
    target = os.path.join(work, "sub/foo.o")
    with open(os.path.join(work, "list"), "w") as f:
        f.write("sub/.foo.o.cmd\n")

    cases = inlined = bad = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        cases += 1
        data = gen_cmd(rng)
        if rng.random() < 0.6:
            data = mutate(rng, data)
        with open(cmd_path, "wb") as f:
            f.write(data)
        if rng.random() < 0.1:
            if os.path.exists(target):
                os.unlink(target)
        else:
            open(target, "a").close()
            os.utime(target, (T, T))

        frag = os.path.join(work, "sub/.depcheck.mk")
        if os.path.exists(frag):
            os.unlink(frag)
        dc = subprocess.run([depcheck, "sub", "sub/.depcheck.mk", "list"],
                            cwd=work, capture_output=True, env=env, timeout=30)
        problem = None
        if dc.returncode not in (0, 1):
            problem = "depcheck exited %d: %s" % (dc.returncode, dc.stderr[-300:])
        elif dc.returncode == 0:
            with open(frag, "rb") as f:
                if not f.read().startswith(b"-include "):
                    inlined += 1
            if ask_make(work, "sub/.foo.o.cmd") != ask_make(work, "sub/.depcheck.mk"):
                problem = "make decides differently with the fragment"
        if problem:
            bad += 1
            keep = os.path.join(fails, str(cases))
            os.makedirs(keep, exist_ok=True)
            shutil.copy(cmd_path, keep)
            if os.path.exists(frag):
                shutil.copy(frag, keep)
            print("case %d: %s (kept in %s)" % (cases, problem, keep))
            if bad >= 5:
                break

    print("%d cases, %d inlined by depcheck, %d mismatches or crashes" % (cases, inlined, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
