#!/usr/bin/env python3
"""Writes Sources/touchscroll/hot-functions.order: the functions a replay runs (start-up included), for the
release link (lld's --symbol-ordering-file, Package.swift), which places them side by side at the start of
.text.

Why: the kernel maps a file-backed page fault's neighbours too (fault-around, 64 KiB), so code that a replay
touches scattered over the 11 MiB of .text made ~7 MiB of the binary resident. Packed together, the ~0.8 MiB
that runs is what gets mapped. A stale list only costs memory, never correctness: names that no longer
exist are ignored, new functions land where the linker would have put them anyway.

Run after changes to the replay path (needs valgrind; takes a minute):
    bench/function_order.py --binary .build/release/touchscroll
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bench  # noqa: E402  (the bench's inputs: the same recording and configuration)

OUTPUT = os.path.join(REPO, "Sources/touchscroll/hot-functions.order")


def executed_functions(binary, argv, work):
    """Names of the functions of `binary` that callgrind saw run under argv."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--dump-instr=no",
                    f"--callgrind-out-file={out}", binary] + argv,
                   check=True, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names, current_object = set(), None
    with open(out, errors="replace") as f:
        for line in f:
            if line.startswith("ob="):
                current_object = line[3:].strip()
            elif line.startswith("fn=") and current_object == binary:
                name = line[3:].strip()
                # callgrind marks a recursive call's copy with 'N; functions without a symbol are addresses.
                name = name.split("'")[0]
                if not name.startswith("0x"):
                    names.add(name)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="a release touchscroll")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        # valgrind cannot read the DWARF of Swift's release builds: a copy without debug info, symbols kept.
        binary = os.path.join(work, "touchscroll")
        shutil.copyfile(args.binary, binary)
        os.chmod(binary, 0o755)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        events = os.path.join(work, "scroll.events")
        script = os.path.join(work, "scroll.touches.jsonl")
        bench.repeat_evemu(bench.RECORDING, 1, events)
        subprocess.run([binary, "replay", "--config", bench.CONFIG, "--tee-touches", script, events], check=True,
                       cwd=REPO, stdout=subprocess.DEVNULL)
        names = set()
        for argv in (["replay", "--config", bench.CONFIG, events], ["replay", "--config", bench.CONFIG, script]):
            names |= executed_functions(binary, argv, work)
    # A name that several objects define locally (outlined copies like `objectdestroyTm`, value
    # witnesses) would make the linker pull every such object's whole .text to the front: kept out.
    counts = {}
    for line in subprocess.run(["nm", "--defined-only", args.binary], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        fields = line.split(maxsplit=2)
        if len(fields) == 3:
            counts[fields[2]] = counts.get(fields[2], 0) + 1
    names = {name for name in names if counts.get(name) == 1}
    with open(OUTPUT, "w") as f:
        f.write("".join(name + "\n" for name in sorted(names)))
    print(f"{OUTPUT}: {len(names)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
