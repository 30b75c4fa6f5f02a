# Configuration, stream output, playback and the touchscroll CLI (config check / replay / plot).
#
#   make golden   regenerate the golden transcripts: every bundled recording under recordings/
#                 (touch scripts, evemu files, libinput-record .yml) replayed with $(GOLDEN_CONFIG), written to
#                 $(GOLDEN_DIR)/<recording path>.stream.jsonl. Recordings touchscroll refuses
#                 (touchpads) are listed and skipped. Also every command's arguments as
#                 `--experimental-dump-help` describes them, in $(GOLDEN_DIR)/dump-help.json. Review the
#                 diff: a changed transcript is a reviewed change.
#   make plot     draw every bundled recording as SVG into out/plots/ (with $(RUN_CONFIG))

# libyaml parses configurations and libinput-record headers (linked statically from its libyaml.a).
APT_PACKAGES += libyaml-dev

GOLDEN_DIR    := Tests/TouchscrollCLITests/Golden
GOLDEN_CONFIG := $(GOLDEN_DIR)/golden-config.yaml
# File names contain spaces and commas, so the list is produced by find -print0, never by make.
GOLDEN_FIND    = find recordings -type f \( -name '*.touches.jsonl' -o -name '*.evemu' -o -name '*.events' -o -name '*.ev' -o -name '*.yml' \) -print0 | sort -z

.PHONY: golden plot

golden: build
	@rm -rf "$(GOLDEN_DIR)/recordings"
	@$(GOLDEN_FIND) | while IFS= read -r -d '' input; do \
	  out="$(GOLDEN_DIR)/$$input.stream.jsonl"; mkdir -p "$$(dirname "$$out")"; \
	  if "$(BIN_DIR)/touchscroll" replay --config "$(GOLDEN_CONFIG)" "$$input" > "$$out.tmp" 2> "$$out.err"; then \
	    mv "$$out.tmp" "$$out"; echo "golden: $$out"; \
	  else \
	    echo "skipped: $$input: $$(head -c 300 "$$out.err")"; rm -f "$$out.tmp"; \
	  fi; rm -f "$$out.err"; \
	done
	@"$(BIN_DIR)/touchscroll" --experimental-dump-help > "$(GOLDEN_DIR)/dump-help.json.tmp" && \
	  mv "$(GOLDEN_DIR)/dump-help.json.tmp" "$(GOLDEN_DIR)/dump-help.json" && echo "golden: $(GOLDEN_DIR)/dump-help.json"

plot: build
	@mkdir -p out/plots
	@$(GOLDEN_FIND) | while IFS= read -r -d '' input; do \
	  name="$$(basename "$$input")"; \
	  "$(BIN_DIR)/touchscroll" plot --config "$(RUN_CONFIG)" "$$input" --out "out/plots/$$name.svg" && echo "plot: out/plots/$$name.svg"; \
	done
