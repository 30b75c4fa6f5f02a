#!/usr/bin/env bash
# The training run of the profile-guided release build (mk/pgo.mk): runs an instrumented touchscroll
# through what the binary does in the field and merges the counts into the profile the release build
# is optimised with, so the compiler learns which branches and calls are hot.
#
#   bench/pgo-train.sh INSTRUMENTED-BINARY PROFILE   (PROFILE relative to the repository; LLVM_PROFDATA
#                                                    names llvm-profdata when it is not on PATH)
#
# The workload is the repository's own material, nothing generated for a benchmark:
#   - replay of every bundled recording and touch script (evemu recordings of real touchscreens and
#     tablets, synthetic gestures: drags, flicks, pinches, taps, edge swipes, the status-bar tap), with
#     the example configuration, and the nested list-with-carousel screen with its own;
#   - the real kiosk scrolling session (Wacom DTH2242) with a scrolling configuration, read both as the
#     evemu recording and as the touch script `--tee-touches` makes of it;
#   - `config check` of the bundled configurations;
#   - `render` of two sessions: the renderer's pan, zoom, indicator and redraw paths.
# Each command must succeed: a training run that fails teaches the compiler an error path.
#
# The two renders count once, everything else 20 times. A render starts by generating its page and
# filling its buffers, loops that run once per pixel — tens of millions of counts, more than all the
# replays' per-frame work together — while in the field that happens once at start-up and the engine,
# the readers and the writer run on every touch frame. Counted alike, the setup would set the bar for
# "hot" and leave the per-frame paths lukewarm (measured: the weighted profile's replays ran 3–7 % less
# CPU than the unweighted one's, and the renderer's frames kept their times).
set -euo pipefail
binary=$(realpath "$1")
profile=$2
profdata=${LLVM_PROFDATA:-llvm-profdata}
cd "$(dirname "$0")/.."
# The same counts on every build, and with them the same release binary: the binary and every file
# it is given are named by the same relative paths wherever the repository is (a path's length and
# bytes are counted too), it runs with the same few environment variables whoever starts it, Set and
# Dictionary iterate in the same order in every process, and addresses are not randomised
# (swift-argument-parser keys a dictionary by object identity, whose hash is an address; the
# environment's size moves the heap). Without setarch -R (a container that forbids it), a handful of
# its counts vary.
work="$(dirname "$profile")/train"
rm -rf "$work"
mkdir -p "$work/field" "$work/render"
cp "$binary" "$work/touchscroll"
binary="$work/touchscroll"
fixed=("$(command -v setarch)" "$(uname -m)" -R)
"${fixed[@]}" true 2> /dev/null || fixed=()

# run KIND ARGUMENTS…: the counts of one command go to $work/KIND.
run() {
    local kind=$1
    shift
    if ! env -i LLVM_PROFILE_FILE="$work/$kind/%p.profraw" SWIFT_DETERMINISTIC_HASHING=1 \
            "${fixed[@]}" "$binary" "$@" > /dev/null 2> "$work/stderr"; then
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
        */tablets-finger/*) run field replay --config config/example.yaml --allow-indirect "$recording" ;;
        *) run field replay --config config/example.yaml "$recording" ;;
    esac
done
run field replay --config config/list-with-carousel.yaml recordings/scripts/list-with-carousel.touches.jsonl
run field replay --config config/list-with-carousel.yaml recordings/synthetic/list-with-carousel.evemu

kiosk="recordings/evemu-devices/tablets-finger/Wacom DTH2242 Finger.events"
run field replay --config bench/scrolling.yaml --tee-touches "$work/kiosk.touches.jsonl" "$kiosk"
run field replay --config bench/scrolling.yaml "$work/kiosk.touches.jsonl"
for config in config/*.yaml bench/scrolling.yaml; do
    run field config check "$config"
done

run render render --config config/list-with-carousel.yaml recordings/scripts/list-with-carousel.touches.jsonl \
    --to 1.25 --png "$work/frames"
run render render --config config/example.yaml recordings/synthetic/pinch-out.evemu --screenshot "$work/pinch.png"

"$profdata" merge -o "$profile" \
    $(for raw in "$work"/field/*.profraw; do echo "--weighted-input=20,$raw"; done) "$work"/render/*.profraw
