#!/usr/bin/env bash
# Installs into an empty DESTDIR, checks every file landed where it should with the right content
# and mode, uninstalls, and checks nothing is left. Run twice: PREFIX=/usr/local and PREFIX=/usr.
#
# usage: check-install.sh MAKE [MAKE ARGUMENTS...]   (from the package root)
set -euo pipefail
make_cmd=("$@")
failures=0
fail() { echo "check-install: $*" >&2; failures=$((failures + 1)); }

check_prefix() {
  local prefix=$1 root
  root=$(mktemp -d)
  "${make_cmd[@]}" --no-print-directory install DESTDIR="$root" PREFIX="$prefix" >/dev/null
  local bin="$root$prefix/bin/touchscroll"
  local unit="$root$prefix/lib/systemd/system/touchscroll.service"
  local rules="$root$prefix/lib/udev/rules.d/70-touchscroll.rules"
  local doc="$root$prefix/share/doc/touchscroll"
  [ -x "$bin" ] || fail "$prefix: binary missing or not executable"
  # It must run on a machine without a Swift toolchain (the Swift runtime linked in) and be stripped.
  if readelf -d "$bin" | grep -q 'NEEDED.*libswift'; then fail "$prefix: the binary needs the Swift runtime's shared libraries"; fi
  # Only glibc's shared libraries: the C++ library and the drawing libraries are linked statically, and the
  # input libraries are loaded by the live commands when they need them (docs/deployment.md).
  local needed
  needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | grep -vxE 'libc\.so\.6|libm\.so\.6|ld-linux-[a-z0-9_-]+\.so\.[0-9]+' || true)
  [ -z "$needed" ] || fail "$prefix: the binary links shared libraries besides glibc's: $(echo $needed)"
  if readelf -S "$bin" | grep -q '\.symtab'; then fail "$prefix: the binary is not stripped"; fi
  "$bin" --version >/dev/null || fail "$prefix: the installed binary does not run"
  cmp -s "$root$prefix/lib/sysusers.d/touchscroll.conf" systemd/touchscroll.sysusers || fail "$prefix: sysusers.d file missing or different"
  [ -f "$unit" ] || fail "$prefix: unit missing"
  grep -qx "ExecStart=$prefix/bin/touchscroll daemon --config \${CONFIGURATION_DIRECTORY}/touchscroll.yaml" "$unit" \
    || fail "$prefix: unit's ExecStart does not point at $prefix/bin/touchscroll"
  grep -qx "ExecReload=$prefix/bin/touchscroll config check \${CONFIGURATION_DIRECTORY}/touchscroll.yaml" "$unit" \
    || fail "$prefix: unit's ExecReload does not check the configuration with $prefix/bin/touchscroll"
  [ "$(stat -c %a "$unit")" = 644 ] || fail "$prefix: unit mode is $(stat -c %a "$unit")"
  cmp -s "$rules" udev/70-touchscroll.rules || fail "$prefix: udev rules missing or different"
  cmp -s "$doc/61-touchscroll-local.hwdb.example" udev/61-touchscroll-local.hwdb.example || fail "$prefix: hwdb example missing"
  [ -f "$doc/deployment.md" ] || fail "$prefix: deployment.md missing"
  [ -f "$doc/control.md" ] || fail "$prefix: control.md missing"
  if [ -f config/example.yaml ]; then
    cmp -s "$root/etc/touchscroll/touchscroll.yaml" config/example.yaml || fail "$prefix: /etc/touchscroll/touchscroll.yaml missing"
  fi

  # A second install keeps an edited configuration.
  if [ -f config/example.yaml ]; then
    echo "# edited by the admin" >> "$root/etc/touchscroll/touchscroll.yaml"
    "${make_cmd[@]}" --no-print-directory install DESTDIR="$root" PREFIX="$prefix" >/dev/null
    grep -q "edited by the admin" "$root/etc/touchscroll/touchscroll.yaml" || fail "$prefix: reinstall overwrote the edited config"
  fi

  "${make_cmd[@]}" --no-print-directory uninstall DESTDIR="$root" PREFIX="$prefix" >/dev/null
  local left
  left=$(cd "$root" && find . -type f | sort)
  if [ -f config/example.yaml ]; then
    # the edited configuration is the admin's: uninstall leaves it
    [ "$left" = "./etc/touchscroll/touchscroll.yaml" ] || fail "$prefix: after uninstall: $left"
  else
    [ -z "$left" ] || fail "$prefix: after uninstall: $left"
  fi
  rm -rf "$root"
  echo "install/uninstall with PREFIX=$prefix: checked"
}

check_prefix /usr/local
check_prefix /usr
[ "$failures" = 0 ] || exit 1
