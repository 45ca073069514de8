"""Files that survive a power cut: settings, statistics, the game in progress.

    s = Storage("/data")
    s.write("settings", b"...")     # True, or False with s.last_error
    s.read("settings")              # the bytes, or None with s.last_error

A write goes to NAME.tmp, is closed, then renamed over NAME.  On littlefs
(the Pico's filesystem) a file's data are committed on close and a rename
over an existing file is atomic, so a reboot at any moment finds either the
old file or the new one, never half of one.  (On FAT the rename is not
atomic; the checksum still catches a damaged file.)

Each file carries a small header: b"PCT1", the data length and its CRC-32.
A file that is too short, has a wrong header or length, or fails its CRC is
never trusted: read() returns None, says why in last_error, and renames the
file aside to NAME.bad (one kept, the newest) so it can be looked at and is
not read again.  A file larger than anything this program writes (MAX_SIZE)
is set aside the same way without being read: reading it whole would take
more memory than the device has.  A NAME.tmp left by a cut write is removed
on the next read or write of NAME."""
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
        if len(data) > MAX_SIZE:
            # read() would refuse it: never replace a good file with it
            self.last_error = "could not save %s: %d bytes is more than a saved file may hold" % (
                name, len(data))
            return False
        head = struct.pack(_HEADER, MAGIC, len(data), crc32(data) & 0xFFFFFFFF)
        try:
            if not self._made:
                os.mkdir(self.root)
                self._made = True
            with open(tmp, "wb") as f:
                f.write(head)
                f.write(data)
            if keep and _exists(path):
                _rename_over(path, path + ".prev")
            _rename_over(tmp, path)
        except OSError as e:
            _remove(tmp)
            self.last_error = "could not save %s: %s" % (name, _reason(e))
            return False
        self.last_error = None
        return True

    def read(self, name):
        """The bytes stored under name, or None (missing or damaged; see
        last_error)."""
        path = self.path(name)
        _remove(path + ".tmp")  # an unfinished write: the file itself is the last good one
        try:
            size = _size(path)
        except OSError:
            self.last_error = "nothing saved as %s yet" % name
            return None
        if size > MAX_SIZE + _HEADER_SIZE:
            self.set_aside(name, "too large: %d bytes, where a saved file has at most %d" % (
                size, MAX_SIZE + _HEADER_SIZE))
            return None
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            self.last_error = "could not read %s: %s" % (name, _reason(e))
            return None
        problem = _check(raw)
        if problem:
            self.set_aside(name, problem)
            return None
        self.last_error = None
        return raw[_HEADER_SIZE:]

    def set_aside(self, name, why):
        """Never trust this file again: rename it to NAME.bad (the newest one
        kept, for a look later) and say why in last_error, in plain words."""
        path = self.path(name)
        self.last_reason = why
        aside = path + ".bad"
        _remove(aside)
        try:
            os.rename(path, aside)
            where = "it was moved aside as %s.bad" % name
        except OSError:
            _remove(path)
            where = "it was deleted"
        self.last_error = "the saved %s could not be used (%s), so it was ignored; %s" % (
            name, why, where)

    def clean(self):
        """Remove what a power cut during a write left behind (NAME.tmp);
        the files themselves are always the last complete ones."""
        if not self._made:
            return
        for f in os.listdir(self.root):
            if f.endswith(".tmp"):
                _remove(self.root.rstrip("/") + "/" + f)

    def rename(self, name, new):
        """NAME becomes NEW (a NEW there is replaced)."""
        _rename_over(self.path(name), self.path(new))

    def remove(self, name):
        path = self.path(name)
        _remove(path)
        _remove(path + ".tmp")

    def exists(self, name):
        return _exists(self.path(name))


def _check(raw):
    """None when raw is a whole, intact file, else what is wrong, in words."""
    if len(raw) < _HEADER_SIZE:
        return "too short"
    magic, length, crc = struct.unpack(_HEADER, raw[:_HEADER_SIZE])
    if magic != MAGIC:
        return "not a saved file"
    if length != len(raw) - _HEADER_SIZE:
        return "wrong length"
    if crc != crc32(raw[_HEADER_SIZE:]) & 0xFFFFFFFF:
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


def _reason(e):
    code = e.args[0] if e.args else 0
    if code == 28:
        return "the flash is full"
    if code == 30:
        return "the filesystem is read-only"
    return "error %s" % code
