# Live input (libinput / libevdev / libudev backends, run loop): issue 3.
APT_PACKAGES += pkg-config libinput-dev libevdev-dev libudev-dev
