#!/usr/bin/env bash
# Runs the libFuzzer harnesses built in .build-fuzz (mk/fuzz.mk builds them), JOBS at a time,
# SECONDS each, then prints each harness's executions and executions per second.
#
#   fuzz/run.sh SECONDS JOBS [HARNESS…]      (default: every harness)
#
# FUZZ_SEED=N fixes libFuzzer's random seed (the CI smoke run uses 1, so it mutates the same way
# every time; a finding there is still a real one, kept in .build-fuzz/findings).
# Each harness starts from its checked-in seeds (fuzz/corpus/NAME, read only) and a working
# corpus (.build-fuzz/corpus/NAME, where new inputs go). A finding — a crash, a failed round trip,
# an input that takes more than 1 s (-timeout=1) or needs more than 256 MiB (-rss_limit_mb,
# -malloc_limit_mb) — is saved to .build-fuzz/findings/NAME/ and makes the run fail. Reproduce one
# with `.build-fuzz/debug/FuzzNAME .build-fuzz/findings/NAME/crash-…`.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?seconds per harness}
jobs=${2:-2}
shift 2 || true
all=(evemu:FuzzEvemu evemu-split:FuzzEvemuSplit libinput-record:FuzzLibinputRecord touch-script:FuzzTouchScript
     configuration:FuzzConfiguration control:FuzzControl state-file:FuzzStateFile)
selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=("${all[@]%%:*}")

# A Swift trap must end the process the way libFuzzer expects (no backtracer in between, so the
# crashing input is saved); a small ASan quarantine keeps the resident size near the real one.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=quarantine_size_mb=16:detect_leaks=1:handle_abort=1

run_one() {
    local name=$1 product=$2
    local work=.build-fuzz/corpus/$name findings=.build-fuzz/findings/$name log=.build-fuzz/logs/$name.log
    mkdir -p "$work" "$findings" .build-fuzz/logs
    .build-fuzz/debug/"$product" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=256 -malloc_limit_mb=256 \
        -max_len=16384 -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} -artifact_prefix="$findings/" "$work" "fuzz/corpus/$name" >"$log" 2>&1
    echo $? >".build-fuzz/logs/$name.status"
}

pids=()
for name in "${selected[@]}"; do
    product=""
    for entry in "${all[@]}"; do [ "${entry%%:*}" = "$name" ] && product=${entry#*:}; done
    [ -n "$product" ] || { echo "fuzz/run.sh: no harness named $name" >&2; exit 64; }
    run_one "$name" "$product" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait

failed=0
total=0
printf '%-16s %12s %10s %8s  %s\n' harness execs execs/s seconds result
for name in "${selected[@]}"; do
    log=.build-fuzz/logs/$name.log
    status=$(cat ".build-fuzz/logs/$name.status" 2>/dev/null || echo 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    result=ok
    if [ "$status" != 0 ]; then
        result="FAILED (exit $status): $(grep -m1 -E 'ERROR|fuzz check failed|Fatal error' "$log")"
        failed=1
    fi
    total=$((total + ${execs:-0}))
    printf '%-16s %12s %10s %8s  %s\n' "$name" "${execs:-?}" "${rate:-?}" "${time:-?}" "$result"
done
printf '%-16s %12s\n' total "$total"
[ "$failed" = 0 ] || { echo "fuzz: findings in .build-fuzz/findings/, logs in .build-fuzz/logs/" >&2; exit 1; }
