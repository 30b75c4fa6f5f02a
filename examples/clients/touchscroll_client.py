#!/usr/bin/env python3
"""A kiosk application's side of touchscroll's control socket, in plain Python (standard library only).

It connects to the daemon's Unix socket, asks for the state, subscribes to the delegate event stream,
optionally moves the content with setContentOffset, and prints one line per contentOffset change:

    scrollViewDidScroll 0.000 321.500 1.000

(message, contentOffset x and y, zoomScale). Requests and replies are JSON Lines (docs/control.md); the
event lines are the same objects `touchscroll run` prints (docs/protocol.md).

    ./touchscroll_client.py                                   # follow the stream until interrupted
    ./touchscroll_client.py --set-offset 0,640 --animated \\
        --exit-after scrollViewDidEndScrollingAnimation       # scroll, print the animation, exit
"""
import argparse
import json
import socket
import sys
import time

DEFAULT_SOCKET = "/run/touchscroll/control.sock"


class ControlClient:
    """One connection: requests carry an id; replies are matched by it, events are handed on."""

    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 1
        self.pending_events = []

    def read_line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the daemon closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def request(self, command, **fields):
        """Send one request and return its reply; event lines read meanwhile are kept for next_event()."""
        request_id = self.next_id
        self.next_id += 1
        self.sock.sendall(json.dumps({"id": request_id, "command": command, **fields}).encode() + b"\n")
        while True:
            obj = self.read_line()
            if "message" in obj:
                self.pending_events.append(obj)
            elif obj.get("id") == request_id:
                if not obj.get("ok"):
                    raise RuntimeError(f"{command}: {obj.get('error')}")
                return obj
            # A reply to another id cannot happen: requests are answered in order, one at a time here.

    def next_event(self):
        if self.pending_events:
            return self.pending_events.pop(0)
        while True:
            obj = self.read_line()
            if "message" in obj:
                return obj


def print_event(event):
    offset = event.get("contentOffset", {})
    print(f'{event["message"]} {offset.get("x", 0):.3f} {offset.get("y", 0):.3f} {event.get("zoomScale", 1):.3f}',
          flush=True)


def main():
    parser = argparse.ArgumentParser(description="Follow and steer a running touchscroll daemon.")
    parser.add_argument("--socket", default=DEFAULT_SOCKET, help=f"control socket (default {DEFAULT_SOCKET})")
    parser.add_argument("--set-offset", metavar="X,Y", help="send setContentOffset once subscribed")
    parser.add_argument("--animated", action="store_true", help="animate the setContentOffset")
    parser.add_argument("--exit-after", metavar="MESSAGE", help="exit 0 after the first event with this name")
    parser.add_argument("--timeout", type=float, default=0, help="give up (exit 1) after this many seconds")
    args = parser.parse_args()

    deadline = time.monotonic() + args.timeout if args.timeout > 0 else None
    try:
        client = ControlClient(args.socket, timeout=args.timeout or None)
        state = client.request("state")["state"]
        offset = state["contentOffset"]
        print(f'state {offset["x"]:.3f} {offset["y"]:.3f} {state["zoomScale"]:.3f}', flush=True)
        client.request("subscribe")
        if args.set_offset:
            x, y = (float(v) for v in args.set_offset.split(","))
            client.request("setContentOffset", offset={"x": x, "y": y}, animated=args.animated)
        while True:
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError("no such event in time")
            event = client.next_event()
            if "contentOffset" in event:
                print_event(event)
            if args.exit_after and event["message"] == args.exit_after:
                return 0
    except KeyboardInterrupt:
        return 0
    except (OSError, ValueError, RuntimeError, ConnectionError) as error:
        print(f"touchscroll_client: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
