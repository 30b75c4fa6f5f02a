#!/usr/bin/python3
"""Checks a libinput-record file with the parsing code of libinput's own `libinput replay`.

libinput replay reads the file, builds a uinput device from its `evdev` description, compares the new
device's udev properties with the file's `udev.properties`, and sends the events frame by frame. A host
without /dev/uinput cannot create the device, so this loads the real /usr/libexec/libinput/libinput-replay
as a module and replaces only the two calls that touch the kernel and udev (uinput creation, the udev
lookup of the new node); every `fetch` of the file's keys, the device description and the events go through
libinput's code unchanged.

Usage: libinput-replay-accepts.py FILE      exit 0: accepted (prints a summary); 1: refused (prints why)
"""
import importlib.machinery
import importlib.util
import sys

REPLAY = "/usr/libexec/libinput/libinput-replay"


def main(path):
    loader = importlib.machinery.SourceFileLoader("libinput_replay", REPLAY)
    spec = importlib.util.spec_from_loader("libinput_replay", loader)
    replay = importlib.util.module_from_spec(spec)
    loader.exec_module(replay)
    libevdev, pyudev, yaml = replay.libevdev, replay.pyudev, replay.yaml

    warnings = []
    replay.error = lambda msg, **kwargs: warnings.append(msg)

    class FakeUinput:
        def __init__(self, device):
            self.devnode = "/dev/input/event99"
            self.name = device.name

    libevdev.Device.create_uinput_device = lambda self, *args: FakeUinput(self)

    recorded = {"properties": []}

    class FakeUdevDevice:
        def __init__(self):
            # The device udev would describe: the one the recording describes.
            self.properties = dict(p.split("=", 1) for p in recorded["properties"])

    def from_device_file(context, devnode):
        return FakeUdevDevice()

    pyudev.Devices.from_device_file = staticmethod(from_device_file)
    pyudev.Context = lambda: None

    try:
        with open(path) as f:
            recording = yaml.safe_load(f)
        replay.check_file(recording)
        frames = 0
        for device in replay.fetch(recording, "devices"):
            recorded["properties"] = replay.fetch(replay.fetch(device, "udev"), "properties")
            replay.create(device)
            for event in replay.fetch(device, "events") or []:
                frames += bool(replay.collect_events(replay.fetch(event, "evdev")))
    except replay.YamlException as e:
        print(f"libinput replay refuses {path}: failed to parse recording: {e}")
        return 1
    if warnings:
        print(f"libinput replay warns about {path}: " + "; ".join(warnings))
        return 1
    print(f"libinput replay accepts {path}: {frames} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
