#!/usr/bin/env python3
"""Writes Sources/touchscroll/hot-symbols.order: the functions a replay runs and the data it reads or writes
(start-up included), for the release link (lld's --symbol-ordering-file, Package.swift), which places them
side by side: the functions at the start of their text section (`.text`, `.text.hot`, …: the release link keeps
the compiler's section prefixes apart), the data at the start of its section.

Why: the kernel maps a file-backed page fault's neighbours too (fault-around, 64 KiB), so code that a replay
touches scattered over the 11 MiB of .text made ~7 MiB of the binary resident. Packed together, the ~0.8 MiB
that runs is what gets mapped. The same holds for the Swift metadata, witness tables and constants a replay
reads: with whole-program link-time optimisation they are laid out in one object's order, spread over 2 MiB
of .rodata and .data.rel.ro, and ordering them took a replay's peak RSS from 8.7–8.9 MiB back to 7.4–8.2.
A stale list only costs memory, never correctness: names that no longer exist are ignored, new symbols land
where the linker would have put them anyway.

Functions come from callgrind, data from lackey's memory trace (both valgrind). Run after changes to the
replay path, on a release build (takes a few minutes):
    bench/symbol_order.py --binary .build/release/touchscroll
"""
import argparse
import bisect
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
import bench  # noqa: E402  (its inputs and configuration)

OUTPUT = os.path.join(REPO, "Sources/touchscroll/hot-symbols.order")


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
            # Code outside the `.text` section (`.text.hot`, `.text.split`, `.text.unlikely`: the release
            # link keeps the compiler's section prefixes) is named from the executable's symbols but put
            # under an unknown object ("???"): taken too; only the executable's own names are kept below.
            elif line.startswith("fn=") and current_object in (binary, "???"):
                name = line[3:].strip()
                # callgrind marks a recursive call's copy with 'N; functions without a symbol are addresses.
                name = name.split("'")[0]
                if not name.startswith("0x"):
                    names.add(name)
    return names


def symbols(binary):
    """(address, size, type letter, name) of every symbol `binary` defines, by address."""
    table = []
    for line in subprocess.run(["nm", "-n", "-S", "--defined-only", binary], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) == 4:
            table.append((int(fields[0], 16), int(fields[1], 16), fields[2], fields[3]))
    return table


def touched_data(binary, argv, table):
    """Names of the data symbols (initialised, read-only, zeroed) of `binary` that the run under argv loads or
    stores, from valgrind lackey's trace of every memory access. The executable is position-independent: its
    load address is where the first instruction of `_start` ran."""
    data = sorted((address, size, name) for address, size, kind, name in table if kind in "dDrRbB" and size > 0)
    starts = [address for address, _, _ in data]
    entry = next(address for address, _, _, name in table if name == "_start")
    process = subprocess.Popen(["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-fd=2", binary] + argv,
                               cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               errors="replace")
    base, accessed = None, set()
    for line in process.stderr:
        if line.startswith("I  ") and base is None:
            address = int(line[3:line.index(",")], 16)
            if address > entry and (address - entry) % 4096 == 0 and address < 0x4000000:
                base = address - entry
        elif line[:3] in (" L ", " S ", " M "):
            accessed.add(int(line[3:line.index(",")], 16) >> 3)
    if process.wait() != 0:
        sys.exit(f"symbol_order: valgrind lackey {' '.join(argv)} exited {process.returncode}")
    if base is None:
        sys.exit("symbol_order: the executable's load address was not found in lackey's trace")
    names = set()
    for word in accessed:
        address = (word << 3) - base
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < data[i][0] + data[i][1]:
            names.add(data[i][2])
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
        table = symbols(binary)
        events = os.path.join(work, "scroll.events")
        script = os.path.join(work, "scroll.touches.jsonl")
        bench.repeat_evemu(bench.RECORDING, 1, events)
        subprocess.run([binary, "replay", "--config", bench.CONFIG, "--tee-touches", script, events], check=True,
                       cwd=REPO, stdout=subprocess.DEVNULL)
        functions, data = set(), set()
        for argv in (["replay", "--config", bench.CONFIG, events], ["replay", "--config", bench.CONFIG, script]):
            functions |= executed_functions(binary, argv, work)
            data |= touched_data(binary, argv, table)
    # A name that several objects define locally (outlined copies like `objectdestroyTm`, value
    # witnesses) would make the linker pull every such object's whole section to the front: kept out.
    counts = {}
    for _, _, _, name in table:
        counts[name] = counts.get(name, 0) + 1
    functions = sorted(name for name in functions if counts.get(name) == 1)
    data = sorted(name for name in data if counts.get(name) == 1)
    with open(OUTPUT, "w") as f:
        f.write("".join(name + "\n" for name in functions + data))
    print(f"{OUTPUT}: {len(functions)} functions, {len(data)} data symbols", file=sys.stderr)


if __name__ == "__main__":
    main()
