# Helpers for guest test scripts (e2e/tests/*.sh). Source it:  . /usr/lib/e2e/lib.sh
#
# A test script is run by the guest's /init with:
#   cwd and $E2E_RESULTS = /results   files left here are copied to the host's results directory
#   $E2E_PAYLOAD = /payload           the run's payload (touchscroll binary in /payload/bin, on $PATH)
#   stdout/stderr                     the result port; the host prints every line as "[guest] …"
# Its exit status is the harness's exit status. Use e2e_check… for assertions and end with e2e_finish, which
# prints "N passed, N failed" and exits non-zero when anything failed.

E2E_PASSED=0
E2E_FAILED=0

# e2e_check DESCRIPTION COMMAND [ARGS…] — an assertion: passes when COMMAND exits 0.
e2e_check() {
    local what="$1"; shift
    if "$@"; then
        E2E_PASSED=$((E2E_PASSED + 1)); echo "ok - $what"
    else
        E2E_FAILED=$((E2E_FAILED + 1)); echo "not ok - $what"
    fi
}

# e2e_check_eq DESCRIPTION EXPECTED ACTUAL
e2e_check_eq() {
    if [ "$2" = "$3" ]; then
        E2E_PASSED=$((E2E_PASSED + 1)); echo "ok - $1"
    else
        E2E_FAILED=$((E2E_FAILED + 1)); echo "not ok - $1: expected '$2', got '$3'"
    fi
}

# e2e_fail DESCRIPTION — records a failed assertion (for checks written as if/else).
e2e_fail() { E2E_FAILED=$((E2E_FAILED + 1)); echo "not ok - $1"; }
e2e_pass() { E2E_PASSED=$((E2E_PASSED + 1)); echo "ok - $1"; }

# e2e_finish — the closing line, and the exit status: 0 only when at least one check ran and none failed.
e2e_finish() {
    echo "$E2E_PASSED passed, $E2E_FAILED failed"
    [ "$E2E_FAILED" -eq 0 ] && [ "$E2E_PASSED" -gt 0 ]
    exit $?
}

# e2e_log MESSAGE — a line on stderr (also shown on the host).
e2e_log() { echo "# $*" >&2; }

# e2e_wait_for PATH [SECONDS] — waits until PATH exists (default 10 s); fails when it does not appear.
e2e_wait_for() {
    local path="$1" tries=$(( ${2:-10} * 10 ))
    while [ ! -e "$path" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ -e "$path" ]
}

# e2e_wait_until SECONDS COMMAND [ARGS…] — polls COMMAND every 0.1 s until it exits 0; fails after SECONDS.
e2e_wait_until() {
    local tries=$(( $1 * 10 )); shift
    until "$@"; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.1
    done
}

# e2e_wait_open PID PATH [SECONDS] — waits until process PID has PATH open (default 30 s): the way to know a
# reader (libinput debug-events, touchscroll) is listening before events are played into a device.
e2e_wait_open() {
    local pid="$1" path="$2" tries=$(( ${3:-30} * 10 )) fd
    while [ "$tries" -gt 0 ]; do
        for fd in /proc/"$pid"/fd/*; do
            [ "$(readlink "$fd" 2>/dev/null)" = "$path" ] && return 0
        done
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1; tries=$((tries - 1))
    done
    return 1
}

# e2e_as_user USER COMMAND [ARGS…] — runs COMMAND as USER with USER's groups (the `touchscroll` user is in
# input and video), as systemd's User=/SupplementaryGroups= would. util-linux setpriv by its full path: the
# guest's busybox shell runs its own applet for any name it knows, whatever PATH says.
e2e_as_user() {
    local user="$1"; shift
    /usr/bin/setpriv --reuid="$user" --regid="$user" --init-groups -- "$@"
}

# e2e_evemu_device DESCRIPTION_FILE — creates a uinput device from an evemu description and waits until udev
# has processed it. Sets $E2E_EVEMU_NODE (its /dev/input/eventN) and $E2E_EVEMU_PID (evemu-device, running in
# the background: killing it unplugs the device). Call it directly, not in $(…), or the variables are lost.
e2e_evemu_device() {
    local desc="$1" name before ev tries=100
    E2E_EVEMU_NODE=""
    name="$(sed -n 's/^N: //p' "$desc" | head -n1)"
    before="$(ls /sys/class/input | grep '^event')"
    evemu-device "$desc" > /dev/null 2>&1 &
    E2E_EVEMU_PID=$!
    while [ -z "$E2E_EVEMU_NODE" ] && [ "$tries" -gt 0 ]; do
        for ev in $(ls /sys/class/input | grep '^event'); do
            echo "$before" | grep -qx "$ev" && continue
            [ "$(cat "/sys/class/input/$ev/device/name" 2>/dev/null)" = "$name" ] && E2E_EVEMU_NODE="/dev/input/$ev"
        done
        [ -n "$E2E_EVEMU_NODE" ] || { sleep 0.1; tries=$((tries - 1)); }
    done
    if [ -z "$E2E_EVEMU_NODE" ]; then
        echo "e2e_evemu_device: no device named '$name' appeared" >&2
        return 1
    fi
    udevadm settle --timeout=10
    e2e_wait_for "$E2E_EVEMU_NODE" 10
}

# e2e_evemu_unplug — kills the evemu-device started last and waits until its node is gone.
e2e_evemu_unplug() {
    local tries=100
    kill "$E2E_EVEMU_PID" 2>/dev/null; wait "$E2E_EVEMU_PID" 2>/dev/null
    while [ -e "$E2E_EVEMU_NODE" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ ! -e "$E2E_EVEMU_NODE" ]
}

# e2e_udev_property NODE PROPERTY — a property from udev's database ("" when absent).
e2e_udev_property() {
    udevadm info --query=property --name="$1" | sed -n "s/^$2=//p"
}

# e2e_screendump NAME [X,Y …] — asks the host for a screendump of the guest's display. The host saves it as
# NAME.ppm in the run's results directory and replies with the colour at each X,Y; printed here one per line
# as "X Y R G B". Give the kernel's deferred framebuffer flush a moment first (E2E_SCREENDUMP_SETTLE, 0.3 s).
e2e_screendump() {
    local name="$1" reply; shift
    sleep "${E2E_SCREENDUMP_SETTLE:-0.3}"
    printf '@@E2E SCREENDUMP %s %s\n' "$name" "$*" > "$E2E_RESULT_PORT"
    while IFS= read -r reply < "$E2E_RESULT_PORT"; do
        case "$reply" in
            "@@E2E PIXELS $name"*)
                for point in ${reply#"@@E2E PIXELS $name"}; do
                    echo "$point" | tr ',=' '  '
                done
                return 0 ;;
            "@@E2E ERROR "*) echo "e2e_screendump: ${reply#@@E2E ERROR }" >&2; return 1 ;;
        esac
    done
    return 1
}

# e2e_pixel_is NAME X Y R G B — an assertion on one pixel of a fresh screendump.
e2e_pixel_is() {
    local got
    got="$(e2e_screendump "$1" "$2,$3")"
    e2e_check_eq "pixel ($2,$3) of screendump $1 is $4 $5 $6" "$2 $3 $4 $5 $6" "$got"
}
