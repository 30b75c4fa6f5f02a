# touchscroll — build, run, test.
#
#   make run     install what is missing, build, replay the bundled default input, print JSON Lines
#   make test    install what is missing, build, run every test (what CI runs)
#   make bench   throughput and frame-time figures as ratios to baselines measured in the same run
#
# Each area of the tree adds what it needs in mk/<area>.mk:
#   APT_PACKAGES += …   Debian packages the build or tests need
#   TEST_EXTRA   += …   further make targets that `make test` runs after `swift test`
SHELL       := /bin/bash
SWIFT       ?= swift
CONFIG      ?= debug
SWIFT_FLAGS ?=
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

APT_PACKAGES := pkg-config libinput-dev libevdev-dev libudev-dev
TEST_EXTRA   :=
RUN_INPUT    ?= recordings/scripts/flick.touches.jsonl
RUN_CONFIG   ?= config/example.yaml

-include mk/*.mk

.PHONY: all deps build run test swift-test bench golden clean help

all: build

help:
	@sed -n '2,10p' Makefile

# Install the Debian packages that are missing, and only those (idempotent; apt-get update once).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing" >&2; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >&2; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)

run: build
	"$(BIN_DIR)/touchscroll" replay --config "$(RUN_CONFIG)" "$(RUN_INPUT)"

swift-test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

test: swift-test $(TEST_EXTRA)

clean:
	rm -rf .build
