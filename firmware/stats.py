# Per-game statistics kept on the device, per opponents' level: matches and
# deals played and won, the best winning margin and the quickest win (fewest
# deals).  One small versioned text file per game, "stats_<game>", under the
# storage's checksum, written atomically like the saves:
#   v2 <the last booked match: its seed, - for none>
#   <level> <matches> <won> <deals> <deals won> <best margin> <quickest win>
#   ... (one line per level played; "normal+" etc.: matches with take-backs)
# The first version's file (v1 <played> <won> <best> <quickest> [<seed>])
# kept no level and no deals: it is read into the level "earlier" and
# written back as v2 on the next booking.
# The last booked match lets a match be booked exactly once: its save is
# removed only after the booking is written, and a power cut between the two
# leaves a save that, continued, reaches the last summary again, which finds
# the match booked and only removes the save.
from engine.compat import is_digits

VERSION = "v2"
# The levels in the order shown; "earlier": matches counted before the
# statistics kept the level (a v1 file).
# A match played with take-backs allowed is booked apart, under its level
# with "+" (marked as such on the statistics screen).
LEVELS = ("normal", "easy", "hard", "normal+", "easy+", "hard+", "earlier")
# The most the file holds, above what it can (a line a level, seven numbers
# of up to 10 digits: about 500 bytes): a larger one was not written by
# this program and is refused unread; its lines and words are split with
# a limit (thousands of them in 16 KB exhaust the heap).
MOST_BYTES = 1024
COUNT_MOST = 999999999  # nine digits: what _numbers reads back


class Record:
    """The matches of one game at one level."""

    def __init__(self, played=0, won=0, deals=0, deals_won=0, best=0, quickest=0):
        self.played = played
        self.won = won
        self.deals = deals
        self.deals_won = deals_won
        self.best = best
        self.quickest = quickest

    def fields(self):
        return (self.played, self.won, self.deals, self.deals_won, self.best, self.quickest)

    def text(self, _=str):
        """The record in a line (_: the caller's translator)."""
        if not self.played:
            return _("No match played yet")
        s = _("Won %d of %d") % (self.won, self.played)
        if self.won:
            from firmware.plural import plural
            s += plural(_(", best +%d, quickest %d [deal|deals]"), self.quickest) % (self.best, self.quickest)
        return s


class Stats:
    """One game's records by level, and the last booked match's seed."""

    def __init__(self, last=-1):
        self.last = last
        self.levels = {}

    def level(self, name):
        r = self.levels.get(name)
        if r is None:
            r = self.levels[name] = Record()
        return r

    def text(self):
        lines = ["%s %s" % (VERSION, "-" if self.last < 0 else "%d" % self.last)]
        for lv in LEVELS:
            r = self.levels.get(lv)
            if r is not None and r.played:
                lines.append("%s %d %d %d %d %d %d" % ((lv,) + r.fields()))
        return "\n".join(lines)


def _name(game_name):
    return "stats_" + game_name


def _numbers(words):
    # ASCII digits only, so that both runtimes read a file alike.
    if not all(is_digits(x) and len(x) <= 9 for x in words):
        raise ValueError("not readable")
    return [int(x) for x in words]


def _seed(w):
    """A match's seed: 30 bits, up to ten digits."""
    if not is_digits(w) or len(w) > 10 or int(w) > 0x3FFFFFFF:
        raise ValueError("not readable")
    return int(w)


def _parse(text):
    """Stats from the file's text; ValueError(why) if it cannot be used."""
    lines = text.split("\n", len(LEVELS) + 1)
    if len(lines) > len(LEVELS) + 1:
        raise ValueError("longer than any this program writes")
    w = lines[0].split(None, 6)
    if w and w[0] == "v1":
        if len(w) not in (5, 6):
            raise ValueError("not readable")
        n = _numbers(w[1:5])
        st = Stats(_seed(w[5]) if len(w) == 6 else -1)
        st.levels["earlier"] = Record(n[0], n[1], 0, 0, n[2], n[3])
        return st
    if not w or w[0] != VERSION:
        raise ValueError("another version")
    if len(w) != 2:
        raise ValueError("not readable")
    st = Stats(-1 if w[1] == "-" else _seed(w[1]))
    for line in lines[1:]:
        w = line.split(None, 7)
        if not w:
            continue
        if len(w) != 7 or w[0] not in LEVELS or w[0] in st.levels:
            raise ValueError("not readable")
        st.levels[w[0]] = Record(*_numbers(w[1:]))
    return st


def load(storage, game_name):
    """The game's statistics; a damaged or unknown-version file is set aside
    (storage.last_reason says why) and counting starts again.  Returns
    (stats, problem?)."""
    name = _name(game_name)
    if not storage.exists(name):
        return Stats(), False
    data = storage.read(name, MOST_BYTES)
    if data is not None:
        try:
            return _parse(data.decode()), False
        except UnicodeError:
            why = "not readable"
        except ValueError as e:
            why = str(e)
        storage.set_aside(name, why)
    return Stats(), True


def count(storage, game_name, won, margin, deals, match_id=-1, level="normal", deals_won=0):
    """Book a finished match (match_id: its seed, so that it is booked once;
    level: the opponents' level it was played at); returns (the level's
    record, problem?)."""
    st, problem = load(storage, game_name)
    if level not in LEVELS:
        level = LEVELS[0]
    r = st.level(level)
    if match_id >= 0 and st.last == match_id:
        return r, problem  # booked already, before a power cut
    before = r.fields()
    st.last = match_id
    r.played += 1
    r.deals += deals
    r.deals_won += deals_won
    if won:
        r.won += 1
        if margin > r.best:
            r.best = margin
        if not r.quickest or deals < r.quickest:
            r.quickest = deals
    r.played, r.won, r.deals, r.deals_won, r.best = [min(x, COUNT_MOST) for x in r.fields()[:5]]
    if not storage.write(_name(game_name), st.text().encode()):
        # Not booked (a full flash: the app tells the player, and the
        # match's save stays, firmware/savegame.py's clear): the record is
        # the one on the flash.
        r.__init__(*before)
    return r, problem
