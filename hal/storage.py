"""Files that survive a power cut: settings, statistics, the game in progress.

    s = Storage("/data")
    s.write("settings", b"...")     # True, or False with s.last_error
    s.read("settings")              # the bytes, or None with s.last_error

A write goes to NAME.tmp, is closed, then renamed over NAME.  On littlefs
(the Pico's filesystem) a file's data are committed on close and a rename
over an existing file is atomic, so a reboot at any moment finds either the
old file or the new one, never half of one.  (On FAT the rename is not
atomic; the checksum still catches a damaged file.)

A write the flash refuses (full: OSError 28, which MicroPython's littlefs
raises at the write) leaves the old file as it was.  Before giving up it
makes room once: what a power cut left (NAME.tmp), the files set aside
(NAME.bad) and this file's previous generation (NAME.prev, which the write
would replace anyway) are removed and the write tried again; never the
last good NAME.  Every failed write is remembered by name in `unsaved`
until a write of that name succeeds, and a name newly failed is listed in
`untold` until the application has told the player (firmware/app.py).

Each file carries a small header: b"PCT1", the data length and its CRC-32.
A file that is too short, has a wrong header or length, or fails its CRC is
never trusted: read() returns None, says why in last_error, and renames the
file aside to NAME.bad (one kept, the newest) so it can be looked at and is
not read again.  A file larger than anything this program writes (MAX_SIZE,
or less for a kind of file: read(name, most)) is set aside the same way
without being read: reading it whole would take more memory than the
device has.  (What a file says is its reader's to bound: a line of
thousands of words, split() whole, would exhaust the heap too.)  A NAME.tmp
left by a cut write is removed on the next read or write of NAME.

What runs only when something went wrong (a file set aside, a refused
write) is in hal/storage_trouble.py, loaded only then."""
import os
import struct
from binascii import crc32

MAGIC = b"PCT1"
_HEADER = "<4sII"  # magic, length, CRC-32 of the data
_HEADER_SIZE = 12
# Larger than any file this program writes: a saved match is about 40 bytes
# and one byte per action, well under 1 KB for a whole match of any game
# (tests/test_savegame.py), settings and statistics a few words.  A larger
# file was not written by it, and reading it whole could exhaust the heap.
MAX_SIZE = 16 * 1024


def _size(path):
    """The file's size in bytes; OSError if it does not exist."""
    return os.stat(path)[6]


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class Storage:
    def __init__(self, root):
        self.root = root.rstrip("/") or "/"
        self.last_error = None
        self.last_reason = None  # what was wrong with the file last set aside
        # what became of it: "aside" (renamed NAME.bad), "deleted" (it could
        # not be renamed) or "kept" (neither: it stays where it was)
        self.last_fate = None
        self.unsaved = {}  # name: why, for every name whose last write failed
        self.untold = None  # [names] newly failed, until the player is told
        # The folder is made by the first write, not here: on a fresh flash
        # making it costs a Pico ~140 ms of flash erases, which the boot to
        # the start menu (reading nothing from a missing folder) need not wait.
        self._made = _exists(self.root)

    def path(self, name):
        if not name or "/" in name or name.startswith("."):
            raise ValueError("bad storage name %r" % name)
        return self.root + "/" + name if self.root != "/" else "/" + name

    def write(self, name, data, keep=False):
        """Store data (bytes) under name atomically; True when it is safely
        written, else False and last_error says why (the old file stays).
        keep: the file replaced stays as NAME.prev (one generation), for
        when the new one fails its check later.  A power cut between the
        two renames leaves NAME.prev alone, the last good one."""
        path = self.path(name)
        tmp = path + ".tmp"
        data = bytes(data)
        why = None
        if len(data) > MAX_SIZE:
            # read() would refuse it: never replace a good file with it
            why = "%d bytes is more than a saved file may hold" % len(data)
        room = True  # (room not made yet)
        while why is None:
            try:
                if not self._made:
                    os.mkdir(self.root)
                    self._made = True
                with open(tmp, "wb") as f:
                    f.write(struct.pack(_HEADER, MAGIC, len(data), crc32(data) & 0xFFFFFFFF))
                    f.write(data)
                if keep and _exists(path):
                    _rename_over(path, path + ".prev")
                _rename_over(tmp, path)
                self.last_error = None
                self.unsaved.pop(name, None)
                return True
            except OSError as e:
                _remove(tmp)
                if name in self.unsaved:
                    # failing still (the player told): no room was made last time
                    self.last_error = "could not save %s: %s" % (name, self.unsaved[name])
                    return False
                from hal import storage_trouble
                if not (room and storage_trouble.make_room(self, path, e)):
                    why = storage_trouble.reason(e)
                room = False
        from hal import storage_trouble
        return storage_trouble.failed(self, name, why)

    def read(self, name, most=MAX_SIZE):
        """The bytes stored under name, or None (missing or damaged; see
        last_error).  most: the most data this kind of file holds (its
        reader's bound); a larger file is set aside unread."""
        path = self.path(name)
        _remove(path + ".tmp")  # an unfinished write: the file itself is the last good one
        try:
            size = _size(path)
        except OSError:
            self.last_error = "nothing saved as %s yet" % name
            return None
        if size > most + _HEADER_SIZE:
            from hal.storage_trouble import too_large
            self.set_aside(name, too_large(size, most + _HEADER_SIZE))
            return None
        try:
            with open(path, "rb") as f:
                head = f.read(_HEADER_SIZE)
                data = f.read()  # (apart from the header: no second copy of the data)
        except OSError as e:
            from hal.storage_trouble import reason
            self.last_error = "could not read %s: %s" % (name, reason(e))
            return None
        problem = _check(head, data)
        if problem:
            self.set_aside(name, problem)
            return None
        self.last_error = None
        return data

    def set_aside(self, name, why):
        """Never trust this file again: rename it to NAME.bad (the newest one
        kept, for a look later) and say why in last_error, in plain words;
        last_fate says what became of it (hal/storage_trouble.py)."""
        from hal import storage_trouble
        storage_trouble.set_aside(self, name, why)

    def clean(self):
        """Remove what a power cut during a write left behind (NAME.tmp);
        the files themselves are always the last complete ones."""
        if not self._made:
            return
        for f in os.listdir(self.root):
            if f.endswith(".tmp"):
                _remove(self.root.rstrip("/") + "/" + f)

    def rename(self, name, new):
        """NAME becomes NEW (a NEW there is replaced); False (last_error
        says why) if the filesystem refused, NAME then as it was."""
        try:
            _rename_over(self.path(name), self.path(new))
            return True
        except OSError as e:
            from hal.storage_trouble import reason
            self.last_error = "could not rename %s: %s" % (name, reason(e))
            return False

    def remove(self, name):
        path = self.path(name)
        _remove(path)
        _remove(path + ".tmp")

    def exists(self, name):
        return _exists(self.path(name))


def _check(head, data):
    """None when a file's header and data are whole and intact, else what
    is wrong, in words."""
    if len(head) < _HEADER_SIZE:
        return "too short"
    magic, length, crc = struct.unpack(_HEADER, head)
    if magic != MAGIC:
        return "not a saved file"
    if length != len(data):
        return "wrong length"
    if crc != crc32(data) & 0xFFFFFFFF:
        return "checksum does not match"
    return None


def _rename_over(src, dst):
    try:
        os.rename(src, dst)  # littlefs and POSIX replace dst atomically
    except OSError as e:
        # FAT and Windows refuse to rename over a file (EEXIST); any other
        # error (a full flash) must leave the old file alone.
        if not e.args or e.args[0] != 17 or not _exists(dst):
            raise
        os.remove(dst)
        os.rename(src, dst)
