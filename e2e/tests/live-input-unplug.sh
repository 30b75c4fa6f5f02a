# Issue 3 acceptance: a touchscreen unplugged mid-gesture (evemu-device killed while a finger is down):
# its touches are cancelled, the content settles inside its bounds, the process keeps running, and a
# touchscreen plugged in afterwards is read without a restart. Then the live stream still equals the
# replay of the touches it read (the cancel included).
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

events="$LI_DEVICES/EP0430M09.1-finger-drag-up-down.events"
# The first half of the drag: ends at a SYN_REPORT with the finger still down.
awk '/^E:/ { n++ } { print } n >= 300 && /^E: [0-9.]+ 0000 0000 0000/ { exit }' "$events" > /tmp/half-drag.events
e2e_check "the cut recording ends with the finger down" \
    test "$(grep -c '0003 0039 -001' /tmp/half-drag.events)" -eq 0

li_run unplug
sleep 1
node="$(e2e_evemu_device "$LI_DESC")"
# e2e_evemu_device runs in a command substitution, so its $E2E_EVEMU_PID stays there: the only
# evemu-device process of this guest is the one just started.
evemu_pid="$(pidof evemu-device)"
e2e_check "libinput picked up $node" li_wait_log /results/unplug.run.log "device added: $node"
sleep 0.5
evemu-play "$node" < /tmp/half-drag.events
sleep 0.3
kill "$evemu_pid"
tries=50; while [ -e "$node" ] && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
e2e_check "killing evemu-device unplugged $node" test ! -e "$node"
e2e_check "libinput reported the removal" li_wait_log /results/unplug.run.log "device removed: $node"
e2e_check "the touch still down was cancelled" test "$(li_count cancel /results/unplug.tee.jsonl)" -ge 1
e2e_check "the stream settles" li_wait_quiet /results/unplug.live.jsonl
e2e_check "the process is still running" kill -0 "$LI_RUN_PID"
last="$(tail -n 1 /results/unplug.live.jsonl)"
echo "$last" > /results/unplug.last-line.json
e2e_check "the content is at rest (not tracking, dragging or decelerating)" \
    sh -c "echo '$last' | grep -q '\"tracking\":false,\"dragging\":false,\"decelerating\":false,\"scrollAnimating\":false'"
offset_y="$(echo "$last" | sed -n 's/.*"contentOffset":{"x":[^,]*,"y":\([^}]*\)}.*/\1/p')"
e2e_check "the content offset ($offset_y) is inside the bounds 0…5232" \
    awk -v y="$offset_y" 'BEGIN { exit !(y != "" && y >= 0 && y <= 6000 - 768) }'

# Plugged back in: a new device is read without a restart.
downs_before="$(li_count down /results/unplug.tee.jsonl)"
node2="$(e2e_evemu_device "$LI_DESC")"
evemu_pid2="$(pidof evemu-device)"
e2e_check "libinput picked up the new device $node2" li_wait_log /results/unplug.run.log "device added: $node2"
sleep 0.5
evemu-play "$node2" < "$events"
e2e_check "the stream settles again" li_wait_quiet /results/unplug.live.jsonl
e2e_check "touches of the new device were read" test "$(li_count down /results/unplug.tee.jsonl)" -gt "$downs_before"
li_stop
e2e_check_eq "SIGTERM ends the run with status 0" 0 "$LI_RUN_STATUS"
touchscroll replay --config "$LI_CONFIG" /results/unplug.tee.jsonl > /results/unplug.tee-replay.jsonl 2> /results/unplug.tee-replay.log
e2e_check "live JSON equals byte for byte the replay of --tee-touches (cancel included)" \
    cmp /results/unplug.live.jsonl /results/unplug.tee-replay.jsonl
kill "$evemu_pid2" 2>/dev/null
e2e_finish
