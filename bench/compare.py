#!/usr/bin/env python3
"""Paired A/B of two touchscroll binaries: each one's replay CPU time as a ratio to `wc -l` on the same file, in
one sitting, so that a change is measured against the binary before it rather than against a table printed on
another day (on a shared virtual machine the ratio itself moves by more than one change does).

Each round runs `wc -l`, the binary before and the binary after, one after another, on the same 10x input that
`make bench` replays (the evemu recording and the touch script replay writes from it, with bench/scrolling.yaml);
the figures are the medians over the rounds of each binary's CPU time divided by that round's `wc -l`.

    bench/compare.py --before OLD/touchscroll --after NEW/touchscroll [--pairs 41]

Keep a copy of the release binary before a change (`cp .build/release/touchscroll /tmp/touchscroll-before`),
build the change, and compare.
"""
import argparse
import os
import statistics
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (its inputs, configuration and process timing)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the touchscroll binary before the change")
    parser.add_argument("--after", required=True, help="the touchscroll binary after the change")
    parser.add_argument("--pairs", type=int, default=41, help="rounds of wc -l, before, after (median; default 41)")
    args = parser.parse_args()
    before, after = os.path.abspath(args.before), os.path.abspath(args.after)
    work = os.path.join(bench.REPO, ".build/bench")
    os.makedirs(work, exist_ok=True)
    evemu = os.path.join(work, "scroll-10x.events")
    bench.repeat_evemu(bench.RECORDING, 10, evemu)
    script = os.path.join(work, "scroll-10x.touches.jsonl")
    bench.run([after, "replay", "--config", bench.CONFIG, "--tee-touches", script, evemu])
    print(f"replay CPU / wc -l CPU, median of {args.pairs} rounds (10x inputs, bench/scrolling.yaml)")
    print(f"  before: {before}\n  after:  {after}")
    for label, path in (("evemu", evemu), ("touch script", script)):
        wc_times, ratios = [], {before: [], after: []}
        for _ in range(args.pairs):
            wc_time, _ = bench.run(["wc", "-l", path])
            wc_times.append(wc_time)
            for binary in (before, after):
                cpu, _ = bench.run([binary, "replay", "--config", bench.CONFIG, path])
                ratios[binary].append(cpu / max(wc_time, 1e-6))
        b, a = statistics.median(ratios[before]), statistics.median(ratios[after])
        print(f"{label:>13}: wc -l {statistics.median(wc_times) * 1000:.2f} ms; before {b:.2f}x, after {a:.2f}x "
              f"({(a / b - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main()
