# Renderer: pixman, libpng, libjpeg-turbo, libdrm (fbdev needs only kernel headers).
APT_PACKAGES += libpixman-1-dev libpng-dev libdrm-dev libjpeg62-turbo-dev

.PHONY: bench-render screenshot-render
bench: bench-render

# Pan and zoom frame times at 1280x800 XRGB8888, as ratios to one memcpy of the frame.
bench-render: deps
	$(SWIFT) build -c release --product RendererBench $(SWIFT_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/RendererBench"

# Regenerates docs/screenshot.png from the headless target.
screenshot-render: deps
	$(SWIFT) build -c release --product RendererBench $(SWIFT_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/RendererBench" --frames 10 --screenshot docs/screenshot.png

# The rules above must not become the Makefile's default goal (mk/*.mk is included before `all`).
.DEFAULT_GOAL :=
