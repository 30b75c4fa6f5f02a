#!/usr/bin/env bash
# The training run of the profile-guided release build (mk/pgo.mk): runs an instrumented touchscroll
# through what the binary does in the field, so the compiler learns which branches and calls are hot.
#
#   bench/pgo-train.sh INSTRUMENTED-BINARY RAW-PROFILE-DIR   (the directory relative to the repository)
#
# The workload is the repository's own material, nothing generated for a benchmark:
#   - replay of every bundled recording and touch script (evemu recordings of real touchscreens and
#     tablets, synthetic gestures: drags, flicks, pinches, taps, edge swipes, the status-bar tap), with
#     the example configuration, and the nested list-with-carousel screen with its own;
#   - the real kiosk scrolling session (Wacom DTH2242) with a scrolling configuration, read both as the
#     evemu recording and as the touch script `--tee-touches` makes of it;
#   - `render` of two sessions (the renderer's pan, zoom, indicator and redraw paths), and
#     `config check` of the bundled configurations.
# Each command must succeed: a training run that fails teaches the compiler an error path.
set -euo pipefail
binary=$(realpath "$1")
raw=$2
cd "$(dirname "$0")/.."
rm -rf "$raw"
mkdir -p "$raw/work"
# The same counts on every build, and with them the same release binary: the binary and every file
# it is given are named by the same relative paths wherever the repository is (a path's length and
# bytes are counted too), Set and Dictionary iterate in the same order in every process, and addresses
# are not randomised (swift-argument-parser keys a dictionary by object identity, whose hash is an
# address). Without setarch -R (a container that forbids it), a handful of its counts vary.
work="$raw/work"
cp "$binary" "$work/touchscroll"
binary="$work/touchscroll"
export LLVM_PROFILE_FILE="$raw/%p.profraw"
export SWIFT_DETERMINISTIC_HASHING=1
fixed=(setarch "$(uname -m)" -R)
"${fixed[@]}" true 2> /dev/null || fixed=()

run() {
    if ! "${fixed[@]}" "$binary" "$@" > /dev/null 2> "$work/stderr"; then
        echo "pgo-train: touchscroll $* failed:" >&2
        tail -5 "$work/stderr" >&2
        exit 1
    fi
}

for recording in recordings/synthetic/*.evemu recordings/scripts/*.touches.jsonl \
                 recordings/evemu-devices/*/*.events recordings/evemu-devices/*/*.evemu; do
    # Tablets' finger sensors include touchpads (indirect devices), replayed as touchscreens; a
    # headerless .events file finds the .desc beside it by itself.
    case "$recording" in
        */tablets-finger/*) run replay --config config/example.yaml --allow-indirect "$recording" ;;
        *) run replay --config config/example.yaml "$recording" ;;
    esac
done
run replay --config config/list-with-carousel.yaml recordings/scripts/list-with-carousel.touches.jsonl
run replay --config config/list-with-carousel.yaml recordings/synthetic/list-with-carousel.evemu

kiosk="recordings/evemu-devices/tablets-finger/Wacom DTH2242 Finger.events"
run replay --config bench/scrolling.yaml --tee-touches "$work/kiosk.touches.jsonl" "$kiosk"
run replay --config bench/scrolling.yaml "$work/kiosk.touches.jsonl"

run render --config config/list-with-carousel.yaml recordings/scripts/list-with-carousel.touches.jsonl \
    --to 1.25 --png "$work/frames"
run render --config config/example.yaml recordings/synthetic/pinch-out.evemu --screenshot "$work/pinch.png"
for config in config/*.yaml bench/scrolling.yaml; do
    run config check "$config"
done
