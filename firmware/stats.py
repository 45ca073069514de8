# Per-game statistics kept on the device: matches played and won, the best
# winning margin and the quickest win (fewest deals).  One small versioned
# text file per game, "stats_<game>", under the storage's checksum:
#   v1 <played> <won> <best margin> <quickest win in deals, 0: none yet>
#      [<the last booked match: its seed>]
# The last booked match lets a match be booked exactly once: its save is
# removed only after the booking is written, and a power cut between the two
# leaves a save that, continued, reaches the last summary again, which finds
# the match booked and only removes the save.
from engine.compat import is_digits

VERSION = "v1"


class Stats:
    def __init__(self, played=0, won=0, best=0, quickest=0, last=-1):
        self.last = last
        self.played = played
        self.won = won
        self.best = best
        self.quickest = quickest

    def text(self):
        if not self.played:
            return "No match played yet"
        s = "Won %d of %d" % (self.won, self.played)
        if self.won:
            s += ", best +%d, quickest %d deals" % (self.best, self.quickest)
        return s


def _name(game_name):
    return "stats_" + game_name


def load(storage, game_name):
    """The game's statistics; a damaged or unknown-version file is set aside
    (storage.last_reason says why) and counting starts again.  Returns
    (stats, problem?)."""
    name = _name(game_name)
    if not storage.exists(name):
        return Stats(), False
    data = storage.read(name)
    if data is not None:
        try:
            w = data.decode().split()
            # ASCII digits only, so that both runtimes read a file alike.
            if len(w) in (5, 6) and w[0] == VERSION and all(is_digits(x) for x in w[1:]):
                last = int(w[5]) if len(w) == 6 else -1
                return Stats(int(w[1]), int(w[2]), int(w[3]), int(w[4]), last), False
            why = "another version" if w and w[0] != VERSION else "not readable"
        except (UnicodeError, ValueError):
            why = "not readable"
        storage.set_aside(name, why)
    return Stats(), True


def count(storage, game_name, won, margin, deals, match_id=-1):
    """Book a finished match (match_id: its seed, so that it is booked once);
    returns (stats, problem?)."""
    st, problem = load(storage, game_name)
    if match_id >= 0 and st.last == match_id:
        return st, problem  # booked already, before a power cut
    st.last = match_id
    st.played += 1
    if won:
        st.won += 1
        if margin > st.best:
            st.best = margin
        if not st.quickest or deals < st.quickest:
            st.quickest = deals
    text = "%s %d %d %d %d" % (VERSION, st.played, st.won, st.best, st.quickest)
    if st.last >= 0:
        text += " %d" % st.last
    storage.write(_name(game_name), text.encode())
    return st, problem
