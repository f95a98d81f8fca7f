#!/usr/bin/env python3
"""Converts an X window dump (`xwd` output, TrueColor, 24 or 32 bits per pixel) to an RGB PNG.

Usage: xwd2png.py IN.xwd OUT.png. Standard library only (struct, zlib), so the real-window test
needs nothing beyond Debian's x11-apps.
"""
import struct
import sys
import zlib


def read_xwd(data):
    fields = struct.unpack(">25I", data[:100])
    (header_size, version, _fmt, _depth, width, height, _xoff, byte_order, _unit, _bit_order, _pad,
     bits_per_pixel, bytes_per_line, visual_class, red_mask, green_mask, blue_mask, _bits_rgb,
     _cmap_entries, ncolors) = fields[:20]
    if version != 7:
        raise ValueError(f"not an XWD version 7 file (version {version})")
    if visual_class not in (4, 5):  # TrueColor, DirectColor
        raise ValueError(f"visual class {visual_class}: only TrueColor dumps are supported")
    if bits_per_pixel not in (24, 32):
        raise ValueError(f"{bits_per_pixel} bits per pixel: only 24 and 32 are supported")
    offset = header_size + ncolors * 12
    step = bits_per_pixel // 8
    big = byte_order == 1

    def shift(mask):
        s = 0
        while mask and not (mask >> s) & 1:
            s += 1
        return s

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * step]
        out = bytearray(width * 3)
        for x in range(width):
            chunk = line[x * step: x * step + step]
            p = int.from_bytes(chunk, "big" if big else "little")
            out[3 * x] = (p & red_mask) >> rs
            out[3 * x + 1] = (p & green_mask) >> gs
            out[3 * x + 2] = (p & blue_mask) >> bs
        rows.append(bytes(out))
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + r for r in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(png)
    import os
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 3:
        print("usage: xwd2png.py IN.xwd OUT.png", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
        width, height, rows = read_xwd(data)
    except (OSError, ValueError, struct.error) as e:
        print(f"xwd2png: {sys.argv[1]}: {e}", file=sys.stderr)
        return 2
    write_png(sys.argv[2], width, height, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
