#!/usr/bin/env python3
"""Makes the PNG test fixtures, independently of libpng.

- generated/*.png: extra valid PNGs written with pypng (pure Python): interlaced low bit
  depths, odd sizes, 16-bit rounding edges, tRNS at 16 bits, a gAMA chunk.
- expected/<name>.rgba + expected/manifest.txt: every valid fixture (PngSuite and generated)
  decoded with pypng's raw reader, then converted here to premultiplied RGBA8 with the rules
  Flipbook's decoder promises:
    * 1/2/4-bit grey: v * 255 / (2^depth - 1);  palette: the PLTE/tRNS entry;
    * tRNS on grey/RGB: alpha 0 where the samples equal it at the file's depth, else opaque;
    * 16-bit: round(v * 255 / 65535);  gAMA/sBIT ignored;
    * premultiply: round(c * a / 255) = (2 c a + 255) // 510.
- bad/*.png: damaged files for the error tests (CRCs recomputed with zlib where a test wants
  only one thing wrong).

Run from anywhere: python3 Tests/PNGTests/Fixtures/make_fixtures.py  (needs `pip install pypng`).
"""
import os
import struct
import zlib

import png  # pypng

HERE = os.path.dirname(os.path.abspath(__file__))


def path(*parts):
    return os.path.join(HERE, *parts)


# ---- generated valid files -------------------------------------------------------------

def pattern(width, height, maxval, channels, seed):
    """Deterministic samples covering the whole range, including 0 and maxval."""
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            for ch in range(channels):
                row.append(((x * 7 + y * 13 + ch * 5 + seed) * 2654435761 >> 7) % (maxval + 1))
        rows.append(row)
    rows[0][0] = 0
    rows[-1][-1] = maxval
    return rows


def write(name, width, height, rows, **options):
    with open(path("generated", name), "wb") as f:
        png.Writer(width, height, **options).write(f, rows)


def make_generated():
    for depth in (1, 2, 4):
        write(f"gen-i-g{depth}.png", 13, 11, pattern(13, 11, 2**depth - 1, 1, depth),
              greyscale=True, bitdepth=depth, interlace=True)
    palette = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (250, 200, 100, 37)]
    write("gen-i-p2-trns.png", 9, 10, pattern(9, 10, 3, 1, 3), palette=palette, bitdepth=2,
          interlace=True)
    palette16 = [((i * 37) % 256, (i * 91) % 256, (255 - i * 16) % 256, (i * 17) % 256) for i in range(16)]
    write("gen-i-p4-trns.png", 7, 5, pattern(7, 5, 15, 1, 9), palette=palette16, bitdepth=4,
          interlace=True)
    write("gen-i-ga16.png", 5, 3, pattern(5, 3, 65535, 2, 4), greyscale=True, alpha=True,
          bitdepth=16, interlace=True)
    write("gen-i-rgba16-1x1.png", 1, 1, [[65535, 32768, 128, 32896]], greyscale=False, alpha=True,
          bitdepth=16, interlace=True)
    write("gen-i-rgb8-3x2.png", 3, 2, pattern(3, 2, 255, 3, 11), greyscale=False, bitdepth=8,
          interlace=True)
    # 16-bit rounding edges: v/257 crosses .5 between 128 and 129, 385 and 386, ...
    edges = [0, 128, 129, 385, 386, 32767, 32768, 32896, 65406, 65407, 65534, 65535]
    write("gen-g16-round.png", len(edges), 1, [edges], greyscale=True, bitdepth=16)
    # tRNS compared at 16 bits: 0x1234 is transparent, 0x1235 (same high byte) is not.
    write("gen-g16-trns.png", 4, 1, [[0x1234, 0x1235, 0x1233, 0xffff]], greyscale=True,
          bitdepth=16, transparent=0x1234)
    write("gen-rgb16-trns.png", 3, 1, [[0x0100, 0x0200, 0x0300, 0x0100, 0x0200, 0x0301,
                                        0xffff, 0x8000, 0x0000]], greyscale=False, bitdepth=16,
          transparent=(0x0100, 0x0200, 0x0300))
    write("gen-g8-trns.png", 4, 1, [[0, 77, 78, 255]], greyscale=True, bitdepth=8, transparent=77)
    # A gAMA chunk must not change the samples (colour management is off).
    write("gen-rgb8-gamma.png", 4, 1, [[0, 64, 128, 192, 255, 10, 20, 30, 40, 50, 60, 70]],
          greyscale=False, bitdepth=8, gamma=0.45455)


# ---- independent decode to premultiplied RGBA8 ---------------------------------------------

def to8(v, depth):
    if depth == 16:
        return (v * 255 + 32767) // 65535  # round(v * 255 / 65535); never exactly halfway
    return v * 255 // (2**depth - 1)


def premultiply(c, a):
    return (2 * c * a + 255) // 510  # round(c * a / 255)


def decode(file_path):
    reader = png.Reader(filename=file_path)
    width, height, rows, info = reader.read()  # raw samples (palette indices, native depth)
    depth = info["bitdepth"]
    planes = info["planes"]
    out = bytearray()
    if "palette" in info and planes == 1 and not info["greyscale"] and info.get("palette"):
        pal = [tuple(p) + ((255,) if len(p) == 3 else ()) for p in info["palette"]]
        for row in rows:
            for i in row:
                r, g, b, a = pal[i]
                out += bytes([premultiply(r, a), premultiply(g, a), premultiply(b, a), a])
        return width, height, bytes(out)
    transparent = info.get("transparent")
    if transparent is not None and not isinstance(transparent, tuple):
        transparent = (transparent,)
    for row in rows:
        row = list(row)
        for x in range(width):
            s = row[x * planes:(x + 1) * planes]
            if info["alpha"]:
                colour, alpha = s[:-1], to8(s[-1], depth)
            else:
                colour = s
                alpha = 0 if transparent is not None and tuple(colour) == tuple(transparent) else 255
            rgb = [to8(v, depth) for v in colour]
            if len(rgb) == 1:
                rgb = rgb * 3
            out += bytes([premultiply(c, alpha) for c in rgb] + [alpha])
    return width, height, bytes(out)


def make_expected():
    lines = []
    for folder in ("pngsuite", "generated"):
        for name in sorted(os.listdir(path(folder))):
            if not name.endswith(".png"):
                continue
            width, height, rgba = decode(path(folder, name))
            assert len(rgba) == width * height * 4
            stem = name[:-4]
            with open(path("expected", stem + ".rgba"), "wb") as f:
                f.write(rgba)
            lines.append(f"{folder}/{name} {width} {height}")
    with open(path("expected", "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ---- damaged files ------------------------------------------------------------------------

def chunks(data):
    """[(type, body)] of a PNG byte string."""
    out, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        out.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return out


def chunk(kind, body, crc=None):
    crc = zlib.crc32(kind + body) if crc is None else crc
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


SIGNATURE = b"\x89PNG\r\n\x1a\n"


def assemble(parts):
    return SIGNATURE + b"".join(chunk(k, b) for k, b in parts)


def ihdr(width, height, depth=8, colour=2):
    return struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)


def make_bad():
    good = open(path("pngsuite", "basn2c08.png"), "rb").read()
    parts = chunks(good)
    idat_start = good.index(b"IDAT") - 4
    idat_len = struct.unpack(">I", good[idat_start:idat_start + 4])[0]
    idat_crc = idat_start + 8 + idat_len  # first byte of the IDAT chunk's CRC
    tiny_idat = zlib.compress(b"\x00" + b"\x00" * 3)
    bad = {
        "empty.png": b"",
        "not-png.png": b"GIF89a\x01\x00\x01\x00 this is not a PNG file\n",
        "text.png": b"hello\n",
        "truncated-signature.png": SIGNATURE[:5],
        "truncated-header.png": good[:20],
        "truncated-idat.png": good[:idat_start + 8 + idat_len // 2],
        "truncated-before-iend.png": good[:len(good) - 12],
        "crc-ihdr.png": good[:29] + bytes([good[29] ^ 0xFF]) + good[30:],
        "crc-idat.png": good[:idat_crc] + bytes([good[idat_crc] ^ 0x55]) + good[idat_crc + 1:],
        "bad-zlib.png": assemble([(k, (b"\xff\xff\xff\xff" + b[4:]) if k == b"IDAT" else b)
                                  for k, b in parts]),
        "bad-colortype.png": assemble([(b"IHDR", ihdr(32, 32, 8, 1))] + parts[1:]),
        "bad-bitdepth.png": assemble([(b"IHDR", ihdr(32, 32, 3, 2))] + parts[1:]),
        "zero-width.png": assemble([(b"IHDR", ihdr(0, 32))] + parts[1:]),
        "missing-idat.png": assemble([(b"IHDR", ihdr(1, 1)), (b"IEND", b"")]),
        "huge-ihdr.png": assemble([(b"IHDR", ihdr(100_000, 100_000)), (b"IDAT", tiny_idat),
                                   (b"IEND", b"")]),
        "wide-ihdr.png": assemble([(b"IHDR", ihdr(20_000, 1)), (b"IDAT", tiny_idat),
                                   (b"IEND", b"")]),
        "many-pixels-ihdr.png": assemble([(b"IHDR", ihdr(16_000, 16_000)), (b"IDAT", tiny_idat),
                                          (b"IEND", b"")]),
    }
    # A chunk that claims 1 GiB in a file of a few dozen bytes (libpng's huge_*_chunk
    # crashers): refused from its length, before anything of that size is allocated.
    for kind in [b"tEXt", b"zTXt", b"iTXt", b"pCAL", b"sCAL", b"sPLT"]:
        claim = struct.pack(">I", 0x40000000) + kind + b"\x00" * 8
        bad["huge-%s-chunk.png" % kind.decode()] = SIGNATURE + chunk(b"IHDR", ihdr(1, 1)) + claim
    # Ancillary chunks of length zero (libpng's empty_ancillary_chunks): each is damage that
    # libpng would skip with a warning; refused as corrupt.
    for kind in [b"cHRM", b"gAMA", b"sRGB", b"sBIT", b"pHYs", b"bKGD", b"tIME", b"iCCP"]:
        bad["empty-%s.png" % kind.decode()] = assemble([(b"IHDR", ihdr(1, 1)), (kind, b""),
                                                       (b"IDAT", tiny_idat), (b"IEND", b"")])
    for name, data in bad.items():
        with open(path("bad", name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    make_generated()
    make_expected()
    make_bad()
    print("fixtures written under", HERE)
