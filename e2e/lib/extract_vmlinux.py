#!/usr/bin/env python3
"""Extracts the uncompressed kernel (vmlinux ELF) from a bzImage, when it can be booted directly.

QEMU boots an ELF kernel that carries a PVH entry point (Xen ELF note XEN_ELFNOTE_PHYS32_ENTRY) without the
firmware's real-mode path and without the kernel decompressing itself, which under TCG emulation is
most of the boot time. Debian's kernel is built with CONFIG_PVH=y. Written by hand because the payload's
location comes from the x86 boot protocol header (payload_offset/payload_length), which no packaged tool
reads; decompression itself uses Python's lzma/gzip/bz2 and the zstd command.

  extract_vmlinux.py BZIMAGE OUT   exit 0: OUT written; exit 3: not extractable or no PVH entry (use BZIMAGE)
"""
import bz2
import gzip
import lzma
import struct
import subprocess
import sys

XEN_ELFNOTE_PHYS32_ENTRY = 18


def payload_of(bzimage: bytes) -> bytes:
    if bzimage[0x202:0x206] != b"HdrS":
        raise ValueError("not a bzImage (no HdrS boot header)")
    setup_sects = bzimage[0x1F1] or 4
    offset, length = struct.unpack_from("<II", bzimage, 0x248)
    start = (setup_sects + 1) * 512 + offset
    return bzimage[start:start + length]


def decompress(payload: bytes) -> bytes:
    if payload.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(payload)
    if payload.startswith(b"\x1f\x8b"):
        return gzip.decompress(payload)
    if payload.startswith(b"BZh"):
        return bz2.decompress(payload)
    if payload.startswith(b"\x28\xb5\x2f\xfd"):
        return subprocess.run(["zstd", "-qdc"], input=payload, capture_output=True, check=True).stdout
    if payload.startswith(b"\x5d\x00\x00"):
        return lzma.LZMADecompressor(format=lzma.FORMAT_ALONE).decompress(payload)
    raise ValueError(f"unknown kernel compression (magic {payload[:4].hex()})")


def has_pvh_entry(elf: bytes) -> bool:
    if elf[:4] != b"\x7fELF" or elf[4] != 2:
        return False
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for i in range(phnum):
        p_type, _, p_offset, _, _, p_filesz = struct.unpack_from("<IIQQQQ", elf, phoff + i * phentsize)
        if p_type != 4:  # PT_NOTE
            continue
        pos, end = p_offset, p_offset + p_filesz
        while pos + 12 <= end:
            namesz, descsz, note_type = struct.unpack_from("<III", elf, pos)
            name = elf[pos + 12:pos + 12 + namesz].rstrip(b"\0")
            if name == b"Xen" and note_type == XEN_ELFNOTE_PHYS32_ENTRY:
                return True
            pos += 12 + ((namesz + 3) & ~3) + ((descsz + 3) & ~3)
    return False


def main(argv: list) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with open(argv[0], "rb") as f:
            elf = decompress(payload_of(f.read()))
    except (ValueError, OSError, lzma.LZMAError, subprocess.CalledProcessError, EOFError) as error:
        print(f"extract_vmlinux: {argv[0]}: {error}", file=sys.stderr)
        return 3
    if not has_pvh_entry(elf):
        print(f"extract_vmlinux: {argv[0]}: the kernel has no PVH entry point", file=sys.stderr)
        return 3
    with open(argv[1], "wb") as f:
        f.write(elf)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
