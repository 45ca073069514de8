# Our AI as a subprocess speaking JSON lines on stdin/stdout, for playing
# against an outside program (host_sim/peer_schnapsen.py drives it):
#   micropython -X heapsize=128k -m engine.peer --game schnapsen --option platform_compat=on
# (--player ai-hard for the hard level, or a tuned AI such as ai:z=1:
# engine/tuning.py.)
# It keeps its own copy of the deal, fed with every action of both players,
# and chooses through engine.players.decide like every other caller, so the
# AI sees only its seat's observation and sampled worlds.
#
# Requests (one JSON object per line) and replies:
#   {"type": "new", "deck": ["AS", ...], "dealer": 1, "seat": 0, "seed": 5}
#                                  -> {"ok": true, "legal": [...]}
#   {"type": "act", "action": "QH"} -> {"ok": true, "to_move": 1, "done": false}
#   {"type": "decide"}             -> {"action": "marriage H", "us": 1234}
#   {"type": "state"}              -> {"legal": [...], "to_move": 0, "result": "..."}
#   {"type": "quit"}
# An error is answered with {"error": "..."}; the program goes on.
import gc
import sys
import json

from engine import games
from engine.cards import parse_card
from engine.compat import ticks_us, ticks_diff, collect_early
from engine.game import parse_options
from engine.match import Match
from engine.players import make_player, decide


class Peer:
    def __init__(self, game, opts, kind):
        self.game = game
        self.opts = opts
        self.kind = kind
        self.match = None
        self.st = None
        self.player = None

    def handle(self, msg):
        t = msg.get("type")
        if t == "new":
            self.match = Match(self.game, self.opts, 1, dealer=msg["dealer"])
            deck = [parse_card(c) for c in msg["deck"]]
            self.st = self.match.new_deal(deck)
            self.player = make_player(self.kind, self.game, msg.get("seed", 1))
            return {"ok": True, "legal": self.st.legal_text()}
        if self.st is None:
            return {"error": "no deal: send a 'new' request first"}
        if t == "act":
            self.st.apply_text(msg["action"])
            return {"ok": True, "to_move": self.st.to_move, "done": self.st.done}
        if t == "decide":
            t0 = ticks_us()
            a = decide(self.player, self.st, self.match)
            return {"action": self.st.action_text(a), "us": ticks_diff(ticks_us(), t0)}
        if t == "state":
            r = self.st.result.text() if self.st.done else ""
            return {"legal": self.st.legal_text(), "to_move": self.st.to_move, "result": r}
        return {"error": "unknown request type %r" % (t,)}


def main(argv):
    name = "schnapsen"
    kind = "ai"
    opts = []
    i = 0
    while i + 1 < len(argv):
        if argv[i] == "--game":
            name = argv[i + 1]
        elif argv[i] == "--player":
            kind = argv[i + 1]
        elif argv[i] == "--option":
            opts.append(argv[i + 1])
        i += 2
    game = games.load(name)
    peer = Peer(game, parse_options(game.SETTINGS, opts), kind)
    # The heap as the device keeps it (firmware/table.py): collected early
    # once the game is loaded, and after every request, so that a session
    # of hundreds of games does not fragment it.
    collect_early()
    while True:
        gc.collect()
        line = sys.stdin.readline()
        if not line:
            return 0
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
            if msg.get("type") == "quit":
                return 0
            out = peer.handle(msg)
        except Exception as e:  # a bad request must not end the session
            out = {"error": "%s: %s" % (type(e).__name__, e)}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
