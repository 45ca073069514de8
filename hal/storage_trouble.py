# hal/storage.py's rare paths, in a module of their own that is loaded only
# when one is taken (hal.storage is in the heap all the time; this is not):
# a file that cannot be trusted is set aside, a write the flash refused.
import os

ENOSPC = 28


def remove(path):
    """True if the file was removed."""
    try:
        os.remove(path)
        return True
    except OSError:
        return False


def reason(e):
    """An OSError in plain words."""
    code = e.args[0] if e.args else 0
    if code == ENOSPC:
        return "the flash is full"
    if code == 30:
        return "the filesystem is read-only"
    return "error %s" % code


def too_large(size, most):
    """Why a file of `size` bytes is refused unread."""
    return "too large: %d bytes, where a saved file has at most %d" % (size, most)


def set_aside(storage, name, why):
    """Never trust this file again: rename it to NAME.bad (the newest one
    kept, for a look later); storage.last_error says why and what became of
    it in plain words, storage.last_fate in a word: "aside", or where the
    filesystem refused the rename (read-only or broken; littlefs renames
    even when full) "deleted", or, refused that too, "kept"."""
    path = storage.path(name)
    storage.last_reason = why
    aside = path + ".bad"
    remove(aside)
    try:
        os.rename(path, aside)
        storage.last_fate = "aside"
        where = "it was moved aside as %s.bad" % name
    except OSError:
        if remove(path):
            storage.last_fate = "deleted"
            where = "it could not be moved aside, so it was deleted"
        else:
            storage.last_fate = "kept"
            where = "it could be neither moved aside nor deleted"
    storage.last_error = "the saved %s could not be used (%s), so it was ignored; %s" % (
        name, why, where)


def make_room(storage, path, e):
    """A write to path refused with OSError e: when the flash is full, remove
    what can go without losing anything the player has (what power cuts
    left, the files set aside, this file's previous generation, which the
    write replaces anyway; never the last good file itself).  True if
    anything went, and the write is worth trying again."""
    if not e.args or e.args[0] != ENOSPC:
        return False
    freed = remove(path + ".prev")
    try:
        names = os.listdir(storage.root)
    except OSError:  # (no folder yet)
        return freed
    for f in names:
        if f.endswith(".tmp") or f.endswith(".bad"):
            freed = remove(storage.root.rstrip("/") + "/" + f) or freed
    return freed


def failed(storage, name, why):
    """A write of `name` that did not reach the flash: remembered by name
    (storage.unsaved) until one does, and listed for the player once
    (storage.untold, which the app empties when it tells)."""
    storage.last_error = "could not save %s: %s" % (name, why)
    if name not in storage.unsaved:
        storage.untold = (storage.untold or []) + [name]
    storage.unsaved[name] = why
    return False
