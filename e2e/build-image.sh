#!/usr/bin/env bash
# Builds the cached part of the QEMU guest for the real-kernel harness:
#   .build/e2e/image-<kernel>-<hash>/kernel-image the host's Debian kernel (linux-image-amd64), uncompressed
#   .build/e2e/image-<kernel>-<hash>/base.cpio.*  busybox, kernel modules, udevd + rules + hwdb, evemu, libinput
#   .build/e2e/image                              symlink to the current one
# The key (e2e/lib/image-cache.sh) is the kernel version, this script and the cache library, the guest files
# under e2e/guest/ and the versions of the Debian packages copied in, so a rerun with nothing changed returns at once.
#
# Usage: e2e/build-image.sh [--force]      prints the image directory on stdout
# Env:   E2E_KERNEL=<version>              use this kernel instead of the newest installed one
#        E2E_BUILD_DIR=DIR                 default: <repo>/.build/e2e
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
build_dir="${E2E_BUILD_DIR:-$repo/.build/e2e}"
force=no
[[ "${1:-}" == "--force" ]] && force=yes

log() { printf 'e2e-image: %s\n' "$*" >&2; }
die() { printf 'e2e-image: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=lib/image-cache.sh
source "$here/lib/image-cache.sh"

# --- The kernel: the newest /boot/vmlinuz-* that has a matching /lib/modules directory. -----------------------
pick_kernel() {
    if [[ -n "${E2E_KERNEL:-}" ]]; then echo "$E2E_KERNEL"; return; fi
    local v best=""
    for image in /boot/vmlinuz-*; do
        [[ -e "$image" ]] || continue
        v="${image#/boot/vmlinuz-}"
        [[ -d "/lib/modules/$v/kernel" ]] || continue
        best="$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n1)"
    done
    [[ -n "$best" ]] || die "no /boot/vmlinuz-* with /lib/modules/<version> (apt-get install linux-image-amd64)"
    echo "$best"
}
kernel="$(pick_kernel)"
[[ -r "/boot/vmlinuz-$kernel" ]] || die "/boot/vmlinuz-$kernel is not readable"

# Modules the guest loads (input, the bochs display, the results disk), in the order given; their dependencies are resolved by modprobe below.
modules=(evdev uinput bochs virtio_pci virtio_blk)
# Debian packages whose files go into the image (their versions are part of the cache key).
packages=(busybox-static udev libinput-bin libinput-tools libinput10 evemu-tools libc-bin coreutils util-linux)
# udev rules the guest runs: input identification, evdev hwdb fixes, by-id/by-path links, DRM, libinput's own.
udev_rules=(50-udev-default 60-drm 60-evdev 60-input-id 60-persistent-input 70-mouse 70-touchpad
            80-libinput-device-groups 90-libinput-fuzz-override)
# hwdb sources compiled into the guest's (small) hwdb.bin: the input-related ones only.
hwdb_sources=(60-evdev 60-input-id 60-keyboard 70-mouse 70-pointingstick 70-touchpad)
# Programs copied with every library ldd names (stdbuf: line-buffered output from programs writing to files;
# setpriv: run the daemon as an unprivileged user with supplementary groups, as systemd would).
programs=(/usr/bin/udevadm /usr/bin/evemu-device /usr/bin/evemu-play /usr/bin/evemu-record /usr/bin/evemu-describe
          /usr/bin/evemu-event /usr/bin/libinput /usr/libexec/libinput/libinput-debug-events
          /usr/libexec/libinput/libinput-list-devices /usr/libexec/libinput/libinput-record
          /usr/lib/udev/libinput-device-group /usr/lib/udev/libinput-fuzz-extract
          /usr/lib/udev/libinput-fuzz-to-zero /usr/sbin/ldconfig
          /usr/bin/stdbuf /usr/libexec/coreutils/libstdbuf.so /usr/bin/setpriv)

for p in "${programs[@]}" /bin/busybox; do [[ -e "$p" ]] || die "$p is missing (make deps installs the harness packages)"; done

versions="$(dpkg-query -W -f='${Package}=${Version}\n' "${packages[@]}" 2>/dev/null | sort)"
key_input="$(
    echo "kernel=$kernel"; echo "$versions"
    echo "modules=${modules[*]} rules=${udev_rules[*]} hwdb=${hwdb_sources[*]} programs=${programs[*]}"
    cat "$here/build-image.sh" "$here/lib/image-cache.sh" "$here/lib/extract_vmlinux.py"
    (cd "$here/guest" && find . -type f -o -type l | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done)
)"
image_cache_open image "$kernel" "$key_input"
started=$SECONDS
root="$out/root"
mkdir -p "$root"

# A merged-/usr layout like the host's, so every path ldd or udev prints means the same file in the guest.
mkdir -p "$root"/usr/{bin,sbin,lib,lib64} "$root"/{dev,proc,sys,run,tmp,etc,root,var,mnt}
ln -s usr/bin "$root/bin"; ln -s usr/sbin "$root/sbin"; ln -s usr/lib "$root/lib"; ln -s usr/lib64 "$root/lib64"
ln -s ../run "$root/var/run"
chmod 1777 "$root/tmp"

# copy_path SRC: copies SRC (following symlinks) to the same path in the guest. A busybox applet link of the
# same name is replaced, not written through (cp would overwrite busybox itself with, say, setpriv).
copy_path() {
    local src="$1"
    mkdir -p "$root$(dirname "$src")"
    rm -f "$root$src"
    cp -L --preserve=mode "$src" "$root$src"
}
# copy_with_libraries PROGRAM: the program, every library ldd names, and the loader.
copy_with_libraries() {
    copy_path "$1"
    ldd "$1" 2>/dev/null | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}' | while read -r lib; do
        [[ -e "$root$lib" ]] || copy_path "$lib"
    done
}

# busybox: the shell, coreutils and friends; links made here so boot does not spend time on --install.
cp /bin/busybox "$root/usr/bin/busybox"
for applet in $(/bin/busybox --list); do
    [[ -e "$root/usr/bin/$applet" ]] || ln -s busybox "$root/usr/bin/$applet"
done

for p in "${programs[@]}"; do copy_with_libraries "$p"; done
# Debian's udevadm is multi-call: named systemd-udevd it is the daemon.
mkdir -p "$root/usr/lib/systemd"
ln -sf ../../bin/udevadm "$root/usr/lib/systemd/systemd-udevd"

# udev rules and hwdb
mkdir -p "$root/usr/lib/udev/rules.d" "$root/usr/lib/udev/hwdb.d" "$root/etc/udev/rules.d" "$root/etc/udev/hwdb.d"
for r in "${udev_rules[@]}"; do cp "/usr/lib/udev/rules.d/$r.rules" "$root/usr/lib/udev/rules.d/"; done
for h in "${hwdb_sources[@]}"; do cp "/usr/lib/udev/hwdb.d/$h.hwdb" "$root/usr/lib/udev/hwdb.d/"; done
# Compiled on the host (same udev version as the guest), so boot does not pay for it.
udevadm hwdb --update --usr --root="$root" 2>/dev/null || systemd-hwdb --usr --root="$root" update
[[ -s "$root/usr/lib/udev/hwdb.bin" ]] || die "hwdb.bin was not built"

# libinput's quirks (libinput refuses to start without them) and libwacom's data (libinput asks it about devices).
copy_dir() { mkdir -p "$root$1" && cp -a "$1/." "$root$1/"; }
copy_dir /usr/share/libinput
[[ -d /usr/share/libwacom ]] && copy_dir /usr/share/libwacom

# Kernel modules with their dependencies, in load order, decompressed (busybox insmod takes plain .ko only).
moddir="$root/usr/lib/modules/$kernel"
mkdir -p "$moddir/e2e"
: > "$root/etc/e2e-modules"
for m in "${modules[@]}"; do
    modprobe -S "$kernel" --show-depends "$m" | while read -r kind path _; do
        [[ "$kind" == insmod ]] || continue
        name="$(basename "$path")"; name="${name%%.ko*}"
        grep -qx "$name" "$root/etc/e2e-modules" && continue
        case "$path" in
            *.ko.xz)  xz -dc "$path" > "$moddir/e2e/$name.ko" ;;
            *.ko.zst) zstd -qdc "$path" > "$moddir/e2e/$name.ko" ;;
            *.ko.gz)  gzip -dc "$path" > "$moddir/e2e/$name.ko" ;;
            *.ko)     cp "$path" "$moddir/e2e/$name.ko" ;;
            *) die "unexpected module file $path" ;;
        esac
        echo "$name" >> "$root/etc/e2e-modules"
    done
done
cp "/lib/modules/$kernel/modules.builtin" "$moddir/" 2>/dev/null || true

cmp -s /bin/busybox "$root/usr/bin/busybox" || die "busybox in the image was overwritten by a copied program"

# The guest's own files: /init, /etc (users, groups), the test library.
cp -a "$here/guest/rootfs/." "$root/"
chmod 0755 "$root/init"
echo "$kernel" > "$root/etc/e2e-kernel"

# The loader's cache, so the dynamic programs find their libraries without a search.
ldconfig -r "$root" 2>/dev/null || true

(cd "$root" && find . | LC_ALL=C sort > "$out/manifest")

# Compress with zstd when the kernel can unpack it (faster to unpack under TCG), else gzip.
compress=(gzip -6); ext=gz
if grep -q '^CONFIG_RD_ZSTD=y' "/boot/config-$kernel" 2>/dev/null && command -v zstd >/dev/null; then
    compress=(zstd -q -T0 -10); ext=zst
fi
(cd "$root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet) | "${compress[@]}" > "$out/base.cpio.$ext"
echo "$ext" > "$out/compression"
# The kernel QEMU boots: the uncompressed ELF through its PVH entry when possible (saves the real-mode firmware
# path and the kernel's own decompression, several seconds under TCG), else the bzImage as installed.
if python3 -B "$here/lib/extract_vmlinux.py" "/boot/vmlinuz-$kernel" "$out/vmlinux"; then
    ln -s vmlinux "$out/kernel-image"
else
    log "booting the compressed bzImage instead"
    cp "/boot/vmlinuz-$kernel" "$out/vmlinuz"
    ln -s vmlinuz "$out/kernel-image"
fi
echo "$kernel" > "$out/kernel"
rm -rf "$root"
image_cache_close image
log "built $(du -h "$out/base.cpio.$ext" | cut -f1) initramfs in $((SECONDS - started)) s"
echo "$out"
