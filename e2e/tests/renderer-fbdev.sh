# The renderer's fbdev output on a real kernel: `touchscroll render --fb /dev/fb0` replays a fling and a
# status-bar tap over a four-colour image; the host's screendump must show the frame the engine ended in.
. /usr/lib/e2e/lib.sh

fixtures=/payload/tests/renderer-fixtures
script=/payload/recordings/scripts/status-bar-tap.touches.jsonl
TL="224 64 32" TR="32 160 64"

# Starts at contentOffset (640, 400); the fling scrolls down, the status-bar tap scrolls back to the top:
# offset (640, 0), so the left half of the screen is the top-left quadrant, the right half the top-right one.
e2e_check "touchscroll render --fb /dev/fb0 ran" sh -c "touchscroll render --config $fixtures/renderer.yaml \
    --content $fixtures/quadrants.png --fb /dev/fb0 --screenshot /results/fbdev-final.png $script 2> /results/render-fbdev.log"
cat /results/render-fbdev.log >&2
pixels="$(e2e_screendump renderer-fbdev 0,0 639,799 640,0 1279,799)"
echo "$pixels" > /results/renderer-fbdev-pixels.txt
e2e_check_eq "fbdev: top-left pixel is the top-left quadrant" "0 0 $TL" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "fbdev: bottom of the left half is the top-left quadrant" "639 799 $TL" "$(echo "$pixels" | sed -n 2p)"
e2e_check_eq "fbdev: top of the right half is the top-right quadrant" "640 0 $TR" "$(echo "$pixels" | sed -n 3p)"
e2e_check_eq "fbdev: bottom-right pixel is the top-right quadrant" "1279 799 $TR" "$(echo "$pixels" | sed -n 4p)"

# The same replay turned 180° in software: the halves swap sides.
e2e_check "touchscroll render --fb /dev/fb0 --rotation 180 ran" sh -c "touchscroll render --config $fixtures/renderer.yaml \
    --content $fixtures/quadrants.png --fb /dev/fb0 --rotation 180 $script 2> /results/render-fbdev-180.log"
pixels="$(e2e_screendump renderer-fbdev-180 0,0 1279,799)"
e2e_check_eq "fbdev 180°: top-left pixel is the top-right quadrant" "0 0 $TR" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "fbdev 180°: bottom-right pixel is the top-left quadrant" "1279 799 $TL" "$(echo "$pixels" | sed -n 2p)"

e2e_finish
