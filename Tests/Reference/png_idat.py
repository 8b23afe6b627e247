#!/usr/bin/env python3
"""A second PNG reader for the tests, written from the PNG specification with Python's zlib:
checks the signature and every chunk's CRC-32, inflates the IDAT stream (zlib checks its header
and Adler-32, and that nothing follows the final block), undoes the five row filters, and
writes the 8-bit RGB or RGBA samples to stdout; on stderr, one line: width height channels
filter-type counts. Only non-interlaced 8-bit RGB (type 2) and RGBA (type 6), which is what
Flipbook writes.

    python3 png_idat.py FILE.png > samples.raw
"""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG signature")
    at, idat, header, ended = 8, bytearray(), None, False
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + body) != crc:
            sys.exit(f"bad CRC in {kind!r}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            ended = at + 12 + length == len(data)
        at += 12 + length
    if not ended:
        sys.exit("no IEND at the end")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit("unsupported layout")
    channels = 3 if colour == 2 else 4
    d = zlib.decompressobj()
    raw = d.decompress(bytes(idat)) + d.flush()
    if not d.eof or d.unused_data:
        sys.exit("the zlib stream is incomplete or followed by data")
    stride = width * channels
    if len(raw) != height * (stride + 1):
        sys.exit(f"{len(raw)} filtered bytes, expected {height * (stride + 1)}")
    out, above, counts = bytearray(), bytearray(stride), [0] * 5
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        counts[kind] += 1
        for i in range(stride):
            a = row[i - channels] if i >= channels else 0
            b = above[i]
            c = above[i - channels] if i >= channels else 0
            row[i] = (row[i] + (0, a, b, (a + b) // 2, paeth(a, b, c) if kind == 4 else 0)[kind]) & 255
        out += row
        above = row
    sys.stdout.buffer.write(out)
    print(width, height, channels, *counts, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
