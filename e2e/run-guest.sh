#!/usr/bin/env bash
# Boots the real-kernel test guest and runs one test script in it (see docs/e2e.md).
#
#   e2e/run-guest.sh --script TEST.sh [--payload DIR] [--screendump OUT.ppm] [--results DIR]
#                    [--workdir DIR] [--timeout SECONDS] [--append "kernel args"]
#                    [--image busybox|systemd] [--root DIR]
#
# --payload DIR   copied to /payload in the guest (/payload/bin is on PATH). Every ELF file in it gets the
#                 libraries ldd names (and the loader) copied to the same paths in the guest.
# --script FILE   runs as /e2e/test.sh; its exit status is this script's exit status.
# --screendump F  the display as the test left it, as a PPM.
# --results DIR   the files the test left in /results (default WORKDIR/results), plus output.log.
# --workdir DIR   console.log (kernel console), qemu.log, initrd (default .build/e2e/runs/<script name>).
# --image NAME    busybox (default; e2e/build-image.sh, /init runs the test) or systemd (e2e/build-systemd-image.sh:
#                 Debian with systemd as PID 1; e2e-test.service runs the test after multi-user.target).
# --root DIR      a tree copied as it is onto the guest's / (the systemd guest gets the project from
#                 `make install DESTDIR=DIR`). The systemd guest gets no libraries from the host: what the
#                 installed files need must be in the image, as on a user's machine.
# Exit status: the test's; 124 timeout; 125 harness failure (QEMU, image); 126 guest died without a status.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
build_dir="${E2E_BUILD_DIR:-$repo/.build/e2e}"

usage() { sed -n '2,14p' "$0" >&2; exit 125; }
payload="" script="" screendump="" results="" workdir="" timeout="${E2E_TIMEOUT:-300}" append="" image_kind=busybox root=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --payload) payload="$2"; shift 2 ;;
        --script) script="$2"; shift 2 ;;
        --screendump) screendump="$2"; shift 2 ;;
        --results) results="$2"; shift 2 ;;
        --workdir) workdir="$2"; shift 2 ;;
        --timeout) timeout="$2"; shift 2 ;;
        --append) append="$2"; shift 2 ;;
        --image) image_kind="$2"; shift 2 ;;
        --root) root="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "run-guest: unknown argument $1" >&2; usage ;;
    esac
done
[[ -n "$script" && -f "$script" ]] || { echo "run-guest: --script FILE is required" >&2; usage; }
[[ -z "$payload" || -d "$payload" ]] || { echo "run-guest: payload $payload is not a directory" >&2; exit 125; }
workdir="${workdir:-$build_dir/runs/$(basename "$script" .sh)}"
mkdir -p "$workdir"
workdir="$(cd "$workdir" && pwd)"

[[ -z "$root" || -d "$root" ]] || { echo "run-guest: root $root is not a directory" >&2; exit 125; }
case "$image_kind" in
    busybox) builder="$here/build-image.sh" init=/init ;;
    systemd) builder="$here/build-systemd-image.sh" init=/lib/systemd/systemd ;;
    *) echo "run-guest: --image busybox or systemd, not $image_kind" >&2; exit 125 ;;
esac
image="$("$builder")" || { echo "run-guest: building the $image_kind guest image failed" >&2; exit 125; }
ext="$(cat "$image/compression")"

# The per-run overlay: payload, test script and the payload's libraries, as a second cpio archive appended to
# the cached one (the kernel unpacks concatenated archives in order).
overlay="$workdir/overlay"
rm -rf "$overlay" && mkdir -p "$overlay/e2e" "$overlay/payload"
[[ -n "$payload" ]] && cp -a "$payload/." "$overlay/payload/"
[[ -n "$root" ]] && cp -a "$root/." "$overlay/"
cp "$script" "$overlay/e2e/test.sh"
# copy_library PATH: into the overlay at the same path under the guest's merged /usr, unless the image has it.
copy_library() {
    local lib="$1" guest_path
    case "$lib" in
        /lib/*|/lib64/*|/bin/*|/sbin/*) guest_path="/usr$lib" ;;
        *) guest_path="$lib" ;;
    esac
    grep -qxF ".$guest_path" "$image/manifest" && return 0   # already in the cached image
    [[ -e "$overlay$guest_path" ]] && return 0
    mkdir -p "$overlay$(dirname "$guest_path")"
    cp -L "$lib" "$overlay$guest_path"
}
if [[ -n "$payload" && "$image_kind" == busybox ]]; then
    while IFS= read -r -d '' file; do
        [[ "$(head -c4 "$file" | od -An -c | tr -d ' ')" == '177ELF' ]] || continue
        ldd "$file" 2>/dev/null | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}' | while read -r lib; do
            copy_library "$lib"
        done
    done < <(find "$overlay/payload" -type f -print0)
fi
initrd="$workdir/initrd.cpio.$ext"
cp "$image/base.cpio.$ext" "$initrd"
if [[ "$ext" == zst ]]; then compress=(zstd -q -T0 -3); else compress=(gzip -1); fi
(cd "$overlay" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) | "${compress[@]}" >> "$initrd"

args=(--kernel "$image/kernel-image" --initrd "$initrd" --workdir "$workdir" --timeout "$timeout" --init "$init")
[[ -n "$results" ]] && args+=(--results "$results")
[[ -n "$screendump" ]] && args+=(--screendump "$screendump")
[[ -n "$append" ]] && args+=(--append "$append")
exec python3 -B "$here/lib/guest.py" "${args[@]}"
