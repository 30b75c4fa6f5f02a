# The daemon draws from its configuration file alone: a display: section (content and fb or drm), no drawing
# flags. On /dev/fb0 and then on DRM/KMS: the content at rest is on the screen, a replayed two-finger scroll
# moves the pixels to the offset the stream reports, and a control client's animated setContentOffset
# (over --control-stdin) moves them again; every screendump is checked against the reported offset.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

fixtures=/payload/tests/renderer-fixtures
events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
plus() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }
offset_of() { sed -n "s/.*\"contentOffset\":{\"x\":\([-0-9.]*\),\"y\":\([-0-9.]*\)}.*/\\$1/p"; }

# check_screen NAME X Y — the screen's corners show the content under offset (X, Y).
check_screen() {
    local pixels
    pixels="$(e2e_screendump "$1" 0,0 1279,799)"
    echo "$pixels" > "/results/$1-pixels.txt"
    e2e_check_eq "$1: top-left pixel is the content under ($2, $3)" "0 0 $(li_quadrant "$2" "$3")" "$(echo "$pixels" | sed -n 1p)"
    e2e_check_eq "$1: bottom-right pixel is the content under ($2 + 1279, $3 + 799)" \
        "1279 799 $(li_quadrant "$(plus "$2" 1279)" "$(plus "$3" 799)")" "$(echo "$pixels" | sed -n 2p)"
}

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

# draw_on NAME KEY DEVICE — one daemon drawing on DEVICE, named by the configuration's display.KEY.
draw_on() {
    local name="$1" key="$2" device="$3" pid status last ox oy
    cat > "/tmp/$name.yaml" <<YAML
screen: { width: 1280, height: 800 }
scrollView:
  contentOffset: { x: 640, y: 400 }
display:
  content: $fixtures/quadrants.png
  $key: $device
YAML
    mkfifo "/tmp/$name.control"
    exec 3<> "/tmp/$name.control"      # read-write: opening never blocks
    touchscroll daemon --config "/tmp/$name.yaml" --device "$node" --control-stdin \
        < "/tmp/$name.control" > "/results/$name.jsonl" 2> "/results/$name.log" &
    pid=$!
    e2e_check "$name: the daemon is ready" li_wait_log "/results/$name.log" "ready status=" 20
    e2e_check "$name: its status names the touchscreen" grep -q 'ready status="1 touchscreen' "/results/$name.log"
    check_screen "$name-start" 640 400

    e2e_check "$name: evemu-play $(basename "$events")" evemu-play "$node" < "$events"
    e2e_check "$name: the stream settles" li_wait_quiet "/results/$name.jsonl"
    last="$(grep '"message":"scrollViewDidEnd' "/results/$name.jsonl" | tail -n 1)"
    ox="$(echo "$last" | offset_of 1)"; oy="$(echo "$last" | offset_of 2)"
    e2e_check "$name: the scroll moved the content (y $oy != 400)" sh -c "[ -n \"$oy\" ] && [ \"$oy\" != 400 ]"
    check_screen "$name-flick" "$ox" "$oy"

    echo '{"id":1,"command":"setContentOffset","offset":{"x":100,"y":50},"animated":true}' >&3
    e2e_check "$name: the animated setContentOffset ends" \
        li_wait_log "/results/$name.jsonl" '"message":"scrollViewDidEndScrollingAnimation"' 10
    last="$(grep '"message":"scrollViewDidEndScrollingAnimation"' "/results/$name.jsonl" | tail -n 1)"
    ox="$(echo "$last" | offset_of 1)"; oy="$(echo "$last" | offset_of 2)"
    e2e_check_eq "$name: the stream reports the requested offset" "100 50" "$ox $oy"
    e2e_check "$name: the animation was reported frame by frame" \
        sh -c "[ \$(grep -c '\"scrollAnimating\":true' '/results/$name.jsonl') -gt 5 ]"
    check_screen "$name-control" "$ox" "$oy"

    kill -TERM "$pid"; wait "$pid"; status=$?
    exec 3>&-
    e2e_check_eq "$name: SIGTERM stops the daemon with status 0" 0 "$status"
    e2e_check "$name: it drew frames" grep -q "frames drawn" "/results/$name.log"
    cat "/results/$name.log" >&2
}

draw_on daemon-fb fb /dev/fb0
draw_on daemon-drm drm /dev/dri/card0
e2e_evemu_unplug
e2e_finish
