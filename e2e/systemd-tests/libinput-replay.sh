# `touchscroll record --format libinput` writes what libinput's own tools accept: in the systemd guest (a full
# Debian with libinput-tools and its python3-libevdev, python3-pyudev and python3-yaml), a uinput touchscreen's
# two-finger scroll is recorded, `libinput replay` replays the file through a uinput device of its own, and
# what that device sends (recorded again by touchscroll) has the same strokes as the original recording.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
e2e_check "libinput replay is installed" test -x /usr/libexec/libinput/libinput-replay

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
touchscroll record --device "$node" --format libinput --duration 8 /results/record.yml 2> /results/record.log &
rec=$!
e2e_check "record opened $node" e2e_wait_open "$rec" "$node" 20
e2e_check "evemu-play the scroll" evemu-play "$node" < "$events"
wait "$rec"
e2e_check "record wrote the udev section libinput replay needs" grep -q '^ *udev:' /results/record.yml
e2e_evemu_unplug

# libinput replay creates its device, prints its node and waits for Enter (fed through a fifo).
mkfifo /tmp/enter
exec 4<> /tmp/enter
PYTHONUNBUFFERED=1 libinput replay /results/record.yml < /tmp/enter > /results/replay.log 2>&1 &
replay=$!
e2e_check "libinput replay accepted the recording and created its device" \
    e2e_wait_until 30 grep -q '^/dev/input/event[0-9]*: ' /results/replay.log
replayed="$(sed -n 's|^\(/dev/input/event[0-9]*\): .*|\1|p' /results/replay.log | head -n 1)"
e2e_log "libinput replay device: $replayed"
touchscroll record --device "$replayed" --duration 8 /results/replayed.evemu 2> /results/replayed.log &
rec2=$!
e2e_check "record opened the replayed device" e2e_wait_open "$rec2" "$replayed" 20
echo >&4
wait "$rec2"
kill "$replay" 2>/dev/null; wait "$replay" 2>/dev/null
exec 4>&-
e2e_check "libinput replay reported no failure" sh -c "! grep -qi 'failed\|error' /results/replay.log"
cat /results/replay.log >&2

touchscroll replay --config "$LI_CONFIG" --tee-touches /results/original.touches /results/record.yml > /dev/null 2> /results/original.replay.log
touchscroll replay --config "$LI_CONFIG" --tee-touches /results/replayed.touches /results/replayed.evemu > /dev/null 2> /results/replayed.replay.log
e2e_check "the original recording has touches" test "$(li_count down /results/original.touches)" -gt 0
e2e_check "what libinput replay sent has the same strokes as the recording (within 1 px)" \
    li_strokes_match /results/original.touches /results/replayed.touches
e2e_finish
