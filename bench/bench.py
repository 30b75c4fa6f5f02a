#!/usr/bin/env python3
"""`make bench`: touchscroll's speed, memory and size, each as a ratio to a baseline measured in the same run,
printed as one table against the requirement.

Every time is whole-process CPU time (user + system, from wait4's rusage) of paired runs — the baseline and the
measured command alternate, N pairs, and the ratio is the median of the pairs' ratios — so a busy machine slows
both sides of a pair alike. Peak RSS also comes from rusage. Allocations are counted by an LD_PRELOAD library
(bench/alloc_count.c); per input frame in steady state they are (count for the 10x input − count for the 1x
input) / (frames of 10x − frames of 1x), which cancels start-up and shut-down.

    bench/bench.py --binary .build/release/touchscroll [--latency-tool .build/release/recordings-bench]
                   [--render-tool .build/release/RendererBench] [--pairs 11]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RECORDING = os.path.join(REPO, "recordings/evemu-devices/tablets-finger/Wacom DTH2242 Finger.events")
CONFIG = os.path.join(HERE, "scrolling.yaml")


def run(argv, stdin_path=None, env=None):
    """Runs argv to completion with stdout discarded; returns (CPU seconds, rusage's peak RSS in KiB)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        process = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   env=env, cwd=REPO)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        errors = process.stderr.read().decode(errors="replace")
        process.stderr.close()
    finally:
        if stdin_path:
            stdin.close()
    if process.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {process.returncode}: {errors[:500]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def peak_rss(argv):
    """Peak resident memory (KiB) of argv alone. Measured by GNU time, whose own footprint is a few hundred
    KiB: a child forked from this Python process would count Python's memory in its high-water mark."""
    with tempfile.NamedTemporaryFile(mode="r") as out:
        run(["/usr/bin/time", "-o", out.name, "-f", "%M"] + argv)
        return int(out.read().strip().splitlines()[-1])


def paired(baseline, measured, pairs):
    """Median over `pairs` alternating runs of measured CPU / baseline CPU; also the medians themselves."""
    ratios, base_times, times = [], [], []
    for _ in range(pairs):
        b, _ = run(baseline)
        m, _ = run(measured)
        base_times.append(b)
        times.append(m)
        ratios.append(m / max(b, 1e-6))
    return statistics.median(ratios), statistics.median(base_times), statistics.median(times)


def repeat_evemu(source, copies, output):
    """The recording `copies` times over in one evemu file, each copy's times after the previous one's."""
    header, events = [], []
    with open(source) as f:
        for line in f:
            (events if line.startswith("E:") or events else header).append(line)
    first, last = float(events[0].split()[1]), float(events[-1].split()[1])
    span = last - first + 1.0
    frames = 0
    with open(output, "w") as f:
        f.writelines(header)
        for k in range(copies):
            for line in events:
                if line.startswith("E:"):
                    parts = line.split(" ", 2)
                    f.write("E: %.6f %s" % (float(parts[1]) + k * span, parts[2]))
                    if parts[2].startswith("0000 0000 0000"):
                        frames += 1
    return frames


def touch_script_frames(path):
    times = set()
    with open(path) as f:
        for line in f:
            match = re.search(r'"t"\s*:\s*(-?\d+)', line)
            if match:
                times.add(match.group(1))
    return len(times)


def allocations(argv, library):
    with tempfile.NamedTemporaryFile() as out:
        env = dict(os.environ, LD_PRELOAD=library, ALLOC_COUNT_OUT=out.name)
        run(argv, env=env)
        return int(open(out.name).read().strip() or 0)


def latency(tool, path):
    """p99 of read + engine + encode per input frame, and of reading alone (µs), from recordings-bench --latency:
    the median over 3 runs, so one run disturbed by another process does not decide."""
    results = []
    for _ in range(3):
        out = subprocess.run([tool, "--latency", "--config", CONFIG, path], check=True, capture_output=True,
                             text=True, cwd=REPO).stdout
        p99 = float(re.search(r"frames \d+ p50 \S+ p99 (\S+)", out).group(1))
        read_p99 = float(re.search(r"read alone p50 \S+ p99 (\S+)", out).group(1))
        results.append((p99, read_p99))
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def streams_from_a_pipe(binary):
    """Writes a touch script to `replay -` one frame at a time: does each frame's output arrive before the next
    frame is written? A finger goes down, then moves 40 pt over two frames (a drag begins at the second)."""
    process = subprocess.Popen([binary, "replay", "--config", CONFIG, "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO)
    os.set_blocking(process.stdout.fileno(), False)
    received = b""

    def wait_for(pattern, seconds=2.0):
        nonlocal received
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                chunk = None
            if chunk:
                received += chunk
                if pattern in received:
                    return True
            else:
                time.sleep(0.005)
        return False

    frames = [
        '{"t":0,"slot":0,"phase":"down","x":640,"y":400}\n',
        '{"t":16667,"slot":0,"phase":"move","x":640,"y":380}\n',
        '{"t":33333,"slot":0,"phase":"move","x":640,"y":360}\n',
    ]
    ok = True
    process.stdin.write(frames[0].encode())
    process.stdin.flush()
    ok &= wait_for(b'"message":"header"')
    process.stdin.write(frames[1].encode())
    process.stdin.flush()
    process.stdin.write(frames[2].encode())
    process.stdin.flush()
    ok &= wait_for(b'scrollViewWillBeginDragging')
    process.stdin.close()
    process.wait(timeout=30)
    return ok


def ready_time(binary, work):
    """Wall time from starting `touchscroll daemon` to its READY=1 on $NOTIFY_SOCKET (no input device: the
    udev seat is empty here, the control socket and state directory are real)."""
    import signal
    import socket
    path = os.path.join(work, "notify.sock")
    if os.path.exists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    listener.settimeout(10)
    runtime = tempfile.mkdtemp(dir=work)
    env = dict(os.environ, NOTIFY_SOCKET=path)
    start = time.monotonic()
    process = subprocess.Popen([binary, "daemon", "--config", CONFIG, "--runtime-dir", runtime, "--state-dir", runtime],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=REPO)
    try:
        while True:
            message = listener.recv(4096).decode(errors="replace")
            if "READY=1" in message.split("\n"):
                return time.monotonic() - start
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        listener.close()
        shutil.rmtree(runtime, ignore_errors=True)


def start_to_exit(argv):
    start = time.monotonic()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    return time.monotonic() - start


# ---- Renderer rows: frames through the real output path, the input stall, a drawing daemon's memory ----

def renderer_bench(tool, runs=3):
    """RendererBench's machine-readable rows (`row NAME seconds BASELINE seconds RATIO`: RATIO is the median of
    per-frame ratios, each frame timed right after its own memcpy), each the median over `runs` runs, with the
    median times: {name: (ratio, time, baseline name, baseline time)}."""
    samples = {}
    for _ in range(runs):
        out = subprocess.run([tool], check=True, capture_output=True, text=True, cwd=REPO).stdout
        for match in re.finditer(r"^row (\S+) (\S+) (\S+) (\S+) (\S+)$", out, re.M):
            name, value, base_name, base, ratio = (match.group(1), float(match.group(2)), match.group(3),
                                                   float(match.group(4)), float(match.group(5)))
            samples.setdefault(name, []).append((ratio, value, base_name, base))
    return {name: (statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows), rows[0][2],
                   statistics.median(r[3] for r in rows)) for name, rows in samples.items()}


def write_png(path, width, height):
    """An opaque RGB test page (coloured cards, a 40-pixel grid) as a PNG, with zlib only."""
    import struct
    import zlib
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            base = ((40, 110, 220), (250, 160, 40), (60, 190, 90))[(x // 200 + y // 130) % 3]
            shade = 0 if (x % 40 and y % 40) else 40
            row += bytes((max(0, base[0] - shade), max(0, base[1] - shade), max(0, base[2] - shade)))
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))


def drawing_daemon_rss(binary, work):
    """Peak RSS (KiB, the kernel's VmHWM) of `touchscroll daemon` on a 1280x800 screen drawing a 1280x800 PNG
    page into a PNG directory (the memory output: a frame in memory, written out as fbdev would copy it):
    started, then moved through its control socket (animated zooms in and out, an animated scroll) for two
    seconds. Returns the peak and how many frames were drawn."""
    import json
    import signal
    import socket
    content = os.path.join(work, "page-1280x800.png")
    if not os.path.exists(content):
        write_png(content, 1280, 800)
    frames = tempfile.mkdtemp(dir=work)
    runtime = tempfile.mkdtemp(dir=work)
    config = os.path.join(runtime, "drawing.yaml")
    with open(config, "w") as f:
        f.write("screen: { width: 1280, height: 800 }\n"
                "scrollView: { minimumZoomScale: 0.5, maximumZoomScale: 2, zoomView: page }\n"
                "contentViews: [ { id: page, frame: { x: 0, y: 0, width: 1280, height: 800 } } ]\n"
                f"display: {{ content: '{content}', png: '{frames}' }}\n")
    process = subprocess.Popen([binary, "daemon", "--config", config, "--runtime-dir", runtime, "--state-dir", runtime],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO)
    try:
        path = os.path.join(runtime, "control.sock")
        deadline = time.monotonic() + 10
        while not os.path.exists(path):
            if process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"bench: the drawing daemon did not start: {process.stderr.read().decode(errors='replace')[:500]}")
            time.sleep(0.05)
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(path)
        commands = [{"command": "setZoomScale", "scale": 2, "animated": True},
                    {"command": "setContentOffset", "offset": {"x": 640, "y": 400}, "animated": True},
                    {"command": "setZoomScale", "scale": 0.5, "animated": True},
                    {"command": "setZoomScale", "scale": 1, "animated": True}]
        for i, command in enumerate(commands):
            client.sendall((json.dumps(dict(command, id=i + 1)) + "\n").encode())
            time.sleep(0.5)
        time.sleep(0.5)
        with open(f"/proc/{process.pid}/status") as f:
            hwm = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        client.close()
        drawn = len(os.listdir(frames))
        if drawn < 2:
            sys.exit(f"bench: the drawing daemon drew {drawn} frame(s)")
        return hwm, drawn
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        process.stderr.close()
        shutil.rmtree(frames, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)


def renderer_rows(row, render_tool, binary, work, hello_rss):
    """The renderer's rows of the table: pan and pinch frames including the present (RendererBench's memory
    display, double-buffered as fbdev and DRM are) against one memcpy of the frame, the longest single update
    through a pinch, the sharp redraw and the fade against the whole sharp redraw, and a drawing daemon's memory."""
    figures = renderer_bench(render_tool)
    for name, figure, required, limit in (("pan", "pan frame incl. present (1280x800)", "<= 1.3x", 1.3),
                                          ("pinch", "pinch-zoom frame incl. present (1280x800)", "<= 5x", 5.0)):
        ratio, value, _, base = figures[name]
        row(figure, "memcpy of the frame", f"{base * 1000:.3f} ms", f"{value * 1000:.3f}", "ms", f"{ratio:.1f}x",
            required, ratio <= limit)
    ratio, value, _, base = figures["stall"]
    row("longest input stall while drawing (pinch, sharp redraw)", "whole sharp redraw", f"{base * 1000:.1f} ms",
        f"{value * 1000:.1f}", "ms", f"{ratio:.2f}x", "<= 16 ms", value <= 0.016)
    rss, drawn = drawing_daemon_rss(binary, work)
    row(f"peak RSS, daemon drawing 1280x800 content ({drawn} frames)", "static hello", f"{hello_rss / 1024:.1f} MiB",
        f"{rss / 1024:.1f}", "MiB", f"{rss / hello_rss:.1f}x", "<= 24 MiB", rss <= 24 * 1024)



def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the release touchscroll to measure")
    parser.add_argument("--latency-tool", help="the release recordings-bench (event -> line latency rows)")
    parser.add_argument("--render-tool", help="the release RendererBench (renderer rows)")
    parser.add_argument("--pairs", type=int, default=11, help="paired runs per timing (median; default 11: the CPU time of a 30 ms run moves by a fifth from one second to the next on a virtual machine)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = os.path.join(REPO, ".build/bench")
    os.makedirs(work, exist_ok=True)

    # Baselines built in this run: the smallest Swift program built like touchscroll, the allocation counter.
    hello = os.path.join(work, "hello")
    subprocess.run(["swiftc", "-O", "-static-stdlib", os.path.join(HERE, "hello.swift"), "-o", hello],
                   check=True, cwd=work)
    subprocess.run(["strip", hello], check=True)
    counter = os.path.join(work, "alloc_count.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", counter, os.path.join(HERE, "alloc_count.c"), "-ldl"], check=True)
    installed = os.path.join(work, "touchscroll-stripped")
    shutil.copyfile(binary, installed)
    os.chmod(installed, 0o755)
    subprocess.run(["strip", installed], check=True)

    one, ten = os.path.join(work, "scroll-1x.events"), os.path.join(work, "scroll-10x.events")
    frames1, frames10 = repeat_evemu(RECORDING, 1, one), repeat_evemu(RECORDING, 10, ten)
    # The same input as a touch script: what replay fed the engine, written by --tee-touches.
    script1, script10 = os.path.join(work, "scroll-1x.touches.jsonl"), os.path.join(work, "scroll-10x.touches.jsonl")
    for source, script in ((one, script1), (ten, script10)):
        run([binary, "replay", "--config", CONFIG, "--tee-touches", script, source])
    sframes1, sframes10 = touch_script_frames(script1), touch_script_frames(script10)

    rows = []

    def row(figure, baseline_label, baseline, value, unit, ratio, required, holds):
        rows.append((figure, f"{baseline_label} {baseline}", f"{value} {unit}".strip(), ratio, required, "yes" if holds else "NO"))

    size, hello_size = os.path.getsize(installed), os.path.getsize(hello)
    row("release binary, stripped (as installed)", "static hello", f"{hello_size / 1e6:.1f} MB",
        f"{size / 1e6:.1f}", "MB", f"{size / hello_size:.1f}x", "<= 20 MB", size <= 20e6)

    hello_rss = peak_rss([hello])
    replay_rss = peak_rss([binary, "replay", "--config", CONFIG, ten])
    row("peak RSS, replay (scrolling config, 10x)", "static hello", f"{hello_rss / 1024:.1f} MiB",
        f"{replay_rss / 1024:.1f}", "MiB", f"{replay_rss / hello_rss:.1f}x", "<= 10 MiB", replay_rss <= 10 * 1024)

    for label, small, large, f1, f10 in (("evemu", one, ten, frames1, frames10),
                                         ("touch script", script1, script10, sframes1, sframes10)):
        a1 = allocations([binary, "replay", "--config", CONFIG, small], counter)
        a10 = allocations([binary, "replay", "--config", CONFIG, large], counter)
        per_frame = (a10 - a1) / max(f10 - f1, 1)
        row(f"heap allocations per input frame ({label})", "whole 1x run", f"{a1} allocs",
            f"{round(per_frame, 1) + 0.0:.1f}", "", f"{f10 - f1} frames", "0", per_frame < 0.5)  # + 0.0: no "-0.0"

    for label, path in (("evemu", ten), ("touch script", script10)):
        ratio, wc_time, replay_time = paired(["wc", "-l", path], [binary, "replay", "--config", CONFIG, path], args.pairs)
        row(f"replay CPU / wc -l CPU ({label}, 10x)", "wc -l", f"{wc_time * 1000:.1f} ms",
            f"{replay_time * 1000:.1f}", "ms", f"{ratio:.1f}x", "<= 6x", ratio <= 6)

    if args.latency_tool:
        for label, path in (("evemu", ten), ("touch script", script10)):
            p99, read_p99 = latency(os.path.abspath(args.latency_tool), path)
            row(f"event -> line p99, in process ({label}, 10x)", "read alone p99", f"{read_p99:.1f} us",
                f"{p99:.1f}", "us", f"{p99 / max(read_p99, 1e-3):.1f}x", "<= 50 us", p99 <= 50)

    streams = streams_from_a_pipe(binary)
    row("replay - from a pipe: a frame's lines before the next frame", "-", "", "yes" if streams else "no", "",
        "", "yes", streams)

    ready = statistics.median(ready_time(binary, work) for _ in range(args.pairs))
    hello_start = statistics.median(start_to_exit([hello]) for _ in range(args.pairs))
    row("daemon start to READY=1 (wall, median)", "static hello start+exit", f"{hello_start * 1000:.1f} ms",
        f"{ready * 1000:.1f}", "ms", f"{ready / hello_start:.1f}x", "<= 15 ms", ready <= 0.015)

    if args.render_tool:
        renderer_rows(row, os.path.abspath(args.render_tool), binary, work, hello_rss)

    header = ("figure", "baseline", "measured", "ratio", "required", "holds")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    print(f"touchscroll bench ({os.uname().machine}, {os.cpu_count()} cores; {args.pairs} paired runs per time; "
          f"input: {os.path.basename(RECORDING)} x10, {frames10} frames; config: bench/scrolling.yaml)")
    for r in [header, tuple("-" * w for w in widths)] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())


if __name__ == "__main__":
    main()
