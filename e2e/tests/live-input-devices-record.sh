# Issue 3 acceptance: `touchscroll devices` lists a real (uinput) touchscreen with its ranges, and
# `touchscroll record` captures a session played through the kernel that replays identically.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

node="$(e2e_evemu_device "$LI_DESC")"
e2e_check "evemu-device created $node" test -c "$node"

# --- devices -------------------------------------------------------------------------------------------
touchscroll devices > /results/devices.txt 2> /results/devices.log
e2e_check "devices (udev) exits 0" test $? -eq 0
e2e_check "devices lists $node as a touchscreen named EP0430M09" grep -q "^$node  touchscreen  \"EP0430M09\"" /results/devices.txt
e2e_check "devices shows its x range 0…1279" sh -c "grep -A1 '^$node ' /results/devices.txt | grep -q 'x 0…1279'"
e2e_check "devices shows its y range 0…767" sh -c "grep -A1 '^$node ' /results/devices.txt | grep -q 'y 0…767'"
e2e_check "devices shows its 5 slots" sh -c "grep -A1 '^$node ' /results/devices.txt | grep -q '5 slots'"
touchscroll devices --device "$node" --json > /results/devices.json
e2e_check "devices --json has kind touchscreen" grep -q '"kind" : "touchscreen"' /results/devices.json
e2e_check "devices --json has maximum 1279 and 767" sh -c "grep -q '\"maximum\" : 1279' /results/devices.json && grep -q '\"maximum\" : 767' /results/devices.json"
e2e_check "devices --json has the bus of the description (I: 0018 → i2c)" grep -q '"bus" : "i2c"' /results/devices.json

# --- record: evemu and libinput formats, against evemu-record of the same play --------------------------
events="$LI_DEVICES/EP0430M09.2-finger-scroll-down.events"
touchscroll record --device "$node" --duration 15 /results/record.evemu 2> /results/record.log &
rec=$!
touchscroll record --device "$node" --format libinput --duration 15 /results/record.yml 2> /results/record-libinput.log &
rec_yaml=$!
evemu-record "$node" > /results/reference.evemu 2>/dev/null &
ref=$!
# Both recorders log once the node is open; only then is every event of the play queued for them.
e2e_check "record (evemu) has the device open" li_wait_log /results/record.log "recording $node" 20
e2e_check "record (libinput) has the device open" li_wait_log /results/record-libinput.log "recording $node" 20
e2e_check "evemu-record has the device open" li_wait_log /results/reference.evemu "^E:\|# Supported events" 20
sleep 1
e2e_check "evemu-play $(basename "$events")" evemu-play "$node" < "$events"
wait "$rec"; rec_status=$?
wait "$rec_yaml"; rec_yaml_status=$?
kill -INT "$ref"; wait "$ref" 2>/dev/null
e2e_check_eq "record (evemu) stops after --duration with status 0" 0 "$rec_status"
e2e_check_eq "record (libinput) stops after --duration with status 0" 0 "$rec_yaml_status"
grep '^E:' /results/record.evemu | awk '{ print $3, $4, $5 }' > /results/record.events
grep '^E:' /results/reference.evemu | awk '{ print $3, $4, $5 }' > /results/reference.events
e2e_check "record captured events" test -s /results/record.events
e2e_check "record captured the same events as evemu-record (types, codes, values)" cmp /results/record.events /results/reference.events

touchscroll replay --config "$LI_CONFIG" --tee-touches /results/record.touches /results/record.evemu > /results/record.replay.jsonl 2> /results/record.replay.log
e2e_check "the evemu recording replays" test $? -eq 0
touchscroll replay --config "$LI_CONFIG" --tee-touches /results/record-yml.touches /results/record.yml > /results/record-yml.replay.jsonl 2> /results/record-yml.replay.log
e2e_check "the libinput-record recording replays" test $? -eq 0
touchscroll replay --config "$LI_CONFIG" --tee-touches /results/reference.touches /results/reference.evemu > /results/reference.replay.jsonl 2> /results/reference.replay.log
touchscroll replay --config "$LI_CONFIG" --desc "$LI_DESC" --tee-touches /results/original.touches "$events" > /results/original.replay.jsonl 2> /results/original.replay.log
# evemu-record stamps with CLOCK_REALTIME, record with CLOCK_MONOTONIC: the touches are compared without times.
cut -d, -f2- /results/record.touches > /results/record.touches-untimed
cut -d, -f2- /results/reference.touches > /results/reference.touches-untimed
e2e_check "record's session replays to the same touches as evemu-record's" cmp /results/record.touches-untimed /results/reference.touches-untimed
e2e_check "the evemu and libinput-record files replay identically" cmp /results/record.replay.jsonl /results/record-yml.replay.jsonl
e2e_check "record's touches match the original recording's within 1 px" li_strokes_match /results/original.touches /results/record.touches
kill "$(pidof evemu-device)" 2>/dev/null
e2e_finish
