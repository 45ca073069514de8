"""The saved match survives a power cut at every block write, on
MicroPython's own littlefs (vfs.VfsLfs2 on a RAM block device).

A Sixty-six match is played between computer players and saved after every
action, as the device does (keeping the save it replaces as the previous
generation, which is what the device offers when a cut falls between the
two renames).  For each of the first SAVES saves, the power is
cut after every single block operation of that save (program or erase); the
flash is remounted and the save read back.  It must be the previous complete
save or the new one, never anything else, and it must restore into a match.
Run under `micropython` by tests/test_persistence.py (and longer by
`make soak`): main(SAVES) prints one JSON line: the number of saves, cut points and what was found."""
import json
import vfs

from storage_checks import RAMBlockDev, mount
from hal.storage import Storage
from engine import games
from engine.match import Match
from engine.players import make_player
from engine.savegame import Log, dumps, loads
from firmware import savegame, saves

def saves_of_a_match(n):
    """The bytes of the first n saves of a match, one after every action."""
    g = games.load("sixtysix")
    m = Match(g, g.default_options(), 4242)
    players = [make_player("heuristic", g, 7 + s) for s in range(2)]
    log = Log()
    st = m.new_deal()
    out = [dumps(m, log, players)]
    while len(out) < n:
        if st.done:
            m.finish_deal(st)
            log.end_of_deal()
            st = m.new_deal()
        a = players[st.to_move].choose(st.observation(st.to_move))
        st.apply(a)
        log.action(a)
        out.append(dumps(m, log, players))
    return out


NAME = savegame.name_of("sixtysix")


def make_players(game, match):
    return [make_player("heuristic", game, 1) for _ in range(match.nplayers)]


def main(SAVES=12):
    data = saves_of_a_match(SAVES + 1)
    bdev = RAMBlockDev(block_size=512, num_blocks=128)
    vfs.VfsLfs2.mkfs(bdev)
    mount(bdev)
    Storage("/flash/data").write(NAME, data[0], True)
    vfs.umount("/flash")
    cuts = 0
    seen = {"old": 0, "new": 0, "other": 0, "restored": 0}
    for i in range(1, SAVES + 1):
        before = bytes(bdev.data)
        # How many block operations does this save take?
        bdev.ops = 0
        bdev.budget = 1 << 20
        mount(bdev)
        Storage("/flash/data").write(NAME, data[i], True)
        total = bdev.ops
        vfs.umount("/flash")
        after = bytes(bdev.data)
        for cut in range(total + 1):
            bdev.data[:] = before
            bdev.budget = -1
            mount(bdev)
            bdev.ops = 0
            bdev.budget = cut  # the power fails after `cut` block operations
            try:
                Storage("/flash/data").write(NAME, data[i], True)
            except OSError:
                pass
            try:
                vfs.umount("/flash")
            except OSError:
                pass
            bdev.budget = -1  # power back: boot, clean up, read
            mount(bdev)
            s = Storage("/flash/data")
            s.clean()
            saves.peek(s, "sixtysix")  # the start menu: the previous save if no other
            got = s.read(NAME)
            if got == data[i - 1]:
                seen["old"] += 1
            elif got == data[i]:
                seen["new"] += 1
            else:
                seen["other"] += 1
            if got is not None:
                loads(got, make_players)
                seen["restored"] += 1
            vfs.umount("/flash")
            cuts += 1
        bdev.data[:] = after
    print(json.dumps({"saves": SAVES, "cuts": cuts, "seen": seen}))
