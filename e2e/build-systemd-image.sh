#!/usr/bin/env bash
# Builds the cached systemd guest: a Debian 12 root file system from apt (mmdebstrap), booted with Debian's
# own systemd as PID 1, systemd-udevd and journald, on the same kernel as the busybox guest (docs/e2e.md):
#   .build/e2e/systemd-image-<kernel>-<hash>/kernel-image   the kernel (the busybox image's, same file)
#   .build/e2e/systemd-image-<kernel>-<hash>/base.cpio.zst  the root file system as an initramfs archive
#   .build/e2e/systemd-image                                symlink to the current one
# The whole root file system is the initramfs (no disk, no switch-root): the kernel unpacks it into a tmpfs
# and runs /lib/systemd/systemd. The key (e2e/lib/image-cache.sh) is the kernel version, this script and
# the cache library, the files under e2e/guest-systemd/ and the busybox guest's test library, so a rerun
# with nothing changed returns at once.
# (Package versions are whatever the mirror serves when the image is built; --force rebuilds.)
#
# Usage: e2e/build-systemd-image.sh [--force]    prints the image directory on stdout
# Env:   E2E_KERNEL, E2E_BUILD_DIR as for build-image.sh; E2E_DEBIAN_MIRROR (default: the host's apt sources)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
build_dir="${E2E_BUILD_DIR:-$repo/.build/e2e}"
force=no
[[ "${1:-}" == "--force" ]] && force=yes

log() { printf 'e2e-systemd-image: %s\n' "$*" >&2; }
die() { printf 'e2e-systemd-image: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=lib/image-cache.sh
source "$here/lib/image-cache.sh"
command -v mmdebstrap >/dev/null || die "mmdebstrap is missing (make deps installs the harness packages)"

# The kernel and its ELF image come from the busybox guest's builder (cached there; same kernel for both).
busybox_image="$("$here/build-image.sh")" || die "building the busybox image (for its kernel) failed"
kernel="$(cat "$busybox_image/kernel")"

suite=bookworm
# What a kiosk image needs to run touchscroll: systemd (PID 1, journald, udevd, sysusers) and the shared
# libraries the live commands load (libinput, libevdev, libudev). The Swift runtime, the C++ library,
# pixman, libpng, libjpeg and libdrm are linked into the binary, so the image has only what those packages
# pull in; the service test checks with ldd that the binary finds every library it needs. For the tests: evemu-tools (uinput touchscreens), socat (a control
# socket client), procps (ps, pgrep), passwd (useradd for the kiosk user), kmod (modules-load), libinput-tools
# with the python modules `libinput replay` imports (libevdev, pyudev, yaml) to replay `record --format libinput`.
packages=(systemd udev libnss-systemd kmod procps passwd util-linux evemu-tools socat
          libinput-tools python3-libevdev python3-pyudev python3-yaml
          libinput10 libevdev2 libudev1)
# Kernel modules: input (evdev, uinput), the bochs DRM display, the results disk; autofs4 because systemd
# asks for it at start.
modules=(evdev uinput bochs virtio_pci virtio_blk autofs4)

key_input="$(
    echo "kernel=$kernel suite=$suite packages=${packages[*]} modules=${modules[*]}"
    cat "$here/build-systemd-image.sh" "$here/lib/image-cache.sh" "$here/guest/rootfs/usr/lib/e2e/lib.sh"
    (cd "$here/guest-systemd" && find . -type f -o -type l | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done)
)"
image_cache_open systemd-image "$kernel" "$key_input"
started=$SECONDS
root="$out/root"

# The host's apt sources (deb822 or one-line), so the guest gets the same mirror and snapshot as the host.
mirror=()
if [[ -n "${E2E_DEBIAN_MIRROR:-}" ]]; then
    mirror=("$E2E_DEBIAN_MIRROR")
else
    for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
        [[ -s "$f" ]] && grep -qv '^\s*#' "$f" && { mirror=("$f"); break; }
    done
fi
# minbase without apt's own dependencies' recommends; documentation and translations left out (smaller
# initramfs, faster unpacking under TCG).
mmdebstrap --quiet --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/zoneinfo/*' \
    "$suite" "$root" "${mirror[@]}" >&2 || die "mmdebstrap failed"
# apt's lists and caches are of no use in the guest.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb

# Kernel modules (compressed as shipped: systemd's libkmod reads them) with what they depend on, and the
# module index depmod makes for them, so systemd-udevd loads by alias and modules-load.d works.
moddir="$root/usr/lib/modules/$kernel"
mkdir -p "$moddir"
for m in "${modules[@]}"; do
    modprobe -S "$kernel" --show-depends "$m" | while read -r kind path _; do
        [[ "$kind" == insmod ]] || continue
        mkdir -p "$moddir/$(dirname "${path#/lib/modules/$kernel/}")"
        cp "$path" "$moddir/${path#/lib/modules/$kernel/}"
    done
done
cp "/lib/modules/$kernel/modules.builtin" "/lib/modules/$kernel/modules.builtin.modinfo" "/lib/modules/$kernel/modules.order" "$moddir/" 2>/dev/null || true
depmod -b "$root" "$kernel"

# The guest's own files: the test runner service, masks, modules-load.d, the shared test library.
cp -a "$here/guest-systemd/rootfs/." "$root/"
install -D -m 0644 "$here/guest/rootfs/usr/lib/e2e/lib.sh" "$root/usr/lib/e2e/lib.sh"
chmod 0755 "$root/usr/lib/e2e/run-test"
# A fixed machine id: not a "first boot" (systemd-firstboot would ask questions on the console).
echo 5e2e0000000000000000000000000001 > "$root/etc/machine-id"
: > "$root/etc/fstab"
echo "$kernel" > "$root/etc/e2e-kernel"

(cd "$root" && find . | LC_ALL=C sort > "$out/manifest")
(cd "$root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) | zstd -q -T0 -10 > "$out/base.cpio.zst"
echo zst > "$out/compression"
# A hard link, not a symlink: it stays when the busybox image is rebuilt and its old directory removed.
ln "$(readlink -f "$busybox_image/kernel-image")" "$out/kernel-image"
echo "$kernel" > "$out/kernel"
log "root file system $(du -sh "$root" | cut -f1), initramfs $(du -h "$out/base.cpio.zst" | cut -f1)"
rm -rf "$root"
image_cache_close systemd-image
log "built in $((SECONDS - started)) s"
echo "$out"
