#!/usr/bin/env python3
"""Writes the seed inputs that are easier to build than to keep as opaque bytes:
EXIF blocks (the layout of Tests/GalleryKitTests/ExifFixture.swift), place-data files,
location inputs and drop inputs. The image seeds (image-ending/tiny.*) are 4x4 files made
with ImageMagick: convert -size 4x4 gradient:red-blue -strip FORMAT:tiny.EXT.
Regression seeds (found by fuzzing) are committed as found, not made here.

Run from anywhere: python3 FuzzTesting/Corpus/make-seeds.py
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(folder, name, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


# EXIF: a TIFF structure with IFD0 pointing at a GPS IFD.

def tiff(gps, little=True, orientation=None):
    e = "<" if little else ">"

    def ifd(entries, offset):
        entries = sorted(entries)
        table = struct.pack(e + "H", len(entries))
        values = b""
        values_start = offset + 2 + 12 * len(entries) + 4
        for tag, typ, count, payload in entries:
            table += struct.pack(e + "HHI", tag, typ, count)
            if len(payload) <= 4:
                table += payload.ljust(4, b"\0")
            else:
                table += struct.pack(e + "I", values_start + len(values))
                values += payload + (b"\0" if len(payload) % 2 else b"")
        return table + struct.pack(e + "I", 0) + values

    ifd0 = []
    if orientation is not None:
        ifd0.append((0x0112, 3, 1, struct.pack(e + "H", orientation)))
    gps_offset = 8 + 2 + 12 * (len(ifd0) + (1 if gps else 0)) + 4
    if gps:
        ifd0.append((0x8825, 4, 1, struct.pack(e + "I", gps_offset)))
    out = (b"II*\0" if little else b"MM\0*") + struct.pack(e + "I", 8) + ifd(ifd0, 8)
    if gps:
        out += ifd(gps, gps_offset)
    return out, e


def gps_entries(e, lat_ref, lat, lon_ref, lon, altitude=None, typ=5):
    def rationals(tag, pairs):
        return (tag, typ, len(pairs), b"".join(struct.pack(e + "II", n, d) for n, d in pairs))
    entries = [(1, 2, 2, lat_ref.encode() + b"\0"), rationals(2, lat),
               (3, 2, 2, lon_ref.encode() + b"\0"), rationals(4, lon)]
    if altitude is not None:
        entries += [(5, 1, 1, bytes([1 if altitude < 0 else 0])), rationals(6, [(abs(altitude) * 10, 10)])]
    return entries


def exif_block(little, make_gps, orientation=None):
    _, e = tiff([], little)
    body, _ = tiff(make_gps(e), little, orientation)
    return b"Exif\0\0" + body


def jpeg(block):
    app1 = b"\xff\xe1" + struct.pack(">H", len(block) + 2) + block
    return b"\xff\xd8" + app1 + b"\xff\xd9"


golden_gate = lambda e: gps_entries(e, "N", [(37, 1), (49, 1), (1164, 100)], "W", [(122, 1), (28, 1), (4188, 100)], 67)
sydney = lambda e: gps_entries(e, "S", [(33, 1), (52, 1), (1200, 100)], "E", [(151, 1), (12, 1), (3600, 100)], -3)
decimal = lambda e: gps_entries(e, "N", [(488566, 10000)], "E", [(23522, 10000)])
zero_denominator = lambda e: gps_entries(e, "N", [(48, 0), (51, 1), (0, 1)], "E", [(2, 1), (21, 1), (0, 1)])
srational = lambda e: gps_entries(e, "N", [(48, 1), (51, 1), (0, 1)], "E", [(2, 1), (21, 1), (0, 1)], typ=10)

write("exif", "jpeg-gps-le.jpg", jpeg(exif_block(True, golden_gate)))
write("exif", "jpeg-gps-be-below-sea.jpg", jpeg(exif_block(False, sydney)))
write("exif", "jpeg-gps-decimal-degrees.jpg", jpeg(exif_block(True, decimal)))
write("exif", "jpeg-gps-zero-denominator.jpg", jpeg(exif_block(False, zero_denominator)))
write("exif", "jpeg-gps-srational.jpg", jpeg(exif_block(True, srational)))
write("exif", "jpeg-orientation-only.jpg", jpeg(exif_block(True, lambda e: [], orientation=6)))
write("exif", "raw-exif-block.bin", exif_block(True, golden_gate))

# Place data (data/places/places.tsv's format: scripts/make-places.sh).
write("places", "three-places.tsv",
      "#drover-places 1\n# comment\nregions 2\nFR\tÎle-de-France\nAU\tNew South Wales\n"
      "places 3\n488566\t23522\tParis\t0\n-338688\t1512093\tSydney\t1\n900000\t-1800000\tPole\t1\n")
write("places", "no-places.tsv", "#drover-places 1\nregions 0\nplaces 0\n")
write("places", "duplicates.tsv",
      "#drover-places 1\nregions 1\nXX\tX\nplaces 4\n0\t0\tA\t0\n0\t0\tB\t0\n0\t1800000\tC\t0\n0\t-1800000\tD\t0\n")

# Locations: three 8-byte fractions (latitude, longitude, altitude), a flag byte, then the name.
def location(lat, lon, flag, name):
    pack = lambda f: struct.pack(">Q", min(int(f * 2**64), 2**64 - 1))
    return pack(lat) + pack(lon) + bytes([flag]) + (pack(0.5) if flag & 1 else b"") + name.encode()

write("geo", "paris.bin", location((48.8566 + 90) / 180, (2.3522 + 180) / 360, 1, "Paris"))
write("geo", "corner.bin", location(1.0, 0.0, 0, "\"quoted\" \\ / \u2028 \U0001F600"))
write("geo", "control-characters.bin", location(0.5, 0.5, 1, "tab\there\nnul\0end"))

# Drops: the first byte picks the reader (0 offered types, 1 uri-list, 2 text).
write("drops", "types-nautilus.bin", b"\x00application/x-gnome-icon-list\ntext/uri-list\nUTF8_STRING\ntext/plain;charset=utf-8\n"
      b"application/vnd.portal.filetransfer")
write("drops", "types-image.bin", b"\x00IMAGE/PNG ; foo=bar\nimage/*\n*/*\n;;\n text/plain ")
write("drops", "uri-list.bin", b"\x01# a comment\r\nfile:///home/user/Pictures/a%20b.jpg\r\nfile:///tmp/x.png\r\n"
      b"https://example.org/p.jpg\r\nfile://host/share/c.gif\r\n")
write("drops", "uri-list-odd.bin", b"\x01file:///%ff%00.jpg\nfile:relative\n  file:///spaces  \n\nmailto:a@b\n")
write("drops", "text-note.bin", "\x02\n\n   Shopping list  \nmilk\n".encode())
write("drops", "text-long-line.bin", ("\x02" + "é" * 70 + "\u200b\n").encode())
