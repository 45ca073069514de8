# The device's entry point: pick the board, run the application.
#
# On the Pico, a root main.py does `from firmware.main import main; main()`.
# The board is named in board.cfg (`board = pico_oled`, or the name alone on
# the first line as `make deploy` writes it); hal.board.open_board(name)
# builds its display, buttons, storage and sound.  A headless board is used
# where there is no hardware (the unix port, the desktop).


def board_name(path="board.cfg"):
    from hal.board import read_config
    try:
        return read_config(path).get("board")
    except ValueError:  # a config file that cannot be read: no board named
        return None


def pick_board(name=None):
    if name is None:
        name = board_name()
    try:
        from hal.board import open_board
    except ImportError:
        open_board = None
    if open_board is not None and not (name and name.startswith("headless")):
        # Without board.cfg the name is None: hal.board picks its default.
        return open_board(name)
    from hal.headless import HeadlessBoard
    return HeadlessBoard("lcd" if name and name.endswith("lcd") else "oled")


def bench_settings(path="board.cfg"):
    """(seed, trace) from board.cfg: `seed = N` deals every match from N
    (the simulator's --seed: the same games as on the desktop), `trace = 1`
    prints each computer decision's time and the free heap to the USB
    serial port (host_sim/pico.py's benchmark reads them)."""
    from hal.board import read_config
    try:
        cfg = read_config(path)
    except ValueError:
        return None, False
    seed = cfg.get("seed")
    return (int(seed) if seed else None), cfg.get("trace", "0") == "1"


def main(board=None, seed=None):
    from firmware.app import App
    trace = False
    if board is None:
        board = pick_board()
        fixed, trace = bench_settings()
        if seed is None:
            seed = fixed
    app = App(board, seed)
    app.trace = trace
    app.run()
    return app


if __name__ == "__main__":
    main()
