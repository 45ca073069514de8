# The device's entry point: pick the board, run the application.
#
# On the Pico, a root main.py does `from firmware.main import main; main()`.
# The board is named by the first word of board.cfg (e.g. "pico_oled");
# hal.board.open_board(name) builds its display, buttons, storage and sound.
# Without hal.board (the unix port, the desktop) a headless board is used.


def board_name(path="board.cfg"):
    try:
        with open(path) as f:
            words = f.read().split()
    except OSError:
        return None
    return words[0] if words else None


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


def main(board=None, seed=None):
    from firmware.app import App
    if board is None:
        board = pick_board()
    app = App(board, seed)
    app.run()
    return app


if __name__ == "__main__":
    main()
