"""hal.storage under MicroPython on its own littlefs (vfs.VfsLfs2 on a RAM
block device, as on the Pico), with power cuts: the block device stops
taking writes after N block operations, the image is remounted, and what a
reboot would read is checked.  Prints one JSON line per check.
Run by tests/test_storage.py under `micropython`."""
import json
import os
import vfs

from hal.storage import Storage


class RAMBlockDev:
    """A block device in RAM that can 'lose power' after `budget` writes
    (program or erase operations); later operations are dropped."""

    def __init__(self, block_size=512, num_blocks=64):
        self.block_size = block_size
        self.data = bytearray(block_size * num_blocks)
        self.num_blocks = num_blocks
        self.budget = -1  # unlimited
        self.ops = 0

    def _alive(self):
        if self.budget < 0:
            return True
        if self.ops >= self.budget:
            return False
        self.ops += 1
        return True

    def readblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            # an erase of the whole block first
            if not self._alive():
                return
            offset = 0
        if not self._alive():
            return
        a = block * self.block_size + offset
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.num_blocks
        if op == 5:
            return self.block_size
        if op == 6:  # erase
            if self._alive():
                a = arg * self.block_size
                self.data[a:a + self.block_size] = b"\xff" * self.block_size
            return 0
        return 0


def fresh():
    bdev = RAMBlockDev()
    vfs.VfsLfs2.mkfs(bdev)
    return bdev


def mount(bdev):
    try:
        vfs.umount("/flash")
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(bdev), "/flash")


OLD = b"old settings " * 20
NEW = b"new settings, longer " * 30


def check_power_cuts():
    # How many block operations does one write take?
    bdev = fresh()
    mount(bdev)
    s = Storage("/flash/data")
    s.write("save", OLD)
    vfs.umount("/flash")
    image = bytes(bdev.data)
    bdev.ops = 0
    bdev.budget = 10 ** 6
    mount(bdev)
    Storage("/flash/data").write("save", NEW)
    total = bdev.ops
    vfs.umount("/flash")
    seen = {"old": 0, "new": 0, "other": 0}
    for cut in range(total + 1):
        bdev.data[:] = image
        bdev.budget = -1
        mount(bdev)
        bdev.ops = 0
        bdev.budget = cut
        try:
            Storage("/flash/data").write("save", NEW)
        except OSError:
            pass
        try:
            vfs.umount("/flash")
        except OSError:
            pass
        bdev.budget = -1  # power back: reboot and read
        mount(bdev)
        got = Storage("/flash/data").read("save")
        if got == OLD:
            seen["old"] += 1
        elif got == NEW:
            seen["new"] += 1
        else:
            seen["other"] += 1
        vfs.umount("/flash")
    return {"ops": total, "seen": seen}


def check_damage():
    bdev = fresh()
    mount(bdev)
    s = Storage("/flash/data")
    s.write("stats", b"12345")
    with open("/flash/data/stats", "r+b") as f:
        f.seek(13)
        f.write(b"X")
    got = s.read("stats")
    err = s.last_error
    names = sorted(os.listdir("/flash/data"))
    again = s.read("stats")
    err2 = s.last_error
    ok = s.write("stats", b"fresh")
    back = s.read("stats")
    vfs.umount("/flash")
    return {"got": got, "error": err, "names": names, "again": again, "error2": err2,
            "ok": ok, "back": back.decode(), "last": s.last_error}


def main():
    for name, fn in (("power_cuts", check_power_cuts), ("damage", check_damage)):
        r = fn()
        r["check"] = name
        print(json.dumps(r))


main()
