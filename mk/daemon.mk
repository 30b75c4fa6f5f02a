# The daemon: systemd unit and udev checks, install / uninstall.
#
#   make systemd-check   systemd-analyze verify + security (exposure ≤ SECURITY_MAX_EXPOSURE), and the
#                        binary run under memory-deny-write-execute as MemoryDenyWriteExecute=yes does
#   make udev-check      the udev rules (udevadm verify where it exists, else udev/check-rules.py) and
#                        the hwdb example compiled by systemd-hwdb into a scratch root
#   make install         PREFIX=/usr/local DESTDIR= INSTALL_CONFIG=release: a release binary with the Swift
#                        runtime linked in (runs without a Swift toolchain), stripped
#   make uninstall       same variables; an edited /etc/touchscroll/touchscroll.yaml is left in place
#   make install-check   install into a scratch DESTDIR, check the tree, uninstall, check it is empty
APT_PACKAGES += systemd udev python3
TEST_EXTRA   += systemd-check udev-check install-check

PREFIX                ?= /usr/local
DESTDIR               ?=
SYSCONFDIR            ?= /etc
INSTALL_CONFIG        ?= release
SECURITY_MAX_EXPOSURE ?= 2.0
DAEMON_UNIT           := systemd/touchscroll.service
DAEMON_SYSUSERS       := systemd/touchscroll.sysusers
DAEMON_RULES          := udev/70-touchscroll.rules
DAEMON_HWDB_EXAMPLE   := udev/61-touchscroll-local.hwdb.example
DAEMON_DOCS           := docs/deployment.md docs/control.md
DAEMON_EXAMPLE_CONFIG := config/example.yaml

# The same flags as the guest tests' payload (E2E_BUILD_FLAGS in mk/harness.mk), so `make install`, the
# install check and the guest tests share one release build: the Swift runtime is linked in statically (the
# target has no Swift toolchain; the C libraries — libinput, libudev, pixman, … — come from its packages).
INSTALL_BUILD_FLAGS    = $(call deploy_flags,$(INSTALL_CONFIG)) --product touchscroll

.PHONY: systemd-check udev-check install uninstall install-check

systemd-check: deps
	$(SWIFT) build -c $(CONFIG) --product touchscroll $(SWIFT_FLAGS)
	systemd/checks/check-unit.sh $(DAEMON_UNIT) "$(BIN_DIR)/touchscroll" $(SECURITY_MAX_EXPOSURE)
	systemd/checks/check-mdwe.sh "$(BIN_DIR)/touchscroll"

udev-check: deps
	@if udevadm verify --help >/dev/null 2>&1; then \
	  udevadm verify --resolve-names=never $(DAEMON_RULES); \
	else \
	  echo "udevadm $$(udevadm --version) has no verify; checking with udev/check-rules.py"; \
	fi
	udev/check-rules.py $(DAEMON_RULES)
	@root=$$(mktemp -d); trap 'rm -rf "$$root"' EXIT; \
	mkdir -p "$$root/etc/udev/hwdb.d"; \
	cp $(DAEMON_HWDB_EXAMPLE) "$$root/etc/udev/hwdb.d/61-touchscroll-local.hwdb"; \
	systemd-hwdb update --strict --root="$$root" 2> "$$root/log" || { cat "$$root/log" >&2; exit 1; }; \
	if [ -s "$$root/log" ]; then echo "hwdb example:" >&2; cat "$$root/log" >&2; exit 1; fi; \
	found=$$(systemd-hwdb query --root="$$root" 'evdev:input:b0003v0EEFp0001e0100-e0,1,3,k14A,ra0,1,35,36,mlsfw' | grep -c '^EVDEV_ABS_'); \
	[ "$$found" = 4 ] || { echo "hwdb example: expected 4 EVDEV_ABS properties for its match, got $$found" >&2; exit 1; }; \
	echo "hwdb example: compiles, its match yields 4 EVDEV_ABS properties"

install: $(call pgo_for,$(INSTALL_CONFIG))
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) $(SWIFT_FLAGS)
	install -D -s -m 0755 "$$($(SWIFT) build $(INSTALL_BUILD_FLAGS) --show-bin-path)/touchscroll" "$(DESTDIR)$(PREFIX)/bin/touchscroll"
	install -d "$(DESTDIR)$(PREFIX)/lib/systemd/system"
	sed -e 's|/usr/local/bin/touchscroll|$(PREFIX)/bin/touchscroll|' -e 's|/usr/local/share/doc/touchscroll|$(PREFIX)/share/doc/touchscroll|' \
	  $(DAEMON_UNIT) > "$(DESTDIR)$(PREFIX)/lib/systemd/system/touchscroll.service"
	chmod 0644 "$(DESTDIR)$(PREFIX)/lib/systemd/system/touchscroll.service"
	install -D -m 0644 $(DAEMON_SYSUSERS) "$(DESTDIR)$(PREFIX)/lib/sysusers.d/touchscroll.conf"
	install -D -m 0644 $(DAEMON_RULES) "$(DESTDIR)$(PREFIX)/lib/udev/rules.d/70-touchscroll.rules"
	install -D -m 0644 -t "$(DESTDIR)$(PREFIX)/share/doc/touchscroll" $(DAEMON_HWDB_EXAMPLE) $(DAEMON_DOCS)
	@if [ -f $(DAEMON_EXAMPLE_CONFIG) ]; then \
	  if [ -e "$(DESTDIR)$(SYSCONFDIR)/touchscroll/touchscroll.yaml" ]; then \
	    echo "keeping the existing $(DESTDIR)$(SYSCONFDIR)/touchscroll/touchscroll.yaml"; \
	  else \
	    install -D -m 0644 $(DAEMON_EXAMPLE_CONFIG) "$(DESTDIR)$(SYSCONFDIR)/touchscroll/touchscroll.yaml"; \
	  fi; \
	fi

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/touchscroll" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/system/touchscroll.service" \
	  "$(DESTDIR)$(PREFIX)/lib/sysusers.d/touchscroll.conf" \
	  "$(DESTDIR)$(PREFIX)/lib/udev/rules.d/70-touchscroll.rules" \
	  "$(DESTDIR)$(PREFIX)/share/doc/touchscroll/61-touchscroll-local.hwdb.example" \
	  $(addprefix "$(DESTDIR)$(PREFIX)/share/doc/touchscroll/,$(addsuffix ",$(notdir $(DAEMON_DOCS))))
	-rmdir "$(DESTDIR)$(PREFIX)/share/doc/touchscroll" 2>/dev/null
	@config="$(DESTDIR)$(SYSCONFDIR)/touchscroll/touchscroll.yaml"; \
	if [ -f "$$config" ] && [ -f $(DAEMON_EXAMPLE_CONFIG) ] && cmp -s "$$config" $(DAEMON_EXAMPLE_CONFIG); then \
	  rm -f "$$config"; rmdir "$(DESTDIR)$(SYSCONFDIR)/touchscroll" 2>/dev/null || true; \
	elif [ -f "$$config" ]; then echo "leaving the edited $$config"; fi

# Uses the release build the guest tests use too (INSTALL_CONFIG=release): CI compiles one release binary.
install-check: deps
	systemd/checks/check-install.sh $(MAKE)
