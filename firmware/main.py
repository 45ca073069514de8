# The device's entry point: pick the board, run the application.
#
# On the Pico, a root main.py does `from firmware.main import main; main()`.
# The board is named in board.cfg (`board = pico_oled`, or the name alone on
# the first line as `make deploy` writes it); hal.board.open_board(name)
# builds its display, buttons, storage and sound.  A headless board is used
# where there is no hardware (the unix port, the desktop).


# Built-ins that a file on the flash may stand in for (time, os, machine
# ...): MicroPython looks for time.py and time.mpy in every sys.path entry
# before it takes the built-in, at every `import time` (a built-in is not
# kept in sys.modules), ~2 ms each on the Pico's littlefs.  Their u-names
# reach the built-in at once; kept in sys.modules under the plain name, every
# later import finds them there.
BUILTINS = ("time", "os", "struct", "binascii", "machine", "json", "select", "array")


def pin_builtins(names=BUILTINS):
    import sys
    if sys.implementation.name != "micropython":
        return  # CPython: u-names may be other packages (ujson)
    for name in names:
        if name not in sys.modules:
            try:
                sys.modules[name] = __import__("u" + name)
            except ImportError:  # a port without it
                pass


def config(path="board.cfg"):
    """board.cfg as a dict, or None if it cannot be read.  Read once at
    boot (each reading costs the Pico a few ms of flash lookups)."""
    from hal.board import read_config
    try:
        return read_config(path)
    except ValueError:  # a config file that cannot be read: no board named
        return None


def board_name(path="board.cfg"):
    return (config(path) or {}).get("board")


def pick_board(name=None, cfg=None):
    """cfg: board.cfg already read (config()); None: read it here."""
    if name is None:
        name = (cfg if cfg is not None else config() or {}).get("board")
    try:
        from hal.board import open_board
    except ImportError:
        open_board = None
    if open_board is not None and not (name and name.startswith("headless")):
        # Without board.cfg the name is None: hal.board picks its default.
        return open_board(name, cfg=cfg)
    from hal.headless import HeadlessBoard
    return HeadlessBoard("lcd" if name and name.endswith("lcd") else "oled")


def bench_settings(path="board.cfg", cfg=None):
    """(seed, trace) from board.cfg (cfg: as config() read it): `seed = N`
    deals every match from N (the simulator's --seed: the same games as on
    the desktop), `trace = 1` prints each computer decision's time and the
    free heap to the USB serial port (host_sim/pico.py's benchmark reads
    them)."""
    if cfg is None:
        cfg = config(path)
    if cfg is None:
        return None, False
    seed = cfg.get("seed")
    return (int(seed) if seed else None), cfg.get("trace", "0") == "1"


def main(board=None, seed=None):
    """Run the application; None if a file it cannot do without is missing
    (a partial copy: said on the serial port and the screen, not as a
    traceback; firmware/incomplete.py)."""
    pin_builtins()
    try:
        from firmware.app import App
        trace = False
        if board is None:
            cfg = config()
            board = pick_board(cfg=cfg)
            fixed, trace = bench_settings(cfg=cfg or {})
            if seed is None:
                seed = fixed
        app = App(board, seed)
        app.trace = trace
        app.run()
    except ImportError as e:
        try:
            from firmware.incomplete import say
        except ImportError:  # (that file is missing too)
            raise e
        say(board, e)
        return None
    return app


if __name__ == "__main__":
    main()
