# Issue 3 acceptance, raw evdev backend through libevdev (--backend evdev), with and without --grab.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
node="$(e2e_evemu_device "$LI_DESC")"
e2e_check "evemu-device created $node" test -c "$node"

li_run evdev --backend evdev --device "$node"
e2e_check "the evdev backend opened $node" li_wait_log /results/evdev.run.log "reading $node"
sleep 0.5
e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/evdev.live.jsonl
li_stop
e2e_check_eq "SIGTERM ends the run with status 0" 0 "$LI_RUN_STATUS"
li_check_session evdev "$events"

# --grab: exclusive access; another reader of the node gets no events while it is held.
li_run grab --backend evdev --device "$node" --grab
e2e_check "the evdev backend grabbed $node" li_wait_log /results/grab.run.log "exclusive grab"
cat "$node" > /results/grab.other-reader.bin &
other=$!
evemu-record "$node" > /results/grab.evemu-record.txt 2>&1
e2e_check "evemu-record sees the device grabbed" grep -q "grabbed" /results/grab.evemu-record.txt
sleep 0.5
evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/grab.live.jsonl
kill "$other"; wait "$other" 2>/dev/null
e2e_check_eq "with --grab, another reader of the node got no bytes" 0 "$(stat -c %s /results/grab.other-reader.bin)"
li_stop
e2e_check_eq "SIGTERM ends the grabbing run with status 0" 0 "$LI_RUN_STATUS"
e2e_check "with --grab, touchscroll still read the touches" test "$(li_count down /results/grab.tee.jsonl)" -gt 0
e2e_finish
