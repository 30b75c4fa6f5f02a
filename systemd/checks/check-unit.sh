#!/usr/bin/env bash
# Checks the service unit the way CI must: `systemd-analyze verify` with no warnings, and
# `systemd-analyze security --offline=yes` at or below a maximum exposure.
#
# usage: check-unit.sh UNIT BINARY MAX_EXPOSURE
#   UNIT           systemd/touchscroll.service
#   BINARY         the built touchscroll: verify needs ExecStart's binary to exist, so the unit is
#                  checked as a copy whose ExecStart/ExecReload point at it (everything else unchanged)
#   MAX_EXPOSURE   e.g. 2.0; the check fails above it
set -euo pipefail
unit=$1 binary=$2 max=$3
[ -x "$binary" ] || { echo "check-unit: $binary is not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
name=$(basename "$unit")
sed "s|^\(Exec[A-Za-z]*=\)/usr/local/bin/touchscroll|\1$(realpath "$binary")|" "$unit" > "$work/$name"
grep -q "^ExecStart=$(realpath "$binary") " "$work/$name" || { echo "check-unit: no ExecStart=/usr/local/bin/touchscroll in $unit" >&2; exit 1; }

# verify: exit status and stderr both count (systemd 252 only warns about unknown settings)
if ! systemd-analyze verify --man=no "$work/$name" 2> "$work/verify.log" || [ -s "$work/verify.log" ]; then
  echo "check-unit: systemd-analyze verify $name:" >&2
  sed 's/^/  /' "$work/verify.log" >&2
  exit 1
fi
echo "systemd-analyze verify $name: ok"

systemd-analyze security --offline=yes --no-pager "$work/$name" > "$work/security.txt" 2>&1 || true
exposure=$(sed -n "s/.*Overall exposure level for $name: \([0-9.]*\).*/\1/p" "$work/security.txt")
if [ -z "$exposure" ]; then
  echo "check-unit: no exposure level in systemd-analyze security output:" >&2
  cat "$work/security.txt" >&2
  exit 1
fi
if awk -v e="$exposure" -v m="$max" 'BEGIN { exit !(e > m) }'; then
  echo "check-unit: exposure $exposure is above $max; the findings:" >&2
  grep '✗' "$work/security.txt" >&2 || true
  exit 1
fi
echo "systemd-analyze security $name: exposure $exposure (max $max)"
