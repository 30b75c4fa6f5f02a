#!/usr/bin/env bash
# Runs both client examples against a real `touchscroll daemon` (no input device: the control socket alone):
# each connects, reads the state, subscribes, sends a setContentOffset and prints the offsets it is told.
# Usage: examples/clients/check-clients.sh path/to/touchscroll
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
touchscroll="${1:?usage: check-clients.sh path/to/touchscroll}"
work="$(mktemp -d)"
daemon_pid=""
cleanup() { [[ -n "$daemon_pid" ]] && kill "$daemon_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "check-clients: $*" >&2; for f in "$work"/*.out "$work"/daemon.err; do [[ -f "$f" ]] && { echo "--- $f" >&2; cat "$f" >&2; }; done; exit 1; }

cc -O2 -Wall -Wextra -Werror -o "$work/touchscroll_client" "$here/touchscroll_client.c"

mkdir -p "$work/run" "$work/state"
"$touchscroll" daemon --config "$repo/config/example.yaml" --runtime-dir "$work/run" --state-dir "$work/state" \
    > /dev/null 2> "$work/daemon.err" &
daemon_pid=$!
for _ in $(seq 100); do [[ -S "$work/run/control.sock" ]] && break; sleep 0.1; done
[[ -S "$work/run/control.sock" ]] || fail "the daemon made no control socket"

# Python: an animated scroll from the configured offset (0, -64) to (0, 640), followed to its end.
python3 "$here/touchscroll_client.py" --socket "$work/run/control.sock" --set-offset 0,640 --animated \
    --exit-after scrollViewDidEndScrollingAnimation --timeout 10 > "$work/python.out" || fail "the Python client failed"
[[ "$(head -n1 "$work/python.out")" == "state 0.000 -64.000 1.000" ]] || fail "Python: first line is not the start state"
[[ "$(tail -n1 "$work/python.out")" == "scrollViewDidEndScrollingAnimation 0.000 640.000 1.000" ]] \
    || fail "Python: the animation did not end at (0, 640)"
# Every frame of the animation in between, moving down without going back.
awk '$1 == "scrollViewDidScroll" { if ($3 < last) bad = 1; last = $3; n++ } END { exit (n >= 5 && !bad) ? 0 : 1 }' \
    last=-64 "$work/python.out" || fail "Python: expected at least 5 increasing scrollViewDidScroll offsets"

# C: an instant scroll from where the Python client left it.
"$work/touchscroll_client" --socket "$work/run/control.sock" --set-offset 0,1200 \
    --exit-after scrollViewDidScroll --timeout 10 > "$work/c.out" || fail "the C client failed"
[[ "$(head -n1 "$work/c.out")" == "state 0.000 640.000 1.000" ]] || fail "C: first line is not the state the Python client left"
[[ "$(tail -n1 "$work/c.out")" == "scrollViewDidScroll 0.000 1200.000 1.000" ]] || fail "C: no scrollViewDidScroll at (0, 1200)"

# Both refuse what the daemon refuses: an unknown socket is a clean error, not a hang.
if python3 "$here/touchscroll_client.py" --socket "$work/run/none.sock" --timeout 2 2> "$work/err.out"; then fail "Python: connected to nothing"; fi
if "$work/touchscroll_client" --socket "$work/run/none.sock" --timeout 2 2> "$work/err.out"; then fail "C: connected to nothing"; fi

echo "check-clients: Python and C clients followed the daemon's stream ($(grep -c scrollViewDidScroll "$work/python.out") animation frames) and moved it"
