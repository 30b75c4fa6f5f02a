# Recordings area: readers of recorded sessions and touch scripts, the evdev decoder, the
# synthetic corpus generator.
#
#   make recordings   regenerate the synthetic files in recordings/ (scripts/ and synthetic/)

.PHONY: recordings

recordings: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS) --product generate-recordings
	"$(BIN_DIR)/generate-recordings" recordings

# Reader throughput: each bundled/shared recording ×10 (evemu and libinput-record), as a ratio to
# `wc -l` on the same file, with peak memory (flat when streaming).
BENCH_RECORDINGS ?= $(wildcard ../shared/recordings/evemu-data/3m.event) "recordings/evemu-devices/tablets-finger/Wacom DTH2242 Finger.events"

.PHONY: bench-recordings
bench: bench-recordings

bench-recordings: deps $(call pgo_for,release)
	$(SWIFT) build $(call deploy_flags,release) $(SWIFT_FLAGS) --product recordings-bench
	"$$($(SWIFT) build $(call deploy_flags,release) --show-bin-path)/recordings-bench" $(BENCH_RECORDINGS)
