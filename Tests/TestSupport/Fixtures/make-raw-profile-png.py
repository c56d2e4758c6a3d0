#!/usr/bin/env python3
"""Rewrites a PNG's eXIf chunk as the zTXt "Raw profile type exif" chunk older
ImageMagick wrote: "\nexif\n<byte count>\n" and the block ("Exif\0\0" + TIFF) in
hexadecimal lines of 72 digits, zlib-compressed.

Usage: make-raw-profile-png.py IN.png OUT.png
"""
import binascii, struct, sys, zlib

source, target = sys.argv[1], sys.argv[2]
png = open(source, "rb").read()
chunks, position = [], 8
while position < len(png):
    length, = struct.unpack(">I", png[position:position + 4])
    chunks.append((png[position + 4:position + 8], png[position + 8:position + 8 + length]))
    position += 12 + length

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def raw_profile(tiff):
    block = b"Exif\0\0" + tiff
    digits = binascii.hexlify(block).decode()
    lines = "\n".join(digits[i:i + 72] for i in range(0, len(digits), 72))
    text = ("\nexif\n%8d\n%s\n" % (len(block), lines)).encode()
    return chunk(b"zTXt", b"Raw profile type exif\0\0" + zlib.compress(text))

out = png[:8] + b"".join(raw_profile(data) if kind == b"eXIf" else chunk(kind, data) for kind, data in chunks)
open(target, "wb").write(out)
