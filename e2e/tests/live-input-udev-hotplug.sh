# Issue 3 acceptance, libinput udev backend with hotplug: touchscroll starts first, the touchscreen is
# created afterwards (uinput via evemu-device), a real recording is played through the kernel.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
li_run udev
sleep 1
e2e_check "run (udev seat0) is running with no touchscreen present" kill -0 "$LI_RUN_PID"
e2e_check "it has written the stream header" li_wait_log /results/udev.live.jsonl '"message":"header"'
node="$(e2e_evemu_device "$LI_DESC")"
e2e_check "libinput announced the hotplugged device $node" li_wait_log /results/udev.run.log "device added: $node"
sleep 0.5
e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/udev.live.jsonl
li_stop
e2e_check_eq "SIGTERM ends the run with status 0" 0 "$LI_RUN_STATUS"
li_check_session udev "$events"
grep -q "stopped:" /results/udev.run.log && e2e_log "$(grep 'stopped:' /results/udev.run.log)"
e2e_finish
