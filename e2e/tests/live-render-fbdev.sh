# Live drawing on a real kernel: `touchscroll run --fb /dev/fb0` reads a uinput touchscreen through
# libinput and draws the content where the touches move it. Before the touch the screen shows the centre
# of a four-quadrant image; after a two-finger scroll it must show the quadrant under the final offset
# that the live stream reports.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

fixtures=/payload/tests/renderer-fixtures
events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"
touchscroll run --config "$fixtures/renderer.yaml" --device "$node" \
    --content "$fixtures/quadrants.png" --fb /dev/fb0 \
    > /results/live-render.live.jsonl 2> /results/live-render.run.log &
ts=$!
e2e_check "libinput (path) opened $node" li_wait_log /results/live-render.run.log "device added: $node"

# At rest on the centre: the top-left pixel shows the top-left quadrant, the bottom-right one the
# bottom-right quadrant.
pixels="$(e2e_screendump live-render-before 0,0 1279,799)"
e2e_check_eq "before: top-left pixel is the top-left quadrant" "0 0 $LI_TL" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "before: bottom-right pixel is the bottom-right quadrant" "1279 799 $LI_BR" "$(echo "$pixels" | sed -n 2p)"

e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/live-render.live.jsonl
last="$(grep '"message":"scrollViewDidEnd' /results/live-render.live.jsonl | tail -n 1)"
ox="$(echo "$last" | sed -n 's/.*"contentOffset":{"x":\([-0-9.]*\),"y":\([-0-9.]*\)}.*/\1/p')"
oy="$(echo "$last" | sed -n 's/.*"contentOffset":{"x":\([-0-9.]*\),"y":\([-0-9.]*\)}.*/\2/p')"
e2e_check "the stream reports where the content came to rest ($ox, $oy)" test -n "$oy"
e2e_check "the scroll moved the content (y $oy != 400)" sh -c "[ \"$oy\" != 400 ]"

pixels="$(e2e_screendump live-render-after 0,0 1279,799)"
echo "$pixels" > /results/live-render-pixels.txt
e2e_check_eq "after: top-left pixel is the quadrant under ($ox, $oy)" \
    "0 0 $(li_quadrant "$ox" "$oy")" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "after: bottom-right pixel is the quadrant under ($ox + 1279, $oy + 799)" \
    "1279 799 $(li_quadrant "$(awk -v o="$ox" 'BEGIN { print o + 1279 }')" "$(awk -v o="$oy" 'BEGIN { print o + 799 }')")" \
    "$(echo "$pixels" | sed -n 2p)"

kill -TERM "$ts"; wait "$ts"; status=$?
e2e_check_eq "SIGTERM ends the run with status 0" 0 "$status"
cat /results/live-render.run.log >&2
e2e_finish
