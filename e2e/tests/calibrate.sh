# touchscroll calibrate on a real kernel: it draws its targets on /dev/fb0 (checked by screendump) and reads
# a uinput touchscreen (EP0430M09, 1280x768 units) whose taps carry a known mounting error — the panel turned
# a quarter clockwise and offset: u = 0.98·y + 0.01, v = 0.97·(1 − x) + 0.02 (normalised). The fitted matrix
# must undo it within 0.5 % (of its largest entry), and a residual is reported for each of the 5 targets.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

# The taps, as an evemu recording: one finger down and up at each target, 0.4 s apart, raw coordinates
# from the targets touchscroll draws (5: corners 10 % in, then the centre).
awk 'BEGIN {
    split("0.1 0.9 0.9 0.1 0.5", xs, " "); split("0.1 0.1 0.9 0.9 0.5", ys, " ")
    for (i = 1; i <= 5; i++) {
        u = 0.98 * ys[i] + 0.01; v = 0.97 * (1 - xs[i]) + 0.02
        rx = int(u * 1279 + 0.5); ry = int(v * 767 + 0.5); t = i * 0.4
        printf "E: %.6f 0003 002f 0000\n", t
        printf "E: %.6f 0003 0039 %04d\n", t, i
        printf "E: %.6f 0003 0035 %04d\n", t, rx
        printf "E: %.6f 0003 0036 %04d\n", t, ry
        printf "E: %.6f 0001 014a 0001\n", t
        printf "E: %.6f 0003 0000 %04d\n", t, rx
        printf "E: %.6f 0003 0001 %04d\n", t, ry
        printf "E: %.6f 0000 0000 0000\n", t
        printf "E: %.6f 0003 0039 -001\n", t + 0.1
        printf "E: %.6f 0001 014a 0000\n", t + 0.1
        printf "E: %.6f 0000 0000 0000\n", t + 0.1
    }
}' > /results/taps.events

touchscroll calibrate --device "$node" --fb /dev/fb0 --timeout 30 > /results/calibrate.out 2> /results/calibrate.log &
pid=$!
e2e_check "calibrate opened the touchscreen" e2e_wait_open "$pid" "$node" 20
sleep 0.5
# The first target: a white crosshair at (128, 80) on a dark screen.
e2e_check_eq "the first target is drawn at (128, 80)" "128 80 255 255 255" "$(e2e_screendump calibrate-target1 128,80)"
e2e_check_eq "away from it the screen is dark" "640 400 28 28 30" "$(e2e_screendump calibrate-dark 640,400)"
e2e_check "evemu-play the 5 taps" evemu-play "$node" < /results/taps.events
wait "$pid"; status=$?
e2e_check_eq "calibrate exits 0" 0 "$status"
cat /results/calibrate.out
cat /results/calibrate.log >&2

matrix="$(sed -n 's/^  calibration: \[\(.*\)\]$/\1/p' /results/calibrate.out | tr -d ',')"
e2e_log "fitted: $matrix"
e2e_check "the fitted matrix matches the mounting error within 0.5 %" awk -v got="$matrix" 'BEGIN {
    split(got, g, " "); n = split("0 -1.030928 1.020619 1.020408 0 -0.010204", w, " ")
    if (n != 6 || g[6] == "") exit 1
    for (i = 1; i <= 6; i++) { d = g[i] - w[i]; if (d < 0) d = -d; if (d > 0.005 * 1.031) { print "entry " i ": " g[i] " vs " w[i] > "/dev/stderr"; exit 1 } }
}'
e2e_check "the udev line carries the same six numbers" grep -q "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"$matrix\"" /results/calibrate.out
e2e_check_eq "a residual for each of the 5 targets" 5 "$(grep -c '^#   target [1-5] at (.*): [0-9.]* px$' /results/calibrate.out)"
e2e_check "every residual is under 2 px (the device's own rounding)" awk '/^#   target/ { v = $NF == "px" ? $(NF-1) : $NF; if (v + 0 >= 2) bad = 1 } END { exit bad }' /results/calibrate.out
e2e_evemu_unplug
e2e_finish
