# Issue 3 acceptance, libinput path backend: --device NODE, a real two-finger recording.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
node="$(e2e_evemu_device "$LI_DESC")"
e2e_check "evemu-device created $node" test -c "$node"
li_run path --device "$node"
e2e_check "libinput (path) opened $node" li_wait_log /results/path.run.log "device added: $node"
sleep 0.5
e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
e2e_check "the stream settles" li_wait_quiet /results/path.live.jsonl
li_stop
e2e_check_eq "SIGTERM ends the run with status 0" 0 "$LI_RUN_STATUS"
li_check_session path "$events"
e2e_finish
