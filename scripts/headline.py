#!/usr/bin/env python3
"""The README's headline table, from the committed results.

    headline.py [<rig-top>]

prints a Markdown table: objtool on the defconfig vmlinux.o at 1 and 2
threads (the newest objtool-bench/results/*/sweep.csv: per-run ratios
patched/baseline of the wall time and of the peak RSS) and the whole build
(the newest kbuild/results/*-build/pairs.csv, make bench-build: per-pair
ratios patched/pristine).  Each ratio is the median of the per-run (or
per-pair) ratios with a bootstrap 95% interval (10,000 resamples, a fixed
seed, so that the table is the same every time it is made).
"""
import csv
import glob
import os
import random
import statistics
import sys

RESAMPLES = 10000


def interval(ratios):
    """The median of ratios and its bootstrap 95% interval."""
    rng = random.Random(1)
    n = len(ratios)
    medians = sorted(statistics.median(rng.choices(ratios, k=n)) for _ in range(RESAMPLES))
    return (statistics.median(ratios), medians[int(0.025 * RESAMPLES)],
            medians[int(0.975 * RESAMPLES) - 1])


def newest(pattern):
    found = sorted(glob.glob(pattern))
    if not found:
        sys.exit(f'headline.py: no results match {pattern}')
    return found[-1]


def series_of(source):
    """What machine.txt beside @source says the series was."""
    with open(os.path.join(os.path.dirname(source), 'machine.txt')) as f:
        for line in f:
            if line.startswith('series:'):
                words = line.split()
                count = line[line.find('(') + 1:].split()[0] if '(' in line else ''
                return f'{words[1][:12]}{", " + count + " patches" if count else ""}'
    return '?'


def row(what, ratios, n, source, top):
    med, lo, hi = interval(ratios)
    rel = os.path.relpath(os.path.dirname(source), top)
    return (f'| {what} | {med:.3f} | {lo:.3f}-{hi:.3f} | {n} | '
            f'[{os.path.basename(rel)}]({rel}/) ({series_of(source)}) |')


def sweep_rows(top):
    source = newest(f'{top}/objtool-bench/results/*/sweep.csv')
    runs = {}
    with open(source) as f:
        for r in csv.DictReader(f):
            runs[(r['tool'], int(r['threads']), int(r['run']))] = r
    rows = []
    for threads in (1, 2):
        keys = sorted(k[2] for k in runs if k[0] == 'patched' and k[1] == threads)
        wall = [float(runs[('patched', threads, k)]['wall']) / float(runs[('baseline', threads, k)]['wall'])
                for k in keys]
        rows.append(row(f'objtool, defconfig vmlinux.o, {threads} thread{"s" if threads > 1 else ""}: wall',
                        wall, len(wall), source, top))
    keys = sorted(k[2] for k in runs if k[0] == 'patched' and k[1] == 1)
    rss = [float(runs[('patched', 1, k)]['rss_kb']) / float(runs[('baseline', 1, k)]['rss_kb']) for k in keys]
    rows.append(row('objtool, defconfig vmlinux.o, 1 thread: peak RSS', rss, len(rss), source, top))
    return rows


BUILD_CASES = [
    ('defconfig-noop', 'make bzImage modules, defconfig, nothing changed'),
    ('defconfig-vma', 'the same after touch mm/vma.c'),
    ('defconfig-header', 'the same after touch include/linux/syscalls.h'),
    ('defconfig-clean', 'the same from clean, warm ccache'),
]


def build_rows(top):
    source = newest(f'{top}/kbuild/results/*-build/pairs.csv')
    pairs = {}
    with open(source) as f:
        for r in csv.DictReader(f):
            pairs.setdefault(r['case'], []).append(float(r['b_seconds']) / float(r['a_seconds']))
    return [row(what, pairs[case], len(pairs[case]), source, top)
            for case, what in BUILD_CASES if case in pairs]


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    top = os.path.abspath(top)
    print('| patched / pristine | median ratio | 95% interval | pairs | results (series) |')
    print('| --- | ---: | ---: | ---: | --- |')
    for line in sweep_rows(top) + build_rows(top):
        print(line)


if __name__ == '__main__':
    main()
