# The service draws, under the shipped unit's sandbox (DynamicUser, DevicePolicy=closed with DeviceAllow=
# char-drm and /dev/fb0, the system call filter, MemoryDenyWriteExecute): `touchscroll daemon` with the
# configuration's `display:` section draws the four-quadrant test image on /dev/fb0, then, after a restart,
# on DRM (/dev/dri/card0), and each screendump shows the quadrant under the offset the daemon reports.
# Runs in the systemd guest with the files of `make install`; the configuration is the installed one plus
# the display section, as an administrator would write it.
. /usr/lib/e2e/lib.sh

unit=touchscroll.service
sock=/run/touchscroll/control.sock
config=/etc/touchscroll/touchscroll.yaml
fixtures=/payload/tests/renderer-fixtures
screens=/payload/shared/recordings/evemu-devices/touchscreens
TL="224 64 32" TR="32 160 64" BL="32 64 224" BR="240 200 16"

prop() { systemctl show -p "$1" --value "$unit"; }
is_active() { [ "$(prop ActiveState)" = active ]; }
request() { printf '%s\n' "$1" | timeout 30 socat -t 20 - "UNIX-CONNECT:$sock" | head -n1; }
grep_q() { grep -q "$@" 2>/dev/null; }
# quadrant X Y — the colour of the content point (X, Y) of the 2560x1600 image.
quadrant() {
    awk -v x="$1" -v y="$2" -v tl="$TL" -v tr="$TR" -v bl="$BL" -v br="$BR" 'BEGIN {
        if (y < 800) print (x < 1280 ? tl : tr); else print (x < 1280 ? bl : br) }'
}
plus() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }
# display_matches NAME — the screendump's corners show the quadrants under the offset the daemon reports.
display_matches() {
    local state ox oy pixels
    state="$(request '{"id":7,"command":"state"}')"
    ox="$(echo "$state" | sed -n 's/.*"contentOffset":{"x":\([-0-9.e+]*\),"y":\([-0-9.e+]*\)}.*/\1/p')"
    oy="$(echo "$state" | sed -n 's/.*"contentOffset":{"x":\([-0-9.e+]*\),"y":\([-0-9.e+]*\)}.*/\2/p')"
    e2e_check "$1: the daemon reports its offset ($ox, $oy)" test -n "$oy"
    pixels="$(e2e_screendump "$1" 0,0 1279,799)"
    e2e_check_eq "$1: the top-left pixel is the quadrant under ($ox, $oy)" \
        "0 0 $(quadrant "$ox" "$oy")" "$(echo "$pixels" | sed -n 1p)"
    e2e_check_eq "$1: the bottom-right pixel is the quadrant under ($ox + 1279, $oy + 799)" \
        "1279 799 $(quadrant "$(plus "$ox" 1279)" "$(plus "$oy" 799)")" "$(echo "$pixels" | sed -n 2p)"
}
# scroll NAME — a two-finger scroll through the kernel, seen on a subscription until the content rests.
scroll() {
    (printf '{"id":1,"command":"subscribe"}\n'; sleep 100000) | socat - "UNIX-CONNECT:$sock" > "/results/$1.jsonl" &
    e2e_check "$1: subscribed" e2e_wait_until 30 grep_q '"id":1,"ok":true' "/results/$1.jsonl"
    e2e_check "$1: evemu-play replayed a two-finger scroll" evemu-play "$E2E_EVEMU_NODE" < "$screens/EP0430M09.2-finger-scroll-down.events"
    e2e_check "$1: the content came to rest" e2e_wait_until 60 grep_q 'scrollViewDidEndDecelerating\|"willDecelerate":false' "/results/$1.jsonl"
}

install -m 0644 "$fixtures/quadrants.png" /etc/touchscroll/quadrants.png
{ cat "$fixtures/renderer.yaml"; printf 'display:\n  content: /etc/touchscroll/quadrants.png\n  fb: /dev/fb0\n'; } > "$config"
if ! touchscroll config check "$config"; then
    e2e_fail "the configuration with a display section is valid (the daemon draws from its display: section)"
    e2e_finish
fi
e2e_pass "the configuration with a display section is valid"

# --- fbdev -----------------------------------------------------------------------------------------------------
e2e_evemu_device "$screens/EP0430M09.desc"
e2e_check "udev started the service for the touchscreen" e2e_wait_until 120 is_active
e2e_log "status: $(prop StatusText)"
display_matches fb-start
scroll fb-scroll
display_matches fb-scrolled

# --- DRM -------------------------------------------------------------------------------------------------------
sed -i 's|^  fb: /dev/fb0$|  drm: /dev/dri/card0|' "$config"
e2e_check "systemctl restart with drm: /dev/dri/card0" systemctl restart "$unit"
e2e_check "active again" is_active
display_matches drm-restored
scroll drm-scroll
display_matches drm-scrolled

# libinput complains (at error) when events wait too long to be read: drawing under TCG is that slow, a
# board is not. Anything else at warning or above is a failure.
e2e_check "nothing at warning or above from the daemon (but libinput's lag complaints)" sh -c \
    "! journalctl -b -o cat SYSLOG_IDENTIFIER=touchscroll -p warning | grep -v 'event processing lagging behind'"
systemctl status --no-pager -l "$unit" > /results/status.txt 2>&1
e2e_finish
