#!/usr/bin/env bash
# Runs guest test scripts, each in a fresh boot of the test guest, and prints one line per script and the
# closing "N passed, N failed" line. Exit status 0 only when every script passed.
#
# Usage: e2e/run-tests.sh [--image systemd --root DIR] PAYLOAD_DIR TEST.sh…
#   results of each script in .build/e2e/runs/<name>/results (E2E_BUILD_DIR moves .build/e2e)
#   --image/--root are passed to run-guest.sh (the systemd guest, the tree `make install` made)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
guest_args=()
while [[ "${1:-}" == --image || "${1:-}" == --root || "${1:-}" == --timeout ]]; do guest_args+=("$1" "$2"); shift 2; done
payload="${1:?usage: run-tests.sh [--image NAME --root DIR] PAYLOAD_DIR TEST.sh…}"; shift
[[ $# -gt 0 ]] || { echo "run-tests: no test scripts given" >&2; exit 1; }
passed=0 failed=0 failures=()
for script in "$@"; do
    name="$(basename "$script" .sh)"
    echo "=== e2e: $name"
    started=$SECONDS
    "$here/run-guest.sh" "${guest_args[@]}" --payload "$payload" --script "$script"
    status=$?
    if [[ $status -eq 0 ]]; then
        passed=$((passed + 1)); echo "=== e2e: $name passed ($((SECONDS - started)) s)"
    else
        failed=$((failed + 1)); failures+=("$name"); echo "=== e2e: $name FAILED with status $status ($((SECONDS - started)) s)"
    fi
done
[[ $failed -eq 0 ]] || echo "e2e: failed: ${failures[*]}"
echo "e2e: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
