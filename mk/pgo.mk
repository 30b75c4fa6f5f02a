# Profile-guided optimisation (PGO) of the release build: every `$(call deploy_flags,release)` build —
# `make install`, the guest tests' payload, the benchmarks — is compiled with a profile of where the
# binary spends its time, so LLVM lays out and inlines the hot paths (the readers' line parsers, the
# engine's per-frame step, the JSON writer) for the branches they really take.
#
#   make pgo-profile   (re)build the profile: an instrumented build (its own scratch path, so the
#                      release build's objects are untouched), then bench/pgo-train.sh's training run,
#                      whose counts it merges (weighted: see there) with llvm-profdata
#   PGO=0              release builds without the profile (a toolchain without the profile runtime)
#
# The profile is named by a hash of what it is made from (the sources, the vendored parser's too,
# Package.swift, this file, the training script and what it replays: recordings, configurations), so it
# is rebuilt when one of them
# changes, and only when a release build needs it; the release flags then name the new file, which makes
# SwiftPM compile every module again: objects optimised with two different profiles cannot be linked
# together. The training's counts are deterministic, so the same sources give the same binary (in another
# directory too, but for the build ID: the profile's entries for file-local helpers name the build
# directory, and match nothing in a release build). LLVM's IR-level instrumentation is used
# (-ir-profile-generate / -ir-profile-use, frontend options): the Swift driver's -profile-use (SIL level)
# asserts in this toolchain's cold-block analysis. Included by the Makefile before the other areas' rules,
# which use pgo_for in their prerequisites.
PGO           ?= 1
# Code generation every release build shares, the instrumented one included (the profile's counts must match
# the code they are used for): the compiler calls a concrete generic type's metadata accessor, which it is
# given the type's conformances for, rather than handing the runtime the type's mangled name, which the
# runtime demangles and checks against every protocol-conformance record of the executable the first time
# (about 100 000 instructions a walk). A one-line replay's start went from 4.77 M to 3.35 M instructions and
# 1.84 to 1.57 ms of CPU, the binary grew by 45 KB.
RELEASE_CODEGEN_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
PGO_DIR       := .build/pgo
# (File names with spaces — the recordings' — are why find and xargs read them, not make's lists.)
PGO_ID        := $(shell find Package.swift Sources Vendor mk/pgo.mk bench/pgo-train.sh bench/scrolling.yaml config recordings \
                   -type f -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0 cat | sha256sum | cut -c1-16)
PGO_PROFILE   := $(PGO_DIR)/touchscroll-$(PGO_ID).profdata
PGO_TOOLCHAIN := $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))
LLVM_PROFDATA ?= $(PGO_TOOLCHAIN)llvm-profdata
# The profile runtime the instrumented binary writes its counts with (compiler-rt, shipped in the
# Swift toolchain), linked in by hand: the driver adds it only for its own -profile-generate.
PGO_RUNTIME   ?= $(PGO_TOOLCHAIN)../lib/swift/clang/lib/linux/libclang_rt.profile-$(shell uname -m).a
PGO_GENERATE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath --experimental-lto-mode=full $(RELEASE_CODEGEN_FLAGS) --product touchscroll \
    --scratch-path $(PGO_DIR)/build -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
    -Xlinker -u__llvm_profile_runtime -Xlinker $(PGO_RUNTIME)

# What deploy_flags adds in release; and $(call pgo_for,CONFIG), what a target building CONFIG depends on.
ifeq ($(PGO),1)
PGO_USE_FLAGS = -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(abspath $(PGO_PROFILE))
pgo_for = $(if $(filter release,$(1)),$(PGO_PROFILE))
else
PGO_USE_FLAGS =
pgo_for =
endif

.PHONY: pgo-profile
pgo-profile: $(PGO_PROFILE)

$(PGO_PROFILE): | deps
	@test -f "$(PGO_RUNTIME)" || { echo "pgo: the profile runtime $(PGO_RUNTIME) is missing from the" \
	  "toolchain; build without profile-guided optimisation with PGO=0" >&2; exit 1; }
	$(SWIFT) build $(PGO_GENERATE_FLAGS) $(SWIFT_FLAGS)
	LLVM_PROFDATA="$(LLVM_PROFDATA)" bench/pgo-train.sh "$$($(SWIFT) build $(PGO_GENERATE_FLAGS) --show-bin-path)/touchscroll" $@.tmp
	rm -f $(PGO_DIR)/touchscroll-*.profdata
	mv $@.tmp $@

# The rules above must not become the Makefile's default goal.
.DEFAULT_GOAL :=
