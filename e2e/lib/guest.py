#!/usr/bin/env python3
"""Boots the test guest under QEMU and speaks the result-port protocol with its /init (docs/e2e.md).

Serial port 1 (ttyS0) is the kernel console, written to <workdir>/console.log.
Serial port 2 (ttyS1) is the result port, a unix socket this program reads and answers. Guest to host, lines:
  @@E2E BEGIN uptime=S               init is done (modules, udev); the test starts
  @@E2E SCREENDUMP NAME [X,Y ...]    take a screendump; reply "@@E2E PIXELS NAME X,Y=R,G,B ..." or "@@E2E ERROR …"
  @@E2E RESULTS vda                  the guest's /results is on the results disk, a raw tar (unpacked here)
  @@E2E RESULTS-ERROR REASON         it is not
  @@E2E EXIT N                       the test's exit status
  anything else                      the test's output, printed as "[guest] …" and saved to output.log
Screendumps go through QMP (a second unix socket), which works with -display none. The results disk is a
sparse raw file attached as a virtio disk (/dev/vda in the guest); the guest writes a tar onto it.

Exit status: the test's; 124 when the timeout killed the guest; 125 when QEMU could not be run;
126 when the guest stopped without reporting a status (kernel panic, init crash).
"""
import argparse
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ppm import read_ppm  # noqa: E402

EXIT_TIMEOUT, EXIT_HARNESS, EXIT_NO_STATUS = 124, 125, 126


def connect_unix(path: str, deadline: float, qemu: subprocess.Popen) -> socket.socket:
    while True:
        if qemu.poll() is not None:
            raise RuntimeError(f"QEMU exited with status {qemu.returncode} before {path} accepted a connection")
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            return s
        except (FileNotFoundError, ConnectionRefusedError):
            s.close()
            if time.monotonic() > deadline:
                raise RuntimeError(f"{path} did not accept a connection")
            time.sleep(0.05)


class QMP:
    """The QEMU Machine Protocol over a unix socket: JSON objects, one per line."""

    def __init__(self, sock: socket.socket):
        self.file = sock.makefile("rw", encoding="utf-8")
        self._read_reply()  # greeting
        self.execute("qmp_capabilities")

    def _read_reply(self) -> dict:
        while True:
            line = self.file.readline()
            if not line:
                raise RuntimeError("QMP connection closed")
            message = json.loads(line)
            if "event" not in message:
                return message

    def execute(self, command: str, **arguments) -> dict:
        request = {"execute": command}
        if arguments:
            request["arguments"] = arguments
        self.file.write(json.dumps(request) + "\n")
        self.file.flush()
        reply = self._read_reply()
        if "error" in reply:
            raise RuntimeError(f"QMP {command}: {reply['error'].get('desc', reply['error'])}")
        return reply.get("return", {})


class GuestRun:
    def __init__(self, args):
        self.args = args
        self.workdir = os.path.abspath(args.workdir)
        self.results = os.path.abspath(args.results or os.path.join(self.workdir, "results"))
        os.makedirs(self.workdir, exist_ok=True)
        if not args.results and os.path.isdir(self.results):
            shutil.rmtree(self.results)  # the default results directory holds the last run's only
        os.makedirs(self.results, exist_ok=True)
        self.console_log = os.path.join(self.workdir, "console.log")
        self.result_sock = os.path.join(self.workdir, "result.sock")
        self.qmp_sock = os.path.join(self.workdir, "qmp.sock")
        for path in (self.result_sock, self.qmp_sock, self.console_log):
            if os.path.exists(path):
                os.unlink(path)
        self.output = open(os.path.join(self.results, "output.log"), "w", encoding="utf-8")
        self.qmp = None
        self.status = None
        self.results_on_disk = False
        self.results_disk = os.path.join(self.workdir, "results.img")

    def qemu_command(self) -> list:
        a = self.args
        # mitigations=off: a throwaway test VM; the Spectre/Meltdown workarounds only cost time under TCG.
        append = ("console=ttyS0,115200 loglevel=4 panic=-1 vt.global_cursor_default=0 mitigations=off "
                  f"rdinit={a.init} " + a.append).strip()
        return [
            a.qemu, "-accel", "tcg", "-cpu", "max", "-m", str(a.memory), "-smp", str(a.smp),
            "-machine", "pc", "-nodefaults", "-no-user-config", "-no-reboot",
            "-display", "none", "-vga", "std",
            "-kernel", a.kernel, "-initrd", a.initrd, "-append", append,
            "-serial", f"file:{self.console_log}",
            "-chardev", f"socket,id=result,path={self.result_sock},server=on,wait=on",
            "-serial", "chardev:result",
            "-qmp", f"unix:{self.qmp_sock},server=on,wait=off",
            "-drive", f"file={self.results_disk},format=raw,if=virtio,cache=unsafe",
        ]

    def log(self, message: str):
        print(f"e2e: {message}", file=sys.stderr, flush=True)

    def screendump(self, name: str, points: list, sock: socket.socket):
        try:
            if name == "@final":
                path = self.args.screendump
            else:
                safe = "".join(c for c in name if c.isalnum() or c in "-_.") or "screendump"
                path = os.path.join(self.results, safe + ".ppm")
            reply = f"@@E2E PIXELS {name}"
            if path:
                path = os.path.abspath(path)
                if self.qmp is None:
                    self.qmp = QMP(connect_unix(self.qmp_sock, time.monotonic() + 10, self.qemu))
                self.qmp.execute("screendump", filename=path)
                image = read_ppm(path)
                for point in points:
                    x, y = (int(v) for v in point.split(","))
                    r, g, b = image.pixel(x, y)
                    reply += f" {x},{y}={r},{g},{b}"
                self.log(f"screendump {name} → {path} ({image.width}x{image.height})")
        except (RuntimeError, ValueError, OSError) as error:
            reply = f"@@E2E ERROR screendump {name}: {error}"
        sock.sendall((reply + "\n").encode())

    def handle_line(self, line: str, sock: socket.socket):
        marker = line.find("@@E2E ")
        if marker > 0:  # a background process's unfinished line ran into a request: split them
            self.handle_line(line[:marker], sock)
            self.handle_line(line[marker:], sock)
            return
        if not line.startswith("@@E2E "):
            print(f"[guest {time.monotonic() - self.started:5.1f}s] {line}", flush=True)
            self.output.write(line + "\n")
            self.output.flush()
            return
        word, _, rest = line[6:].partition(" ")
        if word == "BEGIN":
            self.log(f"guest ready in {time.monotonic() - self.started:.1f} s ({rest}); test starts")
        elif word == "SCREENDUMP":
            name, *points = rest.split()
            self.screendump(name, points, sock)
        elif word == "RESULTS":
            self.results_on_disk = True
        elif word == "RESULTS-ERROR":
            self.log(f"no results: {rest}")
        elif word == "EXIT":
            self.status = int(rest)
        else:
            self.log(f"unknown result-port message: {line}")

    def unpack_results(self):
        try:
            with tarfile.open(self.results_disk) as tar:
                if hasattr(tarfile, "data_filter"):
                    tar.extractall(self.results, filter="data")
                else:
                    tar.extractall(self.results)
        except (tarfile.TarError, OSError) as error:
            self.log(f"cannot unpack the results disk {self.results_disk}: {error}")

    def run(self) -> int:
        with open(self.results_disk, "wb") as disk:
            disk.truncate(self.args.results_size * 1024 * 1024)
        command = self.qemu_command()
        with open(os.path.join(self.workdir, "qemu-command"), "w") as f:
            f.write(" ".join(command) + "\n")
        self.started = time.monotonic()
        deadline = self.started + self.args.timeout
        qemu_log = open(os.path.join(self.workdir, "qemu.log"), "w")
        try:
            self.qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=qemu_log, stderr=qemu_log)
        except OSError as error:
            self.log(f"cannot run {command[0]}: {error}")
            return EXIT_HARNESS
        try:
            sock = connect_unix(self.result_sock, self.started + 30, self.qemu)
        except RuntimeError as error:
            self.log(str(error))
            self.stop_qemu()
            self.show_logs()
            return EXIT_HARNESS
        buffer = b""
        timed_out = False
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([sock], [], [], min(remaining, 1.0))
            if not ready:
                if self.qemu.poll() is not None:
                    break
                continue
            chunk = sock.recv(65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                raw, buffer = buffer.split(b"\n", 1)
                self.handle_line(raw.decode("utf-8", "replace").rstrip("\r"), sock)
        if timed_out:
            self.log(f"timeout: the guest ran longer than {self.args.timeout} s; killing it")
            self.stop_qemu()
            self.show_logs()
            return EXIT_TIMEOUT
        try:
            self.qemu.wait(timeout=max(5, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.stop_qemu()
        elapsed = time.monotonic() - self.started
        if self.results_on_disk:
            self.unpack_results()
        if self.status is None:
            self.log(f"the guest stopped after {elapsed:.1f} s without reporting a status")
            self.show_logs()
            return EXIT_NO_STATUS
        self.log(f"test exited with status {self.status} after {elapsed:.1f} s; results in {self.results}")
        if self.status != 0:
            self.show_logs(lines=30)
        return self.status

    def stop_qemu(self):
        if self.qemu.poll() is None:
            self.qemu.terminate()
            try:
                self.qemu.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.qemu.kill()
                self.qemu.wait()

    def show_logs(self, lines: int = 60):
        for path in (os.path.join(self.workdir, "qemu.log"), self.console_log):
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    tail = f.readlines()[-lines:]
            except OSError:
                continue
            if tail:
                print(f"e2e: --- last lines of {path} ---", file=sys.stderr)
                sys.stderr.writelines(tail)
        sys.stderr.flush()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernel", required=True)
    p.add_argument("--initrd", required=True)
    p.add_argument("--workdir", required=True, help="console.log, qemu.log, sockets; kept after the run")
    p.add_argument("--results", help="where the guest's /results lands (default WORKDIR/results)")
    p.add_argument("--screendump", help="write a screendump taken after the test finished to this file")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--memory", type=int, default=1024)
    p.add_argument("--smp", type=int, default=1)
    p.add_argument("--append", default="", help="extra kernel command line")
    p.add_argument("--init", default="/init", help="the initramfs program the kernel runs as PID 1")
    p.add_argument("--results-size", type=int, default=256, help="size of the (sparse) results disk in MiB")
    p.add_argument("--qemu", default="qemu-system-x86_64")
    return GuestRun(p.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
