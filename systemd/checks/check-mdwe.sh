#!/usr/bin/env bash
# Runs `touchscroll daemon` for a second under the kernel's memory-deny-write-execute (what
# MemoryDenyWriteExecute=yes enforces), then stops it with SIGTERM: it must start (Swift runtime,
# Foundation, libinput, the run loop) and exit 0. Exit 77 from run-with-mdwe.py: the kernel lacks it.
#
# usage: check-mdwe.sh BINARY
set -uo pipefail
binary=$1
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/state" "$work/run"
"$here/run-with-mdwe.py" "$binary" daemon --touch-only --state-dir "$work/state" --runtime-dir "$work/run" \
  > /dev/null 2> "$work/log" &
pid=$!
for _ in $(seq 50); do
  [ -S "$work/run/control.sock" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" = 77 ]; then
  echo "MemoryDenyWriteExecute: kernel without PR_SET_MDWE, not checked"
  exit 0
fi
if [ "$status" != 0 ] || ! grep -q "ready" "$work/log"; then
  echo "MemoryDenyWriteExecute: touchscroll daemon failed under MDWE (exit $status):" >&2
  cat "$work/log" >&2
  exit 1
fi
echo "MemoryDenyWriteExecute: touchscroll daemon started, served and stopped with write-xor-execute memory"
