# touchscroll — build, run, test.
#
#   make run     install what is missing, build, replay the bundled default input, print JSON Lines
#   make test    install what is missing, build, run every test (what CI runs)
#   make bench   speed, memory and size as ratios to baselines measured in the same run, against the targets
#   make soak    the engine's property test over 100 000 random gesture sessions
#   make e2e     the real-kernel tests in a QEMU guest (also part of `make test`; docs/e2e.md)
#
# Each area of the tree adds what it needs in mk/<area>.mk:
#   APT_PACKAGES += …   Debian packages the build or tests need
#   TEST_EXTRA   += …   further make targets that `make test` runs after `swift test`
SHELL       := /bin/bash
SWIFT       ?= swift
CONFIG      ?= debug
SWIFT_FLAGS ?=
BIN_DIR      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path 2>/dev/null)

APT_PACKAGES := pkg-config libinput-dev libevdev-dev libudev-dev time gcc binutils
TEST_EXTRA   :=
# `make run` replays the bundled touch scripts one after another (one header line each).
RUN_INPUTS   ?= recordings/scripts/flick.touches.jsonl recordings/scripts/drag-and-hold.touches.jsonl \
                recordings/scripts/drag-past-edge.touches.jsonl recordings/scripts/status-bar-tap.touches.jsonl
RUN_CONFIG   ?= config/example.yaml
# …then the screen of nested scroll views (a list with a carousel) with its own configuration.
RUN_NESTED   ?= config/list-with-carousel.yaml recordings/scripts/list-with-carousel.touches.jsonl

# The flags of a binary built for use — `make install`, the guest tests' payload, every benchmark — as
# `$(call deploy_flags,CONFIG)`: the Swift runtime linked in statically (the target has no toolchain), and in
# release whole-program link-time optimisation (SwiftPM's LTO mode: the modules are compiled to LLVM bitcode
# and optimised together when linked, so a call from one module into another — reader, playback driver,
# engine, stream writer — is inlined as a call within one is; a replay runs 6–8 % less CPU), guided by a profile
# of a training run (mk/pgo.mk: a target that builds release depends on $(call pgo_for,CONFIG)). One set of
# flags for all of them, so they share one .build/release and no build recompiles another's modules.
# No `$ORIGIN` run path either (SwiftPM adds it for shared libraries beside the executable; there are none):
# with it the dynamic loader first looked for libm and libc in a dozen directories beside the binary, 0.08 ms
# of every start. And the code generation of mk/pgo.mk's RELEASE_CODEGEN_FLAGS, which the profile's training
# build shares.
deploy_flags = -c $(1) --static-swift-stdlib --disable-local-rpath $(if $(filter release,$(1)),--experimental-lto-mode=full $(RELEASE_CODEGEN_FLAGS) $(PGO_USE_FLAGS))

# Profile-guided optimisation first: deploy_flags, and the areas' rules that build release, use its variables.
include mk/pgo.mk
-include $(filter-out mk/pgo.mk,$(wildcard mk/*.mk))

.PHONY: all deps build run test swift-test soak bench bench-table golden clean help

all: build

help:
	@sed -n '2,11p' Makefile

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

# Build output goes to stderr: `make run`'s standard output is the JSON Lines stream only.
build: deps
	@echo "$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS)" >&2
	@$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS) >&2

run: build
	@for input in $(RUN_INPUTS); do \
	  echo "touchscroll replay --config $(RUN_CONFIG) $$input" >&2; \
	  "$(BIN_DIR)/touchscroll" replay --config "$(RUN_CONFIG)" "$$input" || exit $$?; \
	done
	@set -- $(RUN_NESTED); echo "touchscroll replay --config $$1 $$2" >&2; "$(BIN_DIR)/touchscroll" replay --config "$$1" "$$2"

# Speed, memory and size as ratios to baselines measured in the same run, against the requirements, as one
# table (bench/bench.py); the binary is built as `make install` builds it (release, Swift runtime linked in).
# `make bench` also runs the areas' detail benchmarks (bench-recordings, bench-render: mk/*.mk).
BENCH_CONFIG_FLAGS := $(call deploy_flags,release)
BENCH_BUILD_FLAGS := $(BENCH_CONFIG_FLAGS) --product touchscroll
bench: bench-table

bench-table: deps $(call pgo_for,release)
	$(SWIFT) build $(BENCH_BUILD_FLAGS) $(SWIFT_FLAGS)
	$(SWIFT) build $(BENCH_CONFIG_FLAGS) --product recordings-bench $(SWIFT_FLAGS)
	$(SWIFT) build $(BENCH_CONFIG_FLAGS) --product RendererBench $(SWIFT_FLAGS)
	python3 -B bench/bench.py --binary "$$($(SWIFT) build $(BENCH_BUILD_FLAGS) --show-bin-path)/touchscroll" \
	    --latency-tool "$$($(SWIFT) build $(BENCH_CONFIG_FLAGS) --show-bin-path)/recordings-bench" \
	    --render-tool "$$($(SWIFT) build $(BENCH_CONFIG_FLAGS) --show-bin-path)/RendererBench"

# The test log is kept in .build/swift-test.log; when a test fails, its failure lines are printed again at
# the end, where a CI log's tail shows them.
swift-test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@set -o pipefail; $(SWIFT) test --skip-build $(SWIFT_FLAGS) 2>&1 | tee .build/swift-test.log || { \
	  status=$$?; echo "== swift test failed ($$status); its failures, from .build/swift-test.log:"; \
	  grep -E ": error: |Fatal error|' failed \(|Test Case .* started" .build/swift-test.log | grep -B1 -v "started" | grep -v "^--$$" | tail -40; \
	  exit $$status; }

test: swift-test $(TEST_EXTRA)

# The engine's property test at length: 100 000 random gesture sessions (CI's `make test` runs 2 000).
# Release, with testing enabled: the other test targets (built with it) use @testable imports.
SOAK_SESSIONS ?= 100000
SOAK_FLAGS    := -c release -Xswiftc -enable-testing
soak: deps
	$(SWIFT) build --build-tests $(SOAK_FLAGS) $(SWIFT_FLAGS)
	PROPERTY_SESSIONS=$(SOAK_SESSIONS) $(SWIFT) test --skip-build $(SOAK_FLAGS) --filter EnginePropertyTests $(SWIFT_FLAGS)

clean:
	rm -rf .build
