#!/usr/bin/env python3
"""Paired A/B of two touchscroll binaries: each one's replay CPU time as a ratio to `wc -l` on the same file, in
one sitting, so that a change is measured against the binary before it rather than against a table printed on
another day (on a shared virtual machine the ratio itself moves by more than one change does).

Each round runs `wc -l`, then every copy of the binary before and of the binary after, in an order shuffled
anew each round, on the same 10x input that `make bench` replays (the evemu recording and the touch script replay
writes from it, with bench/scrolling.yaml); the figures are the medians, over the rounds and the copies, of each
binary's CPU time divided by that round's `wc -l`.

Why copies: the same bytes in two files can time up to 3 % apart on this machine, as the kernel happened to place
the files' page-cache pages (the caches are indexed by physical address), so one file of each binary compares two
placements as much as two builds. Each binary is copied into --copies fresh files, whose placements differ.

    bench/compare.py --before OLD/touchscroll --after NEW/touchscroll [--pairs 41] [--copies 4]

Keep a copy of the release binary before a change (`cp .build/release/touchscroll /tmp/touchscroll-before`),
build the change, and compare.
"""
import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (its inputs, configuration and process timing)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the touchscroll binary before the change")
    parser.add_argument("--after", required=True, help="the touchscroll binary after the change")
    parser.add_argument("--pairs", type=int, default=41, help="rounds of wc -l and every copy (median; default 41)")
    parser.add_argument("--copies", type=int, default=4, help="fresh copies of each binary (default 4)")
    args = parser.parse_args()
    if args.pairs < 1 or args.copies < 1:
        parser.error("--pairs and --copies must be at least 1")
    before, after = os.path.abspath(args.before), os.path.abspath(args.after)
    work = os.path.join(bench.REPO, ".build/bench")
    os.makedirs(work, exist_ok=True)
    evemu = os.path.join(work, "scroll-10x.events")
    bench.repeat_evemu(bench.RECORDING, 10, evemu)
    script = os.path.join(work, "scroll-10x.touches.jsonl")
    bench.run([after, "replay", "--config", bench.CONFIG, "--tee-touches", script, evemu])
    print(f"replay CPU / wc -l CPU, median of {args.pairs} rounds x {args.copies} copies (10x inputs, bench/scrolling.yaml)")
    print(f"  before: {before}\n  after:  {after}")
    shuffle = random.Random(0).shuffle  # the same orders on every run of the script
    with tempfile.TemporaryDirectory() as copies_dir:
        runs = []  # (binary, copy), each copy a file of its own
        for tag, binary in (("before", before), ("after", after)):
            for i in range(args.copies):
                copy = os.path.join(copies_dir, f"{tag}-{i}")
                shutil.copyfile(binary, copy)
                os.chmod(copy, 0o755)
                runs.append((binary, copy))
        for label, path in (("evemu", evemu), ("touch script", script)):
            wc_times, ratios = [], {before: [], after: []}
            for _ in range(args.pairs):
                wc_time, _ = bench.run(["wc", "-l", path])
                wc_times.append(wc_time)
                shuffle(runs)
                for binary, copy in runs:
                    cpu, _ = bench.run([copy, "replay", "--config", bench.CONFIG, path])
                    ratios[binary].append(cpu / max(wc_time, 1e-6))
            b, a = statistics.median(ratios[before]), statistics.median(ratios[after])
            print(f"{label:>13}: wc -l {statistics.median(wc_times) * 1000:.2f} ms; before {b:.2f}x, after {a:.2f}x "
                  f"({(a / b - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main()
