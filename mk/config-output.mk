# Configuration, stream output, playback and the touchscroll CLI (config check / replay / plot).
#
#   make golden   regenerate the golden transcripts: every bundled recording replayed with
#                 Tests/TouchscrollCLITests/Golden/golden-config.yaml, written to
#                 Tests/TouchscrollCLITests/Golden/<recording path>.stream.jsonl (review the diff!)
#   make plot     draw every bundled touch script as SVG into out/plots/

GOLDEN_DIR    := Tests/TouchscrollCLITests/Golden
GOLDEN_CONFIG := $(GOLDEN_DIR)/golden-config.yaml
# The recordings touchscroll replays: touch scripts (and, as the Recordings readers land, evemu
# and libinput-record sessions bundled under recordings/).
GOLDEN_INPUTS  = $(sort $(wildcard recordings/scripts/*.touches.jsonl recordings/synthetic/*.touches.jsonl))

.PHONY: golden plot

golden: build
	@set -e; for input in $(GOLDEN_INPUTS); do \
	  out="$(GOLDEN_DIR)/$$input.stream.jsonl"; mkdir -p "$$(dirname "$$out")"; \
	  "$(BIN_DIR)/touchscroll" replay --config "$(GOLDEN_CONFIG)" "$$input" > "$$out.tmp"; \
	  mv "$$out.tmp" "$$out"; echo "golden: $$out"; \
	done

plot: build
	@mkdir -p out/plots; for input in $(GOLDEN_INPUTS); do \
	  name="$$(basename "$$input" .touches.jsonl)"; \
	  "$(BIN_DIR)/touchscroll" plot --config "$(RUN_CONFIG)" "$$input" --out "out/plots/$$name.svg" && echo "plot: out/plots/$$name.svg"; \
	done
