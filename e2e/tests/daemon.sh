# Issue 8 acceptance on a real kernel: `touchscroll daemon` run the way systemd runs it — an unprivileged
# user in the input group, $STATE_DIRECTORY and $RUNTIME_DIRECTORY — while a touchscreen appears (uinput),
# a flick replayed through the kernel moves the content, SIGTERM saves where it stopped, and a restart
# restores it (asked over --control-stdin).
. /usr/lib/e2e/lib.sh

flick=/payload/recordings/synthetic/flick.evemu          # description and events in one file, 1280x800
state_dir=/var/lib/touchscroll runtime_dir=/run/touchscroll config=/tmp/touchscroll.yaml
mkdir -p "$state_dir" "$runtime_dir"
chown touchscroll:touchscroll "$state_dir" "$runtime_dir"
printf 'screen: { width: 1280, height: 800 }\nscrollView:\n  contentSize: { width: 1280, height: 20000 }\n' > "$config"

# daemon NAME INPUT [ARGS…] — starts the daemon as the service user (uid 990, groups input and video) with
# standard input from INPUT; stdout in /results/NAME.jsonl, stderr in /results/NAME.log; pid in $DAEMON_PID.
# (INPUT is an explicit redirection because a background job's stdin would otherwise be /dev/null.)
daemon() {
    local name="$1" input="$2"; shift 2
    # busybox su: the user's groups from /etc/group (input, video), no capabilities; exec keeps the pid.
    su -s /bin/sh touchscroll -c "exec env STATE_DIRECTORY=$state_dir RUNTIME_DIRECTORY=$runtime_dir \
        /payload/bin/touchscroll daemon --config $config --touch-only $*" < "$input" > "/results/$name.jsonl" 2> "/results/$name.log" &
    DAEMON_PID=$!
}

wait_log() {  # FILE PATTERN [SECONDS]
    local tries=$(( ${3:-20} * 10 ))
    while ! grep -q "$2" "$1" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    grep -q "$2" "$1" 2>/dev/null
}

wait_quiet() {  # FILE: until it has not grown for 2 s (at most 30 s)
    local last=-1 same=0 tries=300 size
    while [ "$tries" -gt 0 ]; do
        size=$(stat -c %s "$1" 2>/dev/null || echo 0)
        if [ "$size" = "$last" ]; then same=$((same + 1)); else same=0; last=$size; fi
        [ "$same" -ge 20 ] && return 0
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}

stop_daemon() {  # SIGTERM, then the exit status in $DAEMON_STATUS
    kill -TERM "$DAEMON_PID"
    wait "$DAEMON_PID"
    DAEMON_STATUS=$?
}

offset_y() { sed -n 's/.*"contentOffset":{"x":[^,]*,"y":\([-0-9.e+]*\)}.*/\1/p' | tail -n1; }
close_enough() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && b != "" && d < 0.001) }'; }

# --- first run: no touchscreen yet, then one appears and a flick is played into it -------------------------
# give_up NAME — the daemon is not running: show its log and end the test here.
give_up() {
    e2e_log "daemon log ($1):"; sed 's/^/#   /' "/results/$1.log" >&2
    e2e_finish
}

daemon first /dev/null
e2e_check "the daemon is ready with no touchscreen present" wait_log /results/first.log "ready status=\"no touchscreen"
kill -0 "$DAEMON_PID" 2>/dev/null || give_up first
e2e_check "it runs as the unprivileged service user" sh -c "grep -q '^Uid:.*990' /proc/$DAEMON_PID/status"
e2e_check "its control socket exists" test -S "$runtime_dir/control.sock"
e2e_evemu_device "$flick"
node="$E2E_EVEMU_NODE"
e2e_check "libinput (udev seat0) announced the new touchscreen $node" wait_log /results/first.log "device added: $node"
sleep 0.5
e2e_check "evemu-play replayed the flick through the kernel" evemu-play "$node" < "$flick"
e2e_check "the content settles" wait_quiet /results/first.jsonl
moved="$(grep scrollViewDidScroll /results/first.jsonl | offset_y)"
e2e_log "after the flick the offset is y=$moved"
e2e_check "the flick moved the content down the page" awk -v y="$moved" 'BEGIN { exit !(y + 0 > 100) }'
e2e_check "the daemon saw it decelerate" grep -q scrollViewDidEndDecelerating /results/first.jsonl
stop_daemon
e2e_check_eq "SIGTERM stops it with status 0" 0 "$DAEMON_STATUS"
saved="$(offset_y < "$state_dir/state.json")"
e2e_log "state.json: $(cat "$state_dir/state.json")"
e2e_check "state.json holds where the content stopped (y=$saved)" close_enough "$saved" "$moved"
e2e_check "state.json belongs to the service user" sh -c "[ \"\$(stat -c %u '$state_dir/state.json')\" = 990 ]"
e2e_check "the control socket is removed at exit" sh -c "[ ! -e '$runtime_dir/control.sock' ]"

# --- restart: the content appears where it was -------------------------------------------------------------
mkfifo /tmp/control
exec 3<> /tmp/control          # read-write: opening never blocks, whatever the daemon does
daemon second /tmp/control --control-stdin
e2e_check "the restarted daemon is ready" wait_log /results/second.log "ready status="
kill -0 "$DAEMON_PID" 2>/dev/null || give_up second
e2e_check "it restored the state" grep -q "restored state" /results/second.log
echo '{"id":1,"command":"state"}' >&3
e2e_check "it answers a state query on stdin" wait_log /results/second.jsonl '"id":1,"ok":true'
restored="$(grep '"id":1' /results/second.jsonl | offset_y)"
e2e_check "the restored offset is the saved one (y=$restored)" close_enough "$restored" "$saved"
exec 3>&-
stop_daemon
e2e_check_eq "SIGTERM stops the restarted daemon with status 0" 0 "$DAEMON_STATUS"
e2e_evemu_unplug
e2e_finish
