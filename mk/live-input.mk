# Live input (issue 3): libinput / libevdev / libudev backends, the run loop, `run`, `devices`, `record`.
# Host tests: swift test --filter LiveInputTests (no devices needed: every C call is injectable).
# Real-kernel tests: e2e/tests/live-input-*.sh, run by `make e2e` with the others, or alone:
#
#   make e2e-live-input      boot the guest once per live-input test script (docs/live-input.md)
APT_PACKAGES += pkg-config libinput-dev libevdev-dev libudev-dev

.PHONY: e2e-live-input

e2e-live-input: e2e-image e2e-payload
	e2e/run-tests.sh $(E2E_PAYLOAD) $(sort $(wildcard e2e/tests/live-input-*.sh))
