# Client examples of the control socket (examples/clients): a Python and a C program that a kiosk
# application can start from. `make test` runs both against a real daemon (examples/clients/check-clients.sh).
#
#   make clients-check   build the C client, start `touchscroll daemon` on a scratch runtime directory,
#                        run both clients (state, subscribe, setContentOffset) and check what they print
APT_PACKAGES += gcc libc6-dev python3
TEST_EXTRA   += clients-check

.PHONY: clients-check

clients-check: deps
	$(SWIFT) build -c $(CONFIG) --product touchscroll $(SWIFT_FLAGS)
	examples/clients/check-clients.sh "$(BIN_DIR)/touchscroll"
