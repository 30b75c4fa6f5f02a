# Smoke test of the real-kernel harness itself: the guest's kernel, udev, uinput, libinput and framebuffer
# paths work, and the touchscroll binary built for the guest runs there. Every later guest test relies on these.
. /usr/lib/e2e/lib.sh

# --- touchscroll runs in the guest (static Swift stdlib + the libraries run-guest.sh copied) ---------------
e2e_check "touchscroll from the payload runs in the guest" sh -c 'touchscroll --help > /results/touchscroll-help.txt 2>&1'

# --- a real multitouch device through uinput, as udev and libinput see it ---------------------------------
device_dir=""
for dir in /payload/recordings/evemu-devices/touchscreens /payload/shared/recordings/evemu-devices/touchscreens; do
    [ -f "$dir/EP0430M09.desc" ] && { device_dir="$dir"; break; }
done
if [ -z "$device_dir" ]; then
    e2e_fail "EP0430M09.desc found in the payload (recordings/ or shared/recordings/)"
    e2e_finish
fi
desc="$device_dir/EP0430M09.desc"
events="$device_dir/EP0430M09.4-finger-drag-down.events"

e2e_check "/dev/uinput is a character device" test -c /dev/uinput
e2e_check "evemu-device created an event node" e2e_evemu_device "$desc"
node="$E2E_EVEMU_NODE"
e2e_log "the device is $node"
e2e_check_eq "udev tags it ID_INPUT_TOUCHSCREEN" 1 "$(e2e_udev_property "$node" ID_INPUT_TOUCHSCREEN)"
e2e_check_eq "udev tags it ID_INPUT" 1 "$(e2e_udev_property "$node" ID_INPUT)"
udevadm info --query=all --name="$node" > /results/udev-info.txt
libinput list-devices > /results/libinput-list-devices.txt 2>&1
e2e_check "libinput (udev seat0) lists EP0430M09 as a touch device" \
    awk '/^Device:/ { found = ($0 ~ /EP0430M09/) } found && /^Capabilities:/ && /touch/ { ok = 1 } END { exit !ok }' \
    /results/libinput-list-devices.txt

# Replay the recording through the kernel while evemu-record (raw evdev) and libinput (udev backend) listen;
# line-buffered (stdbuf) so their output can be watched while they run.
downs_recorded="$(grep '^E:' "$events" | awk '$3 == "0003" && $4 == "0039" && $5 + 0 != -1' | wc -l)"
e2e_check "the recording has touches" test "$downs_recorded" -gt 0
stdbuf -oL evemu-record "$node" > /results/evemu-record.txt 2>&1 &
record_pid=$!
stdbuf -oL libinput debug-events --udev seat0 > /results/libinput-debug-events.txt 2>&1 &
debug_pid=$!
e2e_check "evemu-record opened $node" e2e_wait_open "$record_pid" "$node"
e2e_check "libinput debug-events opened $node" e2e_wait_open "$debug_pid" "$node"
e2e_check "evemu-play replayed $(basename "$events")" evemu-play "$node" < "$events"

# Touch downs: tracking ids other than -1 in the recording, TOUCH_DOWN/TOUCH_UP events in what libinput read.
evdev_downs() { grep '^E:' /results/evemu-record.txt | awk '$3 == "0003" && $4 == "0039" && $5 + 0 != -1' | wc -l; }
libinput_count() { grep -c "$1" /results/libinput-debug-events.txt; }
has_all_touches() {
    [ "$(evdev_downs)" -ge "$downs_recorded" ] && [ "$(libinput_count TOUCH_UP)" -ge "$downs_recorded" ]
}
e2e_wait_until 30 has_all_touches
kill -INT "$record_pid" "$debug_pid"
wait "$record_pid" "$debug_pid" 2>/dev/null
e2e_check_eq "evemu-record read every touch down through evdev" "$downs_recorded" "$(evdev_downs)"
e2e_check_eq "libinput read every touch down" "$downs_recorded" "$(libinput_count TOUCH_DOWN)"
e2e_check_eq "libinput read every touch up" "$downs_recorded" "$(libinput_count TOUCH_UP)"

# Unplug: killing evemu-device removes the node.
e2e_check "killing evemu-device unplugs $node" e2e_evemu_unplug

# --- the framebuffer: colours written to /dev/fb0 appear in the host's screendump -------------------------
e2e_check "/dev/fb0 is a character device" test -c /dev/fb0
e2e_check "/dev/dri/card0 is a character device" test -c /dev/dri/card0
bpp="$(cat /sys/class/graphics/fb0/bits_per_pixel)"
stride="$(cat /sys/class/graphics/fb0/stride)"
size="$(cat /sys/class/graphics/fb0/virtual_size)"; width="${size%,*}"; height="${size#*,}"
e2e_check_eq "fb0 is 32 bits per pixel" 32 "$bpp"
e2e_log "fb0: ${width}x${height}, stride $stride"

# Draw the top half in one colour and the bottom half in another, as ONE write() of the whole frame: the 6.1
# kernel's fbdev emulation computes an empty damage rectangle for a write confined to a single scanline that
# ends at the end of the line, so line-by-line writes would never reach the display (see docs/e2e.md).
# repeat FILE BYTES: doubles FILE until it holds BYTES bytes.
repeat() {
    while [ "$(stat -c %s "$1")" -lt "$2" ]; do cat "$1" "$1" > "$1.2"; mv "$1.2" "$1"; done
    head -c "$2" "$1" > "$1.2"; mv "$1.2" "$1"
}
half=$(( height / 2 ))
printf '\340\200\040\000' > /tmp/top        # XRGB8888 little endian is B, G, R, X: RGB (0x20, 0x80, 0xe0)
printf '\020\100\360\000' > /tmp/bottom     # RGB (0xf0, 0x40, 0x10)
repeat /tmp/top $(( half * stride ))
repeat /tmp/bottom $(( (height - half) * stride ))
cat /tmp/top /tmp/bottom > /tmp/frame
e2e_check "one write of the whole frame to /dev/fb0" \
    dd if=/tmp/frame of=/dev/fb0 bs="$(stat -c %s /tmp/frame)" count=1 conv=notrunc,fsync 2> /dev/null
right=$(( width - 1 )); bottom=$(( height - 1 ))
pixels="$(e2e_screendump framebuffer 0,0 "$right,$(( half - 1 ))" "0,$half" "$right,$bottom")"
echo "$pixels" > /results/framebuffer-pixels.txt
e2e_check_eq "screendump: top-left is the top colour" "0 0 32 128 224" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "screendump: right end of the top half is the top colour" \
    "$right $(( half - 1 )) 32 128 224" "$(echo "$pixels" | sed -n 2p)"
e2e_check_eq "screendump: left of the bottom half is the bottom colour" "0 $half 240 64 16" "$(echo "$pixels" | sed -n 3p)"
e2e_check_eq "screendump: bottom-right is the bottom colour" "$right $bottom 240 64 16" "$(echo "$pixels" | sed -n 4p)"

e2e_finish
