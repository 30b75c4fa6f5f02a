# The daemon with the raw evdev backend tracks its device like libinput does: STATUS names the touchscreen,
# an unplugged device is dropped (STATUS: no touchscreen), and when the node comes back it is opened again
# and read without a restart.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

mkfifo /tmp/control
exec 3<> /tmp/control
touchscroll daemon --config "$LI_CONFIG" --backend evdev --device "$node" --control-stdin \
    < /tmp/control > /results/evdev-replug.jsonl 2> /results/evdev-replug.log &
pid=$!
e2e_check "the daemon is ready" li_wait_log /results/evdev-replug.log "ready status=" 20
e2e_check "its status names the touchscreen" grep -q 'ready status="1 touchscreen' /results/evdev-replug.log

e2e_check "unplugged" e2e_evemu_unplug
e2e_check "the daemon drops the device" li_wait_log /results/evdev-replug.log "device removed: $node"
echo '{"id":1,"command":"state"}' >&3
e2e_check "and keeps answering" li_wait_log /results/evdev-replug.jsonl '"id":1,"ok":true'

e2e_evemu_device "$LI_DESC"
e2e_check_eq "the device comes back on the same node" "$node" "$E2E_EVEMU_NODE"
e2e_check "the daemon opens it again" li_wait_log /results/evdev-replug.log "$node is back"
e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/evdev-replug.jsonl
e2e_check "the replugged device's touches moved the content" grep -q '"message":"scrollViewDidEndDecelerating"\|"message":"scrollViewDidEndDragging"' /results/evdev-replug.jsonl

kill -TERM "$pid"; wait "$pid"; status=$?
exec 3>&-
e2e_check_eq "SIGTERM stops the daemon with status 0" 0 "$status"
cat /results/evdev-replug.log >&2
e2e_evemu_unplug
e2e_finish
