#!/usr/bin/env bash
# Replay throughput and memory, as ratios to baselines measured in the same run.
#
#   throughput: `touchscroll replay FILE > /dev/null` against `wc -l FILE` (the cost of merely reading
#               the lines), on the largest bundled recording concatenated 10 times;
#   memory:     peak RSS replaying the 10x file against the 1x file (streaming keeps it flat: ~1.0).
#
# Usage: bench/replay.sh BINARY [RECORDING]
set -euo pipefail
bin=${1:?usage: bench/replay.sh BINARY [RECORDING]}
src=${2:-"recordings/evemu-devices/tablets-finger/Wacom DTH2242 Finger.events"}
work=.build/bench
mkdir -p "$work"
one="$work/replay-1x.events"
ten="$work/replay-10x.events"
cp "$src" "$one"
# The 10x file: the header once, then the events ten times, each copy shifted after the previous one
# (times stay increasing, as in one long session).
python3 - "$src" "$ten" <<'PY'
import sys
src, out = sys.argv[1], sys.argv[2]
header, events = [], []
for line in open(src):
    (events if line.startswith("E:") else header if not events else events).append(line)
def t(line):
    return float(line.split()[1])
first, last = t(events[0]), t(events[-1])
span = last - first + 1.0
with open(out, "w") as f:
    f.writelines(header)
    for k in range(10):
        for line in events:
            if line.startswith("E:"):
                parts = line.split(" ", 2)
                f.write("E: %.6f %s" % (t(line) + k * span, parts[2]))
PY

best() { # best wall time of N runs of a command, seconds
    local n=$1; shift
    local best=""
    for _ in $(seq "$n"); do
        local s e
        s=$(date +%s%N); "$@" > /dev/null; e=$(date +%s%N)
        local d=$(( e - s ))
        if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
    done
    python3 -c "print('%.6f' % ($best / 1e9))"
}
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }

lines=$(wc -l < "$ten")
wc_s=$(best 5 wc -l "$ten")
replay_s=$(best 3 "$bin" replay "$ten")
rss1=$(rss "$bin" replay "$one")
rss10=$(rss "$bin" replay "$ten")
python3 - "$lines" "$wc_s" "$replay_s" "$rss1" "$rss10" "$src" <<'PY'
import sys
lines, wc_s, replay_s, rss1, rss10, src = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
print(f"replay throughput  {src} x10: {lines} lines")
print(f"  wc -l            {wc_s*1000:9.2f} ms   (baseline)")
print(f"  touchscroll replay {replay_s*1000:7.2f} ms   = {replay_s/wc_s:7.1f} x wc -l   ({lines/replay_s/1e6:.2f} M lines/s)")
print(f"replay memory (peak RSS)")
print(f"  1x               {rss1/1024:9.1f} MiB  (baseline)")
print(f"  10x              {rss10/1024:9.1f} MiB  = {rss10/rss1:5.2f} x 1x   (flat means streaming)")
PY
