#!/usr/bin/env bash
# Stages the payload the guest tests run against (copied to /payload in the guest by run-guest.sh):
#   bin/touchscroll                            the release binary (symbols stripped: a smaller initramfs)
#   recordings/                                the repository's recordings/ (when present)
#   shared/recordings/evemu-devices/           the shared real-device corpus (evemu descriptions + events)
#   tests/                                     e2e/tests/ (scripts and any fixtures beside them)
# The libraries the binary needs are added by run-guest.sh (it copies what ldd names for every ELF file).
#
# Usage: e2e/stage-payload.sh OUT_DIR TOUCHSCROLL_BINARY
#        e2e/stage-payload.sh OUT_DIR -      no binary: the systemd guest runs the one `make install` installed
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
out="${1:?usage: stage-payload.sh OUT_DIR TOUCHSCROLL_BINARY}"
binary="${2:?usage: stage-payload.sh OUT_DIR TOUCHSCROLL_BINARY}"
[[ "$binary" == - || -x "$binary" ]] || { echo "stage-payload: $binary is not an executable" >&2; exit 1; }

rm -rf "$out" && mkdir -p "$out/bin" "$out/shared/recordings"
if [[ "$binary" == - ]]; then
    rmdir "$out/bin"
elif command -v strip >/dev/null; then
    strip -o "$out/bin/touchscroll" "$binary"
else
    cp "$binary" "$out/bin/touchscroll"
fi
[[ -d "$repo/recordings" ]] && cp -a "$repo/recordings" "$out/recordings"
# The shared corpus sits beside the clone (../shared); from a worktree under <root>/wt/ it is ../../shared.
shared=""
for candidate in "${E2E_SHARED_RECORDINGS:-}" "$repo/../shared/recordings" "$repo/../../shared/recordings"; do
    [[ -n "$candidate" && -d "$candidate/evemu-devices" ]] && { shared="$candidate"; break; }
done
if [[ -n "$shared" ]]; then
    cp -a "$shared/evemu-devices" "$out/shared/recordings/evemu-devices"
else
    echo "stage-payload: no shared/recordings/evemu-devices beside the repository (set E2E_SHARED_RECORDINGS)" >&2
fi
cp -a "$here/tests" "$out/tests"
echo "$out"
