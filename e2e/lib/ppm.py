#!/usr/bin/env python3
"""Reads the binary PPM (P6) files QEMU's screendump writes, and checks pixels in them.

Hand-written rather than a library because the format is a three-line header and raw RGB bytes, and the
harness must run with nothing but Debian's python3.

  ppm.py pixel FILE X Y            prints "R G B"
  ppm.py expect FILE X Y R G B     exits 1 (with a message) when the pixel differs
  ppm.py size FILE                 prints "WIDTH HEIGHT"
"""
import sys


class PPMImage:
    def __init__(self, width: int, height: int, pixels: bytes):
        self.width, self.height, self.pixels = width, height, pixels

    def pixel(self, x: int, y: int) -> tuple:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"pixel ({x},{y}) is outside the {self.width}x{self.height} image")
        i = (y * self.width + x) * 3
        return tuple(self.pixels[i:i + 3])


def read_ppm(path: str) -> PPMImage:
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic != b"P6" or maxval != 255:
        raise ValueError(f"{path}: not an 8-bit binary PPM (magic {magic!r}, maxval {maxval})")
    pixels = data[pos + 1:pos + 1 + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError(f"{path}: truncated ({len(pixels)} of {width * height * 3} pixel bytes)")
    return PPMImage(width, height, pixels)


def main(argv: list) -> int:
    if len(argv) >= 2 and argv[0] == "size":
        image = read_ppm(argv[1])
        print(image.width, image.height)
        return 0
    if len(argv) == 4 and argv[0] == "pixel":
        print(*read_ppm(argv[1]).pixel(int(argv[2]), int(argv[3])))
        return 0
    if len(argv) == 7 and argv[0] == "expect":
        got = read_ppm(argv[1]).pixel(int(argv[2]), int(argv[3]))
        want = tuple(int(v) for v in argv[4:7])
        if got != want:
            print(f"{argv[1]}: pixel ({argv[2]},{argv[3]}) is {got}, expected {want}", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
