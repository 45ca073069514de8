"""A first sign of life on a freshly deployed device, before (or without)
the application: imports the engine and every hal module, and on a board
with a board.cfg opens the board and puts a line on its screen.

    import firmware.selftest; firmware.selftest.run()    (make deploy's main.py does this
                                                 when firmware/main.py is absent)"""


def run():
    import engine.games
    import hal.buttons
    import hal.keys
    import hal.sound
    import hal.storage
    import hal.boards
    import hal.board
    names = engine.games.names()
    engine.games.load(names[0])  # one rule set really loads
    print("engine games:", ", ".join(names))
    cfg = hal.board.read_config()
    if not cfg.get("board"):
        print("no board.cfg here: not opening a board")
    else:
        try:
            import machine
            machine.Pin  # the unix port has no Pin
        except (ImportError, AttributeError):
            print("board %s named, but this MicroPython has no machine.Pin" % cfg["board"])
        else:
            b = hal.board.open_board()
            d = b.display
            d.fill(0)
            d.text("hal ok: " + b.name, 0, 0, d.colors - 1)
            d.show()
            print("board", b.name, "open:", d.width, "x", d.height)
    print("selftest ok")
