# display.blankAfter on a real kernel: the daemon powers the panel down after 5 s without input — read
# back from the kernel (DRM: the connector's DPMS in sysfs; fbdev: FBIOBLANK through the DRM fbdev
# emulation turns the CRTC off, read from DRM's debugfs state) —, sleeps while it is dark (no context
# switch of any of its threads over 3 s), wakes at a touch that it swallows (no delegate message, the
# screen shows the same pixels), and the next touch scrolls. On /dev/fb0 and on /dev/dri/card0.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

fixtures=/payload/tests/renderer-fixtures
events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
[ -d /sys/kernel/debug/dri ] || mount -t debugfs none /sys/kernel/debug

# connector_dpms — "On" or "Off", the DPMS state of the (only) connector of card0.
connector_dpms() { cat /sys/class/drm/card0-*/dpms | head -n 1; }
# crtc_active — 1 or 0: whether card0's CRTC scans out (debugfs atomic state).
crtc_active() { sed -n 's/^[[:space:]]*active=\([01]\)$/\1/p' /sys/kernel/debug/dri/0/state | head -n 1; }
# switches PID — context switches of all the process's threads so far.
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ { n += $2 } END { print n }'; }
messages() { grep -c '"message"' "$1"; }
# state_is CMD VALUE — CMD (connector_dpms or crtc_active) prints VALUE.
state_is() { [ "$($1)" = "$2" ]; }

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

# blank_on NAME KEY DEVICE STATE-CMD ON OFF  (screendumps in $(…), a subshell, as the other tests do: the
# test's own shell must not open the result port, which would make it its controlling terminal)
blank_on() {
    local name="$1" key="$2" device="$3" state="$4" on="$5" off="$6" pid status before after lines
    cat > "/tmp/$name.yaml" <<YAML
screen: { width: 1280, height: 800 }
scrollView:
  contentOffset: { x: 640, y: 400 }
display:
  content: $fixtures/quadrants.png
  $key: $device
  blankAfter: 5
YAML
    touchscroll daemon --config "/tmp/$name.yaml" --device "$node" > "/results/$name.jsonl" 2> "/results/$name.log" &
    pid=$!
    e2e_check "$name: the daemon is ready" li_wait_log "/results/$name.log" "ready status=" 20
    e2e_check_eq "$name: the panel is on" "$on" "$($state)"
    echo "$(e2e_screendump "$name-before" 0,0 1279,799 640,400 320,200 960,600)" > "/results/$name-before.txt"

    e2e_check "$name: the panel is powered down after 5 s idle" e2e_wait_until 20 state_is "$state" "$off"
    e2e_check "$name: the daemon logged it" li_wait_log "/results/$name.log" "display blanked after 5.0 s" 5
    sleep 0.5
    before="$(switches "$pid")"
    sleep 3
    after="$(switches "$pid")"
    e2e_check_eq "$name: no wakeup while dark (context switches over 3 s)" "$before" "$after"

    # The waking scroll, then quickly (the panel blanks again 5 s after its last lift): the panel is on,
    # shows the frame it showed, and the scroll reached nothing.
    lines="$(messages "/results/$name.jsonl")"
    e2e_check "$name: a two-finger scroll wakes it" evemu-play "$node" < "$events"
    e2e_check "$name: the panel is on again" e2e_wait_until 2 state_is "$state" "$on"
    echo "$(e2e_screendump "$name-woken" 0,0 1279,799 640,400 320,200 960,600)" > "/results/$name-woken.txt"
    e2e_check_eq "$name: the frame comes back as it was" "$(cat "/results/$name-before.txt")" "$(cat "/results/$name-woken.txt")"
    e2e_check_eq "$name: the waking scroll was swallowed (no delegate message)" "$lines" "$(messages "/results/$name.jsonl")"

    e2e_check "$name: the next scroll, while the panel is on, scrolls" evemu-play "$node" < "$events"
    e2e_check "$name: the stream reports it" li_wait_log "/results/$name.jsonl" '"message":"scrollViewWillBeginDragging"' 10
    e2e_check "$name: the daemon logged one wake" sh -c "[ \$(grep -c 'display woken by input' '/results/$name.log') = 1 ]"

    kill -TERM "$pid"; wait "$pid"; status=$?
    e2e_check_eq "$name: SIGTERM stops the daemon with status 0" 0 "$status"
    cat "/results/$name.log" >&2
}

blank_on blank-drm drm /dev/dri/card0 connector_dpms On Off
blank_on blank-fb fb /dev/fb0 crtc_active 1 0
e2e_evemu_unplug
e2e_finish
