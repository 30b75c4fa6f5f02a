# touchscroll as a user deploys it, under Debian's systemd as PID 1 (docs/deployment.md), in one boot:
# the files come from `make install DESTDIR=…` (PREFIX=/usr/local), unchanged; the unit, the udev rule and the
# sysusers file are the shipped ones. Runs in the systemd guest (e2e/build-systemd-image.sh), as root.
#   install   the installed binary runs in this clean root (no Swift toolchain, no library missing)
#   boot      no touchscreen: the service is not running and logged nothing at warning or above
#   hotplug   a uinput touchscreen makes udev start it; READY as a dynamic non-root user in input and video;
#             the status names the device; a flick arrives on a kiosk user's control-socket subscription
#   group     the kiosk user (in touchscroll-control) may use the socket, another user may not
#   reload    a broken file: `systemctl reload` fails, the reason is in `systemctl status`, the service stays;
#             a good file: applied
#   stop      `systemctl stop` saves the state, `systemctl start` comes back at the same offset
#   watchdog  a stopped (SIGSTOP) daemon is restarted by the watchdog and restores the saved offset
#   unplug    the touchscreen goes away mid-drag: the service keeps running; another one is read at once
#   config    an invalid configuration at start stops the unit (failed), no restart loop
#   journal   the daemon's <N> prefixes are journald priorities: -p warning finds the warnings and only them
. /usr/lib/e2e/lib.sh

unit=touchscroll.service
sock=/run/touchscroll/control.sock
config=/etc/touchscroll/touchscroll.yaml
state=/var/lib/private/touchscroll/state.json
synthetic=/payload/recordings/synthetic
screens=/payload/shared/recordings/evemu-devices/touchscreens

prop() { systemctl show -p "$1" --value "$unit"; }
now() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
is_active() { [ "$(prop ActiveState)" = active ]; }
is_state() { [ "$(prop ActiveState)" = "$1" ]; }
# request JSON — one request on a fresh control connection (as root); prints the reply line.
request() { printf '%s\n' "$1" | timeout 30 socat -t 20 - "UNIX-CONNECT:$sock" | head -n1; }
offset_y() { sed -n 's/.*"contentOffset":{"x":[^,]*,"y":\([-0-9.e+]*\)}.*/\1/p' | tail -n1; }
state_y() { request '{"id":9,"command":"state"}' | offset_y; }
close_enough() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && b != "" && d < 0.001) }'; }
grep_q() { grep -q "$@" 2>/dev/null; }
# subscribe NAME USER — a subscription on the control socket as USER, events into /results/NAME.jsonl.
subscribe() {
    (printf '{"id":1,"command":"subscribe"}\n'; sleep 100000) |
        e2e_as_user "$2" socat - "UNIX-CONNECT:$sock" > "/results/$1.jsonl" 2> "/results/$1.err" &
    e2e_wait_until 30 grep_q '"id":1,"ok":true' "/results/$1.jsonl"
}
# at_rest_after FILE LINES — the subscription FILE has a rest event (end of deceleration / of dragging
# without momentum) after its first LINES lines.
rest_after() { tail -n +"$(( $2 + 1 ))" "$1" | grep -q 'scrollViewDidEndDecelerating\|"willDecelerate":false'; }
lines() { wc -l < "$1"; }
status_says() { prop StatusText | grep -qF "$1"; }
give_up() { e2e_log "$1"; systemctl status --no-pager -l "$unit" >&2; e2e_finish; }

# --- install: the binary of `make install` runs here, where there is no Swift toolchain -------------------------
bin=/usr/local/bin/touchscroll
e2e_check "the installed binary runs in a root without a Swift toolchain" sh -c "[ ! -e /opt/swift ] && $bin --version"
e2e_check "no library it needs is missing" sh -c "! ldd $bin | grep -q 'not found'"
e2e_check "the installed configuration reads touchscreens only (input.touchOnly: true)" \
    grep -q '^  touchOnly: true' "$config"
# The documented step after installing (here the image's first boot may have run it already: it is idempotent).
e2e_check "systemd-sysusers reads the installed sysusers.d file" systemd-sysusers
e2e_check "the control group exists" getent group touchscroll-control

# --- boot: no touchscreen, no service, no warnings ---------------------------------------------------------------
e2e_check_eq "no touchscreen at boot: the service is not running" inactive "$(prop ActiveState)"
journalctl -b -p warning --no-pager -o short-monotonic > /results/boot-warnings.txt
e2e_check "nothing about touchscroll at warning or above in the boot's journal" \
    sh -c "! grep -i touchscroll /results/boot-warnings.txt"
e2e_check "nothing at all at warning or above but the kernel's lines about the emulated machine" \
    sh -c "! grep -v ' kernel: ' /results/boot-warnings.txt"

# --- hotplug: udev starts the service, READY as a dynamic user -------------------------------------------------
useradd --system --no-create-home --groups touchscroll-control kiosk
useradd --system --no-create-home outsider
plugged="$(now)"
e2e_evemu_device "$synthetic/flick.evemu"
first="$E2E_EVEMU_NODE"
e2e_check "udev started touchscroll.service for the new touchscreen and it reached READY" e2e_wait_until 120 is_active
e2e_log "READY $(elapsed "$plugged") s after the touchscreen appeared; status: $(prop StatusText)"
is_active || give_up "the service did not start"
pid="$(prop MainPID)"
uid="$(sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$pid/status")"
groups=" $(sed -n 's/^Groups:[[:space:]]*//p' "/proc/$pid/status") "
e2e_log "main pid $pid: uid $uid, gid $(sed -n 's/^Gid:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$pid/status"), groups$groups"
e2e_check "it runs as a dynamic user (uid $uid), not root" sh -c "[ $uid -ge 61184 ] && [ $uid -le 65519 ]"
e2e_check "in the input group" sh -c "echo '$groups' | grep -q ' $(getent group input | cut -d: -f3) '"
e2e_check "in the video group" sh -c "echo '$groups' | grep -q ' $(getent group video | cut -d: -f3) '"
e2e_check "its primary group is touchscroll-control" \
    sh -c "grep -q \"^Gid:[[:space:]]*$(getent group touchscroll-control | cut -d: -f3)[[:space:]]\" /proc/$pid/status"
e2e_check "StatusText names the touchscreen" status_says "1 touchscreen (touchscroll synthetic touchscreen)"

# --- the control socket: the kiosk user subscribes, another user is refused -------------------------------------
e2e_check "the control socket is /run/touchscroll/control.sock" test -S "$sock"
e2e_check "a kiosk user in touchscroll-control subscribes" subscribe kiosk kiosk
e2e_check "a user outside the group cannot connect" sh -c "! /usr/bin/setpriv --reuid=outsider --regid=outsider --init-groups \
    socat -u /dev/null UNIX-CONNECT:$sock 2>/dev/null"
e2e_check "evemu-play replayed a flick through the kernel" evemu-play "$first" < "$synthetic/flick.evemu"
e2e_check "the flick arrived on the subscription and the content came to rest" e2e_wait_until 60 rest_after /results/kiosk.jsonl 1
flicked="$(grep scrollViewDidScroll /results/kiosk.jsonl | offset_y)"
e2e_check "the flick moved the content down the page (y=$flicked)" awk -v y="$flicked" 'BEGIN { exit !(y + 0 > 100) }'
# The status rounds to one decimal and drops a trailing .0 (StatusSummary).
short="$(awk -v v="$flicked" 'BEGIN { r = int(v * 10 + 0.5) / 10; if (r == int(r)) printf "%d", r; else printf "%.1f", r }')"
e2e_check "the status reports the offset at rest (0, $short)" e2e_wait_until 10 status_says "at rest, offset (0, $short)"

# --- input.touchOnly: true (the installed configuration): the keyboard is not read ---------------------------------
# The guest's i8042 keyboard (event0 "AT Translated Set 2 keyboard"). The daemon must not hold its node open
# (libinput suspends it), and events written to the node — they reach every reader, as a keypress would — must
# not scroll: Page Down would scroll by a page. Absence cannot be waited for: the daemon gets 2 s to react, then
# the subscription and the offset must be unchanged.
holds() { for fd in /proc/"$1"/fd/*; do [ "$(readlink "$fd")" = "$2" ] && return 0; done; return 1; }
not() { ! "$@"; }
keyboard="$(grep -l 'keyboard' /sys/class/input/event*/device/name | head -n1 | sed 's|/sys/class/input/\(event[0-9]*\)/.*|/dev/input/\1|')"
e2e_check "the status counts the touchscreen only" sh -c "! systemctl show -p StatusText --value $unit | grep -q 'other device'"
e2e_check "the daemon holds the touchscreen $first open" holds "$pid" "$first"
if [ -n "$keyboard" ]; then
    e2e_check "but not the keyboard $keyboard" not holds "$pid" "$keyboard"
    keys_lines="$(lines /results/kiosk.jsonl)"
    evemu-event "$keyboard" --type EV_KEY --code KEY_PAGEDOWN --value 1 --sync
    evemu-event "$keyboard" --type EV_KEY --code KEY_PAGEDOWN --value 0 --sync
    sleep 2
    e2e_check "Page Down on $keyboard did not scroll" sh -c "! tail -n +$((keys_lines + 1)) /results/kiosk.jsonl | grep -q scrollViewDidScroll"
    e2e_check "the offset is still y=$flicked" close_enough "$(state_y)" "$flicked"
else
    e2e_fail "the guest has no keyboard to press keys on"
fi

# --- reload: a broken file is refused, a good one applied --------------------------------------------------------
cp "$config" /results/touchscroll.yaml.installed
sed -i 's/decelerationRate: normal/decelerationRate: 7/' "$config"
systemctl reload "$unit" 2> /results/reload-bad.err
e2e_check "systemctl reload fails on a broken configuration (status $?)" sh -c "[ $? -ne 0 ]"
systemctl status --no-pager -l "$unit" > /results/status-after-bad-reload.txt 2>&1
e2e_check "systemctl status shows why" grep -q 'scrollView.decelerationRate: 7 is out of range' /results/status-after-bad-reload.txt
e2e_check "the service stays active, same process" sh -c "[ \"\$(systemctl show -p ActiveState --value $unit)\" = active ] && [ \"\$(systemctl show -p MainPID --value $unit)\" = $pid ]"
cp /results/touchscroll.yaml.installed "$config"
sed -i 's/contentSize: { width: 1280, height: 20000 }/contentSize: { width: 1280, height: 30000 }/' "$config"
e2e_check "systemctl reload succeeds with a good configuration" systemctl reload "$unit"
content_height() { request '{"id":2,"command":"state"}' | sed -n 's/.*"contentSize":{"height":\([0-9.]*\),.*/\1/p'; }
e2e_check_eq "the new content size applies" 30000 "$(content_height)"
e2e_check_eq "still the same process" "$pid" "$(prop MainPID)"

# --- stop / start: the offset survives ----------------------------------------------------------------------------
before="$(state_y)"
e2e_check "systemctl stop" systemctl stop "$unit"
saved="$(offset_y < "$state")"
e2e_check "the state file holds the offset at stop (y=$saved)" close_enough "$saved" "$before"
e2e_check "systemctl start" systemctl start "$unit"
e2e_check "it comes back where it was" sh -c "[ \"\$(systemctl show -p ActiveState --value $unit)\" = active ]"
after="$(state_y)"
e2e_check "the offset after the restart is the one before the stop (y=$after)" close_enough "$after" "$before"

# --- watchdog: a hung daemon is restarted and restores the state ------------------------------------------------
pid="$(prop MainPID)"
restarts="$(prop NRestarts)"
stopped="$(now)"
kill -STOP "$pid"
new_process() { p="$(prop MainPID)"; [ "$p" != 0 ] && [ "$p" != "$pid" ] && is_active; }
e2e_check "the watchdog restarted the stopped daemon" e2e_wait_until 120 new_process
took="$(elapsed "$stopped")"
e2e_log "a new process was READY $took s after SIGSTOP (WatchdogSec=10s, then SIGABRT, SIGKILL after TimeoutStopSec=5s, RestartSec=1s)"
e2e_check "within WatchdogSec plus the abort timeout and RestartSec (+15 s for the emulator): $took s" \
    awk -v t="$took" 'BEGIN { exit !(t < 10 + 5 + 1 + 15) }'
e2e_check_eq "one restart counted" "$((restarts + 1))" "$(prop NRestarts)"
e2e_check "systemd logged the watchdog timeout" sh -c "journalctl -b -u $unit --no-pager | grep -q 'Watchdog timeout'"
e2e_check "the restarted daemon restored the saved offset" close_enough "$(state_y)" "$before"

# --- unplug mid-drag, plug another touchscreen --------------------------------------------------------------------
pid="$(prop MainPID)"
restarts="$(prop NRestarts)"
e2e_check "a new subscription" subscribe second kiosk
e2e_wait_open "$pid" "$first" 30 || e2e_log "the daemon does not hold $first open"
# drag-and-hold without its lift: the finger is still down when the device goes away
awk '/^E: .* 0001 014a 0000$/ { exit } { print }' "$synthetic/drag-and-hold.evemu" > /tmp/held.evemu
held_lines="$(lines /results/second.jsonl)"
e2e_check "a drag that does not lift" evemu-play "$first" < /tmp/held.evemu
e2e_check "the drag arrived" e2e_wait_until 30 sh -c "tail -n +$((held_lines + 1)) /results/second.jsonl | grep -q scrollViewWillBeginDragging"
mid="$(lines /results/second.jsonl)"
e2e_check "the touchscreen is unplugged mid-drag" e2e_evemu_unplug
e2e_check "the drag ends when its device goes away" e2e_wait_until 30 rest_after /results/second.jsonl "$mid"
e2e_check "the service keeps running, waiting for a touchscreen" e2e_wait_until 30 status_says "no touchscreen"
e2e_check_eq "same process" "$pid" "$(prop MainPID)"
e2e_evemu_device "$screens/EP0430M09.desc"
second="$E2E_EVEMU_NODE"
e2e_check "the other touchscreen is read at once (status names it)" e2e_wait_until 60 status_says "1 touchscreen (EP0430M09)"
e2e_wait_open "$pid" "$second" 30 || e2e_log "the daemon does not hold $second open"
plugged_lines="$(lines /results/second.jsonl)"
e2e_check "evemu-play replayed a two-finger scroll on it" evemu-play "$second" < "$screens/EP0430M09.2-finger-scroll-down.events"
e2e_check "its scroll arrived on the same subscription" e2e_wait_until 60 sh -c \
    "tail -n +$((plugged_lines + 1)) /results/second.jsonl | grep -q scrollViewDidScroll"
e2e_check "no restart" sh -c "[ \"\$(systemctl show -p NRestarts --value $unit)\" = $restarts ] && [ \"\$(systemctl show -p MainPID --value $unit)\" = $pid ]"
e2e_evemu_unplug

# --- an invalid configuration at start: the unit stops, no restart loop -----------------------------------------
sed -i 's/decelerationRate: normal/decelerationRate: 7/' "$config"
systemctl restart "$unit" 2> /dev/null
e2e_check "systemctl restart fails with an invalid configuration (status $?)" sh -c "[ $? -ne 0 ]"
# A manual restart sets NRestarts to 0; each automatic restart would add one. RestartSec=1s: 3 s is long
# enough for a restart loop to show.
sleep 3
e2e_check_eq "the unit is failed" failed "$(prop ActiveState)"
e2e_check_eq "with exit status 2" 2 "$(prop ExecMainStatus)"
e2e_check_eq "and no automatic restart" 0 "$(prop NRestarts)"
cp /results/touchscroll.yaml.installed "$config"
systemctl reset-failed "$unit"

# --- journal: the daemon's priorities --------------------------------------------------------------------------
# A corrupt state file makes the daemon warn (<4>) at start.
echo 'not json' > "$state"
e2e_check "start with a corrupt state file" systemctl start "$unit"
j() { journalctl -b --no-pager -o cat SYSLOG_IDENTIFIER=touchscroll "$@"; }
j -p warning > /results/journal-warning.txt
j -p info > /results/journal-info.txt
journalctl -b --no-pager -o json SYSLOG_IDENTIFIER=touchscroll > /results/journal-touchscroll.json
e2e_check "the corrupt state file's warning is at priority 4" sh -c "journalctl -b -o cat SYSLOG_IDENTIFIER=touchscroll -p warning..warning | grep -q 'state file unreadable'"
e2e_check "the rejected configuration's problems are at priority 3" sh -c "journalctl -b -o cat SYSLOG_IDENTIFIER=touchscroll -p err..err | grep -q 'decelerationRate: 7 is out of range'"
e2e_check "info lines (ready) are in the journal" grep -q '^touchscroll: ready' /results/journal-info.txt
e2e_check "and not among the warnings" sh -c "! grep -q ': ready' /results/journal-warning.txt"
# (libinput's "event processing lagging behind" errors come from the emulator's speed under load, not from
# touchscroll: a board does not see them.)
e2e_check "every warning is one the test caused (state file, rejected configuration)" \
    sh -c "! grep -v 'state file unreadable\|touchscroll.yaml:\|event processing lagging behind' /results/journal-warning.txt"
e2e_check "journald stripped the <N> prefixes" sh -c "! grep -q '^<[0-7]>' /results/journal-info.txt"
systemctl status --no-pager -l "$unit" > /results/status-final.txt 2>&1
e2e_finish
