# One key rotates the display and the touchscreen together: a 1280x800 panel mounted portrait is configured as
# `screen: { width: 800, height: 1280, rotation: 90 }` and nothing else (no --rotation flag, no udev matrix).
# The daemon draws the quadrants picture turned on /dev/fb0; four taps, one in each quarter of the panel, are
# sent in the touchscreen's own (unrotated) units. For each tap the stream reports the content point it hit,
# and the pixel of the panel under the finger must show that content point's colour: what the user sees
# under the finger is what the finger touched. The four taps must hit four different colours.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

fixtures=/payload/tests/renderer-fixtures
e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

# The screen (800x1280 as the user sees it) at offset (880, 160) shows all four quadrants of the 2560x1600
# picture, split at screen x 400 and y 640.
cat > /tmp/rotated.yaml <<YAML
screen: { width: 800, height: 1280, rotation: 90 }
scrollView:
  contentOffset: { x: 880, y: 160 }
contentViews:
  - { id: page, frame: { x: 0, y: 0, width: 2560, height: 1600 } }
display:
  content: $fixtures/quadrants.png
  fb: /dev/fb0
YAML
touchscroll daemon --config /tmp/rotated.yaml --device "$node" > /results/rotated.jsonl 2> /results/rotated.log &
pid=$!
e2e_check "the daemon is ready" li_wait_log /results/rotated.log "ready status=" 20

# Four taps in device units (x 0…1279, y 0…767 across the 1280x800 panel), one second apart.
taps="320 192
960 192
320 576
960 576"
: > /tmp/taps.events
t=1
echo "$taps" | while read -r rx ry; do
    printf 'E: %d.000000 0003 0039 %04d\nE: %d.000000 0003 0035 %04d\nE: %d.000000 0003 0036 %04d\n' "$t" "$t" "$t" "$rx" "$t" "$ry"
    printf 'E: %d.000000 0001 014a 0001\nE: %d.000000 0003 0000 %04d\nE: %d.000000 0003 0001 %04d\nE: %d.000000 0000 0000 0000\n' "$t" "$t" "$rx" "$t" "$ry" "$t"
    printf 'E: %d.050000 0003 0039 -001\nE: %d.050000 0001 014a 0000\nE: %d.050000 0000 0000 0000\n' "$t" "$t" "$t"
    t=$((t + 1))
done > /tmp/taps.events
e2e_check "evemu-play four taps" evemu-play "$node" < /tmp/taps.events
e2e_check "the stream has four taps" li_wait_log /results/rotated.jsonl '"message":"tap"' 10
sleep 1
e2e_check_eq "exactly four taps reported" 4 "$(grep -c '"message":"tap"' /results/rotated.jsonl)"

colours=""
i=1
while read -r rx ry; do
    line="$(grep '"message":"tap"' /results/rotated.jsonl | sed -n "${i}p")"
    cx="$(echo "$line" | sed -n 's/.*"contentPoint":{"x":\([-0-9.]*\),"y":\([-0-9.]*\)}.*/\1/p')"
    cy="$(echo "$line" | sed -n 's/.*"contentPoint":{"x":\([-0-9.]*\),"y":\([-0-9.]*\)}.*/\2/p')"
    # The panel pixel under the finger: device units scaled onto the 1280x800 panel.
    px=$(awk -v r="$rx" 'BEGIN { printf "%d", r * 1280 / 1280 }')
    py=$(awk -v r="$ry" 'BEGIN { printf "%d", r * 800 / 768 }')
    expected="$(li_quadrant "$cx" "$cy")"
    pixel="$(e2e_screendump "rotated-tap$i" "$px,$py" | sed -n 1p)"
    echo "# tap $i: device ($rx, $ry) = panel ($px, $py) -> content ($cx, $cy), expected colour $expected, panel shows $pixel"
    e2e_check_eq "tap $i: the panel under the finger shows the content point the stream reports" "$px $py $expected" "$pixel"
    colours="$colours$expected
"
    i=$((i + 1))
done <<EOF2
$taps
EOF2
e2e_check_eq "the four taps hit the four quadrants" 4 "$(printf '%s' "$colours" | sort -u | grep -c .)"

kill -TERM "$pid"; wait "$pid"
e2e_check_eq "SIGTERM stops the daemon with status 0" 0 "$?"
e2e_evemu_unplug
e2e_finish
