# In-process fuzzing of every parser with libFuzzer and AddressSanitizer (docs/fuzzing.md).
#
#   make fuzz          every harness for FUZZ_SECONDS each, FUZZ_JOBS at a time
#   make fuzz-smoke    every harness for FUZZ_SMOKE_SECONDS (part of `make test`)
#
# The harnesses are a package of their own (fuzz/Package.swift) built with
# --sanitize=fuzzer --sanitize=address into .build-fuzz, apart from the normal build. SwiftPM's
# --sanitize reaches only the fuzz package's own targets, so -Xswiftc/-Xcc pass the same to the
# parsers in the main package: without it libFuzzer sees no coverage in them (libyaml is the
# system's static libyaml.a, linked uninstrumented).
FUZZ_SECONDS       ?= 1200
FUZZ_JOBS          ?= 2
FUZZ_SMOKE_SECONDS ?= 4
FUZZ_PRODUCTS      := FuzzEvemu FuzzEvemuSplit FuzzLibinputRecord FuzzTouchScript FuzzConfiguration FuzzControl FuzzStateFile
FUZZ_BUILD          = $(SWIFT) build --package-path fuzz --scratch-path .build-fuzz --sanitize=fuzzer --sanitize=address \
                      -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address

TEST_EXTRA += fuzz-smoke

.PHONY: fuzz fuzz-build fuzz-smoke

# One product at a time: building the whole fuzz package would also link the main package's
# executables, whose `main` clashes with libFuzzer's. The linker's "Cannot export local symbol"
# notes about ASan's own symbols are noise and are filtered out.
fuzz-build: deps
	@set -o pipefail; for product in $(FUZZ_PRODUCTS); do \
	  $(FUZZ_BUILD) --product $$product 2>&1 | grep -v "Cannot export local symbol" || exit 1; \
	done

fuzz: fuzz-build
	fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_JOBS)

fuzz-smoke: fuzz-build
	FUZZ_SEED=1 fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_JOBS)
