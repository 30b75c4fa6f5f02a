# Renderer: pixman, libpng, libjpeg-turbo, libdrm (fbdev needs only kernel headers).
APT_PACKAGES += libpixman-1-dev libpng-dev libdrm-dev libjpeg62-turbo-dev

.PHONY: bench-render screenshot-render
bench: bench-render

# Pan and zoom frame times at 1280x800 XRGB8888, as ratios to one memcpy of the frame.
bench-render: deps $(call pgo_for,release)
	$(SWIFT) build $(call deploy_flags,release) --product RendererBench $(SWIFT_FLAGS)
	"$$($(SWIFT) build $(call deploy_flags,release) --show-bin-path)/RendererBench"

# Regenerates docs/screenshot.png from the headless target, and the README's screen of two scroll
# views (docs/images/list-with-carousel.png) with `touchscroll render`, as the README shows the command.
screenshot-render: deps $(call pgo_for,release)
	$(SWIFT) build $(call deploy_flags,release) --product RendererBench $(SWIFT_FLAGS)
	"$$($(SWIFT) build $(call deploy_flags,release) --show-bin-path)/RendererBench" --frames 10 --screenshot docs/screenshot.png
	$(SWIFT) build $(call deploy_flags,release) --product touchscroll $(SWIFT_FLAGS)
	"$$($(SWIFT) build $(call deploy_flags,release) --show-bin-path)/touchscroll" render --config config/list-with-carousel.yaml \
	    recordings/scripts/list-with-carousel.touches.jsonl --to 1.25 --debug-views --screenshot docs/images/list-with-carousel.png

# The rules above must not become the Makefile's default goal (mk/*.mk is included before `all`).
.DEFAULT_GOAL :=

# The renderer's real-kernel tests alone (fbdev, then DRM/KMS), each in its own guest boot (mk/harness.mk).
.PHONY: e2e-renderer
e2e-renderer: e2e-image e2e-payload
	e2e/run-guest.sh --payload $(E2E_PAYLOAD) --script e2e/tests/renderer-fbdev.sh
	e2e/run-guest.sh --payload $(E2E_PAYLOAD) --script e2e/tests/renderer-drm.sh
.DEFAULT_GOAL :=
