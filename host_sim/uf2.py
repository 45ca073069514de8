"""UF2, the file a Pico in BOOTSEL mode takes on its RPI-RP2 drive: the
firmware image cut into 256-byte pieces, each in a 512-byte block that says
where in flash it goes (Microsoft's UF2 format, as the Pico SDK's elf2uf2
writes it; MicroPython's build makes no UF2 without picotool)."""
import struct

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000  # the family ID field is set
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000
PAYLOAD = 256


def to_uf2(image, base=FLASH_BASE):
    """The UF2 bytes of a raw image that starts at flash address base."""
    n = (len(image) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for i in range(n):
        piece = image[i * PAYLOAD:(i + 1) * PAYLOAD].ljust(PAYLOAD, b"\0")
        out += struct.pack("<8I", MAGIC_START0, MAGIC_START1, FLAG_FAMILY,
                           base + i * PAYLOAD, PAYLOAD, i, n, RP2040_FAMILY)
        out += piece.ljust(476, b"\0")
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def from_uf2(data):
    """The raw image a UF2 file writes (from its lowest address): for
    checking one; ValueError on a block that is not UF2."""
    pieces = {}
    for off in range(0, len(data), 512):
        block = data[off:off + 512]
        h = struct.unpack("<8I", block[:32])
        if (len(block) != 512 or h[0] != MAGIC_START0 or h[1] != MAGIC_START1
                or struct.unpack("<I", block[508:])[0] != MAGIC_END):
            raise ValueError("block %d is not a UF2 block" % (off // 512))
        pieces[h[3]] = block[32:32 + h[4]]
    if not pieces:
        return b""
    lo = min(pieces)
    out = bytearray()
    for addr in sorted(pieces):
        out[addr - lo:addr - lo + len(pieces[addr])] = pieces[addr]
    return bytes(out)


def write_uf2(bin_path, uf2_path):
    with open(bin_path, "rb") as f:
        data = to_uf2(f.read())
    with open(uf2_path + ".part", "wb") as f:
        f.write(data)
    import os
    os.replace(uf2_path + ".part", uf2_path)
