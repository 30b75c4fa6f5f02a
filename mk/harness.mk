# The real-kernel test harness (docs/e2e.md): a QEMU guest running Debian's kernel with evdev, uinput, udevd,
# libinput and a bochs DRM framebuffer, built from the host's packages by e2e/build-image.sh.
#
#   make e2e-image     build (or reuse) the cached guest image under .build/e2e/
#   make e2e-payload   release build of touchscroll (static Swift stdlib) staged with recordings and tests
#   make e2e-smoke     boot the guest and run e2e/tests/smoke.sh (the harness's own proof)
#   make e2e           run every guest test script in e2e/tests/*.sh, one guest boot each, then the systemd
#                      guest's e2e/systemd-tests/*.sh
#   make e2e-systemd   the systemd guest only: Debian with systemd as PID 1 (e2e/build-systemd-image.sh), the
#                      project installed into it by `make install DESTDIR=…`, e2e/systemd-tests/*.sh
#   make e2e-run E2E_SCRIPT=e2e/tests/NAME.sh [E2E_SCREENDUMP=out.ppm]   one script, for debugging (a script
#                      under e2e/systemd-tests/ runs in the systemd guest)

APT_PACKAGES += qemu-system-x86 linux-image-amd64 busybox-static udev libinput-bin libinput-tools evemu-tools \
                kmod cpio zstd xz-utils python3 binutils mmdebstrap

E2E_DIR      := .build/e2e
E2E_PAYLOAD  := $(E2E_DIR)/payload
E2E_TESTS    ?= $(sort $(wildcard e2e/tests/*.sh))
# The payload binary: release, Swift runtime linked in (the guest has no Swift toolchain). E2E_CONFIG=debug
# builds it unoptimised: faster to compile, slower in the guest.
E2E_CONFIG   ?= release
E2E_BUILD_FLAGS := $(call deploy_flags,$(E2E_CONFIG)) --product touchscroll

# The systemd guest: its tests, the tree `make install` makes for it (PREFIX=/usr/local, as a user installs),
# and a payload without a binary (recordings and the shared evemu devices only). Its boot takes longer (the
# whole Debian root is unpacked, systemd starts its units): a longer timeout per script.
E2E_SYSTEMD_TESTS   ?= $(sort $(wildcard e2e/systemd-tests/*.sh))
E2E_SYSTEMD_ROOT    := $(E2E_DIR)/systemd-root
E2E_SYSTEMD_PAYLOAD := $(E2E_DIR)/systemd-payload
E2E_SYSTEMD_ARGS     = --image systemd --root $(E2E_SYSTEMD_ROOT) --timeout 600

.PHONY: e2e e2e-image e2e-payload e2e-smoke e2e-run e2e-systemd e2e-systemd-image e2e-systemd-root

# `make test` (CI) runs the guest tests too. From scratch on the 2-core machine: image ~10 s, boot + smoke
# 30–60 s, plus the release build of touchscroll (~4 min and growing); see docs/e2e.md, Timings.
TEST_EXTRA += e2e

e2e-image: deps
	e2e/build-image.sh > /dev/null

e2e-payload: deps $(call pgo_for,$(E2E_CONFIG))
	$(SWIFT) build $(E2E_BUILD_FLAGS) $(SWIFT_FLAGS)
	e2e/stage-payload.sh $(E2E_PAYLOAD) "$$($(SWIFT) build $(E2E_BUILD_FLAGS) --show-bin-path)/touchscroll" > /dev/null

# The smoke test also leaves its two-colour frame on the display: the host checks the final screendump itself.
e2e-smoke: e2e-image e2e-payload
	e2e/run-guest.sh --payload $(E2E_PAYLOAD) --script e2e/tests/smoke.sh --screendump $(E2E_DIR)/smoke-final.ppm
	python3 -B e2e/lib/ppm.py expect $(E2E_DIR)/smoke-final.ppm 0 0 32 128 224
	python3 -B e2e/lib/ppm.py expect $(E2E_DIR)/smoke-final.ppm 1279 799 240 64 16
	@echo "e2e-smoke: the host read the guest's colours from the final screendump"

e2e: e2e-image e2e-payload e2e-systemd-image e2e-systemd-root
	@status=0; \
	e2e/run-tests.sh $(E2E_PAYLOAD) $(E2E_TESTS) || status=1; \
	e2e/run-tests.sh $(E2E_SYSTEMD_ARGS) $(E2E_SYSTEMD_PAYLOAD) $(E2E_SYSTEMD_TESTS) || status=1; \
	exit $$status

e2e-systemd-image: deps
	e2e/build-systemd-image.sh > /dev/null

# `make install` into a scratch root: the same release build as e2e-payload (INSTALL_BUILD_FLAGS in
# mk/daemon.mk are E2E_BUILD_FLAGS), so this compiles nothing new.
e2e-systemd-root: e2e-payload
	rm -rf $(E2E_SYSTEMD_ROOT)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(E2E_SYSTEMD_ROOT)) PREFIX=/usr/local INSTALL_CONFIG=$(E2E_CONFIG) > /dev/null
	e2e/stage-payload.sh $(E2E_SYSTEMD_PAYLOAD) - > /dev/null

e2e-systemd: e2e-systemd-image e2e-systemd-root
	e2e/run-tests.sh $(E2E_SYSTEMD_ARGS) $(E2E_SYSTEMD_PAYLOAD) $(E2E_SYSTEMD_TESTS)

e2e-run: e2e-image e2e-payload $(if $(findstring systemd-tests/,$(E2E_SCRIPT)),e2e-systemd-image e2e-systemd-root)
	@test -n "$(E2E_SCRIPT)" || { echo "usage: make e2e-run E2E_SCRIPT=e2e/tests/NAME.sh" >&2; exit 2; }
	e2e/run-guest.sh $(if $(findstring systemd-tests/,$(E2E_SCRIPT)),$(E2E_SYSTEMD_ARGS) --payload $(E2E_SYSTEMD_PAYLOAD),--payload $(E2E_PAYLOAD)) \
	  --script "$(E2E_SCRIPT)" $(if $(E2E_SCREENDUMP),--screendump "$(E2E_SCREENDUMP)")
