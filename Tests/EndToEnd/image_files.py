"""Image files made by the tests: good ones, and the bad input of issue 2."""

import struct
import zlib
from pathlib import Path

from drover_session import GdkPixbuf
from gi.repository import GLib


def write_png(path, width=48, height=36, seed=0):
    """A small, valid PNG whose pixels depend on `seed`, and whose bytes differ for every
    seed (the colour repeats every 256 seeds; a text chunk names the seed), so that
    Drover never takes two of them for duplicates."""
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, width, height)
    r, g, b = (seed * 53) % 256, (seed * 97 + 80) % 256, (seed * 151 + 160) % 256
    pixbuf.fill((r << 24) | (g << 16) | (b << 8) | 0xFF)
    pixbuf.savev(str(path), "png", ["tEXt::Seed"], [str(seed)])
    return Path(path)


def write_jpeg(path, width=320, height=240, seed=0):
    """A valid JPEG with real detail (a gradient), big enough that truncating it loses data."""
    rows = bytearray()
    for y in range(height):
        for x in range(width):
            rows += bytes(((x * 255 // width + seed) % 256, (y * 255 // height) % 256, ((x ^ y) + seed) % 256))
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(rows)), GdkPixbuf.Colorspace.RGB, False, 8,
                                             width, height, width * 3)
    pixbuf.savev(str(path), "jpeg", ["quality"], ["90"])
    return Path(path)


def write_truncated_jpeg(path, keep=0.4):
    """A JPEG cut off part way through its image data (a download that stopped)."""
    whole = write_jpeg(Path(path).with_suffix(".whole.jpg"))
    data = whole.read_bytes()
    whole.unlink()
    Path(path).write_bytes(data[: int(len(data) * keep)])
    return Path(path)


def write_cut_jpeg_with_end_marker(path, keep=0.5):
    """A JPEG cut off half way through its image data, with the end-of-image marker put back
    after the cut: it passes a check for the end marker, and only the decoder sees the loss."""
    whole = write_jpeg(Path(path).with_suffix(".whole.jpg"))
    data = whole.read_bytes()
    whole.unlink()
    Path(path).write_bytes(data[: int(len(data) * keep)] + b"\xff\xd9")
    return Path(path)


def write_truncated_png(path, width=400, height=300, keep=0.5):
    """A PNG bigger than a thumbnail, cut off half way through its image data."""
    noise = bytes((x * 7919 + (x >> 7) * 104729) % 251 for x in range(width * height * 3))
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(noise), GdkPixbuf.Colorspace.RGB, False, 8,
                                             width, height, width * 3)
    whole = Path(path).with_suffix(".whole.png")
    pixbuf.savev(str(whole), "png", [], [])
    data = whole.read_bytes()
    whole.unlink()
    Path(path).write_bytes(data[: int(len(data) * keep)])
    return Path(path)


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def write_png_bomb(path, width=100_000, height=100_000):
    """A tiny PNG whose header claims a huge size: a decompression bomb. The IHDR
    is valid (right CRC); the image data is a sliver that would expand without end."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(b"\0" * 4096)) + _chunk(b"IEND", b""))
    Path(path).write_bytes(data)
    return Path(path)
