# Recordings area: readers of recorded sessions and touch scripts, the evdev decoder, the
# synthetic corpus generator.
#
#   make recordings   regenerate the synthetic files in recordings/ (scripts/ and synthetic/)

.PHONY: recordings

recordings: deps
	$(SWIFT) build -c $(CONFIG) $(SWIFT_FLAGS) --product generate-recordings
	"$(BIN_DIR)/generate-recordings" recordings
