# The renderer's DRM/KMS output on a real kernel: `touchscroll render --drm /dev/dri/card0` sets the mode with
# dumb buffers and page-flips every frame; while it holds the last frame, the host's screendump must show it.
. /usr/lib/e2e/lib.sh

fixtures=/payload/tests/renderer-fixtures
script=/payload/recordings/scripts/status-bar-tap.touches.jsonl
TL="224 64 32" TR="32 160 64"

touchscroll render --config "$fixtures/renderer.yaml" --content "$fixtures/quadrants.png" --drm /dev/dri/card0 \
    --hold 6 "$script" 2> /results/render-drm.log &
render_pid=$!
# The command reports the frames drawn, then holds the display for 6 s (on exit it restores the console's CRTC).
tries=200
while ! grep -q "page flip(s) completed" /results/render-drm.log 2>/dev/null && [ "$tries" -gt 0 ]; do
    kill -0 "$render_pid" 2>/dev/null || break
    sleep 0.1; tries=$((tries - 1))
done
cat /results/render-drm.log >&2
e2e_check "render drew its frames through DRM" grep -q "frame(s) drawn" /results/render-drm.log
# Every frame after the first (drmModeSetCrtc) is a page flip whose completion event was handled.
drawn="$(sed -n 's/.*render: \([0-9]*\) frame(s) drawn.*/\1/p' /results/render-drm.log)"
flips="$(sed -n 's/.*render: \([0-9]*\) page flip(s) completed.*/\1/p' /results/render-drm.log)"
e2e_check "more than one frame was drawn" test "${drawn:-0}" -gt 1
e2e_check_eq "every frame after the first completed a page flip" "$(( ${drawn:-0} - 1 ))" "$flips"
pixels="$(e2e_screendump renderer-drm 0,0 639,799 640,0 1279,799)"
echo "$pixels" > /results/renderer-drm-pixels.txt
e2e_check_eq "drm: top-left pixel is the top-left quadrant" "0 0 $TL" "$(echo "$pixels" | sed -n 1p)"
e2e_check_eq "drm: bottom of the left half is the top-left quadrant" "639 799 $TL" "$(echo "$pixels" | sed -n 2p)"
e2e_check_eq "drm: top of the right half is the top-right quadrant" "640 0 $TR" "$(echo "$pixels" | sed -n 3p)"
e2e_check_eq "drm: bottom-right pixel is the top-right quadrant" "1279 799 $TR" "$(echo "$pixels" | sed -n 4p)"

# A second renderer while the first holds the card: a clear "another process is DRM master" error.
touchscroll render --config "$fixtures/renderer.yaml" --content "$fixtures/quadrants.png" --drm /dev/dri/card0 \
    "$script" 2> /results/render-drm-second.log
status=$?
cat /results/render-drm-second.log >&2
e2e_check_eq "a second renderer exits with status 1" 1 "$status"
e2e_check "its error says another process is DRM master" grep -q "another process is DRM master" /results/render-drm-second.log

wait "$render_pid"
e2e_check_eq "the first renderer exits cleanly after holding" 0 "$?"
e2e_finish
