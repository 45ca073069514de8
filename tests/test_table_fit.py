"""What a player meets at the table, on both screens and in both languages:
every seat's label clear of the trick's cards, the events view that scrolls
through all the events it keeps, the status lines that keep who declared
or took, the game and the bid or score in view, the table's messages
whole, the reason of a refused card, and Skat's concession asked once."""
import pytest

from tests.apphelp import new_app, press, scene, advance_until
from hal import keys
from hal.headless import HeadlessBoard
from firmware import ui, words
from firmware.app import App
from hal.headless import settle

KINDS = ("oled", "lcd")
LANGS = ("en", "ru")


def next_deal(t):
    """The table's next deal, the match kept from ending (scores back to 0)."""
    t.match.scores = [0] * t.match.nsides
    t.match.finish_deal(t.state)
    t.match.over = False
    t.new_deal()


@pytest.fixture
def lang():
    """Speak a language for the test, English again after it."""
    def use(name):
        words.use(name)
    yield use
    words.use("en")


def metrics(kind):
    d = HeadlessBoard(kind).display
    return ui.Metrics(d.width, d.height)


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", LANGS)
def test_seat_labels_clear_every_trick_card(kind, language, lang):
    # Belote on the OLED: the right seat's card covered the partner's
    # "2 led"; in Russian the side cards covered "Левый", "Правый" and
    # "3 заход".  Every seat's name (the partner's with its *) and its
    # count of cards, highlighted or not, stays clear of every card of the
    # trick and of the hand, on the screen.
    from firmware import seats, table
    lang(language)
    _ = words.section("table")
    m = metrics(kind)
    cards = [(x, y, m.cw, m.ch) for x, y in m.seat_xy]
    names = set()
    for n in (3, 4):
        for partners in (False, True):
            for place, s in enumerate(table.seat_names(n, partners)):
                if place:
                    star = partners and place == 2
                    names.add((place, (seats.PARTNER if star else "") + _(s)))
    assert (2, "*" + _("Partner")) in names
    for place, name in sorted(names):
        for line, text in ((0, name), (1, "10")):
            w = ui.text_w(m, text)
            x, y = seats.label_xy(m, place, w, line)
            box = (x - 1, y - 1, w + 1, m.line)  # with the turn's highlight
            assert 0 <= box[0] and box[0] + box[2] <= m.w, (place, text)
            assert m.msg_y + m.line - 2 <= box[1] and box[1] + box[3] <= m.hand_y - m.lift
            for c in cards:
                assert not overlap(box, c), (kind, place, text, c)


class Recorder:
    """firmware.ui for firmware/seats.py, writing down the texts it draws."""

    def __init__(self):
        self.texts = []

    def __getattr__(self, name):
        return getattr(ui, name)

    def text(self, fb, m, s, x, y, c):
        self.texts.append((s, x, y, c))
        return ui.text(fb, m, s, x, y, c)


@pytest.mark.parametrize("kind", KINDS)
def test_the_partner_label_is_whole_on_the_belote_table(kind, monkeypatch):
    """The Belote table itself, the partner having led and the right seat
    played on it: every label the seats draw reads as drawn alone (the
    right seat's card covered the partner's "2 led")."""
    from firmware import seats
    app, board = new_app(kind, 5)
    settle(app, board)
    while app.scene.entries[app.scene.sel][2] != "belote":
        press(app, board, keys.DOWN)
    press(app, board, keys.OK, keys.OK)
    t = advance_until(app, board, lambda t: len(t.obs.trick) == 2 and t.obs.leader == 2)
    rec = Recorder()
    monkeypatch.setattr(seats, "ui", rec)
    board.display.fill(0)
    t.draw(board.display)
    m = app.m
    assert any(s.startswith("*") for s, x, y, c in rec.texts)
    for s, x, y, c in rec.texts:
        alone = HeadlessBoard(kind)
        ui.text(alone.display, m, s, x, y, c)
        for yy in range(y, y + m.line - 2):
            for xx in range(x, x + ui.text_w(m, s) - 1):
                assert board.display.pixel(xx, yy) == alone.display.pixel(xx, yy), (s, xx, yy)


def skat_table(kind, seed=3):
    app, board = new_app(kind, seed)
    settle(app, board)
    while app.scene.entries[app.scene.sel][2] != "skat":
        press(app, board, keys.DOWN)
    press(app, board, keys.OK, keys.OK)
    assert scene(app) == "Table"
    return app, board


@pytest.mark.parametrize("kind", KINDS)
def test_the_events_view_scrolls_through_all_it_keeps(kind, monkeypatch):
    # The OLED showed the last 3 of the 8 events the docs promise, and an
    # arrow closed the view.  Now it opens at the newest, LEFT (or UP) goes
    # back a line and RIGHT on, the view staying open, until every event
    # kept has been on the screen; other keys still close it.
    from firmware import overlay, table
    app, board = skat_table(kind)
    t = advance_until(app, board, lambda t: t.obs.phase == "play" and t.dlg is None)
    t.history = []
    for i in range(table.HISTORY + 2):
        t._event("Left: event number %d of the deal, long enough to wrap" % i)
    assert len(t.history) == table.HISTORY
    rec = Recorder()
    monkeypatch.setattr(overlay, "ui", rec)
    press(app, board, keys.DOWN, keys.DOWN)
    assert t.view == 1
    seen = " ".join(s for s, x, y, c in rec.texts)
    assert "%d" % (table.HISTORY + 1) in seen  # the newest first
    for _ in range(30):
        press(app, board, keys.LEFT)
        assert t.view == 1
    seen = " ".join(s for s, x, y, c in rec.texts)
    for i in range(2, table.HISTORY + 2):
        assert "number %d " % i in seen
    rec.texts = []
    press(app, board, keys.RIGHT)
    assert t.view == 1 and rec.texts
    press(app, board, keys.OK)
    assert t.view == -1


# -- the status line ---------------------------------------------------------

# A long match's score at the right of the status line: the room it leaves
WIDE_SCORES = {2: [488, 1012], 3: [-148, 96, 252]}


def random_table(game, kind, seed=5):
    """A table of `game` on a headless board with the battery's sign in the
    corner (it takes from the status line's room), its match score wide."""
    from engine import games
    from firmware.table import Table
    app, board = new_app(kind, seed)
    settle(app, board)
    app.battery = (50, False)
    t = Table(app, games.load(game), None, seed)
    t.match.scores = list(WIDE_SCORES[t.match.nsides])
    return app, t


def status_facts(t, o):
    """What the status line must show whole: the trump, who took, made or
    declared the game and at what bid, and the deal's points."""
    from firmware.games import skat, base
    name = t.game.NAME
    glyph = [base.suit(o.trump)] if 0 <= getattr(o, "trump", -1) < 4 else []
    if name == "skat":
        g = skat.game_name(o)
        if o.declarer >= 0 and g and o.gtype != skat.RAMSCH:
            key = glyph or [g.split(" ")[0]]
            return [t.name(o.declarer)] + (["%d" % o.bid] if o.bid else []) + key
        return [g] if g else ["%d" % o.bid] if o.bid else []
    if name in ("sixtysix", "schnapsen"):
        named = " ".join(["%s %d" % (t.side_name(s), o.totals[s]) for s in range(len(o.totals))])
        return glyph + [(base.points(t, o.totals), named)]
    if name == "belote":
        return glyph + [t.name(o.taker), base.points(t, o.card_points)] if o.taker >= 0 else []
    if name in ("klaberjass", "deberts"):
        return glyph + [t.name(o.maker), "%d:%d" % tuple(o.totals)] if o.maker >= 0 else []
    if name == "hasenpfeffer":
        if o.declarer < 0:
            return []
        me = t.my_side
        return glyph + [t.name(o.declarer), "%d" % (o.contract or o.high),
                        "%d:%d" % (o.tricks[me], o.tricks[1 - me])]
    raise AssertionError(name)


STATUS_GAMES = ("sixtysix", "schnapsen", "klaberjass", "belote", "deberts", "hasenpfeffer", "skat")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("game", STATUS_GAMES)
def test_the_status_line_keeps_who_the_game_and_the_score(game, kind, language, lang,
                                                         monkeypatch):
    # "♣ STOCK 2 CLOSED YOU 21~" hid the other score; "Гранд хэнд, шнейдер
    # П~" hid the declarer and the bid.  Through random deals (the screen's
    # status line as the table draws it, beside a long match's score and
    # the battery's sign) the line is never cut, and it shows the facts.
    import gc
    import random
    monkeypatch.setattr(gc, "collect", lambda: 0)  # (the table's, after every move)
    app, t = random_table(game, kind)
    lang(language)  # (after the app, which speaks the language of its files)
    m = app.m
    r = random.Random(7)
    drawn = 0
    for _ in range(300):
        st = t.state
        if st.done:
            t.match.scores = [0] * t.match.nsides  # (the match goes on)
            t.match.finish_deal(st)
            t.match.over = False  # (Deberts' claim ends a match at any score)
            t.match.scores = list(WIDE_SCORES[t.match.nsides])
            t.new_deal()
            continue
        o = t.obs
        room = m.w - ui.text_w(m, t.score_text()) - 4 - (14 if m.big else 10)  # (the battery)
        shown = ui.fit(m, t.p.status(t, o), room)
        assert not shown.endswith("~"), (shown, room)
        for fact in status_facts(t, o):
            assert any(f in shown for f in ((fact,) if type(fact) is str else fact)), (fact, shown)
        drawn += 1
        t._apply(r.choice(st.legal()))
    assert drawn > 100


# -- a refused card ------------------------------------------------------------

REASONS = ("Follow suit: ", "Trump led: play a trump", "Play a higher ", "Void in ")


@pytest.mark.parametrize("game", ("sixtysix", "belote", "klaberjass", "hasenpfeffer", "skat"))
def test_a_refused_card_says_why(game, monkeypatch):
    # "An illegal card is refused without the reason": the message line
    # said only "J♣ may not be played now".  Now it says the rule, as the
    # rules of the game have it: a Skat jack led is a trump lead, not a
    # club; a plain card led asks for its suit.
    import gc
    import random
    from engine.game import ACTION_BASE
    from firmware.games import base
    monkeypatch.setattr(gc, "collect", lambda: 0)
    app, t = random_table(game, "oled")
    r = random.Random(3)
    refused = 0
    for _ in range(3000):
        st = t.state
        if st.done:
            next_deal(t)
            continue
        o = t.obs
        bad = [c for c in o.hand if c not in o.legal]
        if st.to_move == 0 and o.trick and bad and any(a < ACTION_BASE for a in o.legal):
            c = bad[r.randrange(len(bad))]
            t.cursor = o.hand.index(c)
            t.row = 0
            t.handle(keys.OK, 0)
            assert t.obs is o and c in o.hand  # refused: nothing changed
            assert t.msg.startswith(REASONS), t.msg
            led = o.trick[0]
            if game == "skat" and led & 7 == 4 and o.gtype not in (skat_null()):
                assert t.msg in ("Trump led: play a trump", "Play a higher trump"), t.msg
            if t.msg.startswith("Follow suit: "):
                assert t.msg.endswith(base.suit((led & 63) >> 3))
            refused += 1
        t._apply(r.choice(st.legal()))
    assert refused >= 5


def skat_null():
    from engine.skat.scoring import NULL, NULL_OUVERT
    return (NULL, NULL_OUVERT)


# -- the message line ------------------------------------------------------------

def table_messages():
    """The texts the table and what it loads put in its message line
    (t.msg = _("...") ... in firmware/table.py and overlay.py), and the
    refusal's reasons (returned by firmware/refusal.py)."""
    import ast
    import os
    out = set()
    root = os.path.join(os.path.dirname(__file__), "..", "firmware")
    for name in ("table.py", "overlay.py", "refusal.py"):
        tree = ast.parse(open(os.path.join(root, name), encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                    getattr(tg, "attr", "") == "msg" for tg in node.targets):
                values = [node.value]
            elif isinstance(node, ast.FunctionDef) and node.name == "reason":
                values = [n.value for n in ast.walk(node) if isinstance(n, ast.Return)]
            else:
                continue
            for v in values:
                for n in ast.walk(v):
                    if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "_" \
                            and isinstance(n.args[0], ast.Constant):
                        out.add(n.args[0].value)
    return sorted(out)


@pytest.mark.parametrize("language", LANGS)
def test_the_table_messages_fit_the_oled_line(language, lang):
    # "TAKE-BACKS ARE OFF IN THIS M~": a message the table writes itself is
    # whole on the OLED's line, in both languages, with a card or a number
    # in its place.
    lang(language)
    _ = words.section("table")
    m = metrics("oled")
    texts = table_messages()
    assert "No take-backs in this match" in texts and "Follow suit: %s" in texts
    long = []
    for text in texts:
        s = _(text).replace("%s", "10\x03").replace("%d", "12")
        if ui.text_w(m, s) > m.w - 2:
            long.append((s, ui.text_w(m, s)))
    assert not long


# -- Skat's concession -----------------------------------------------------------

def test_skat_asks_the_declarer_to_concede_once(monkeypatch):
    # Skat asked "Concede?" twice in the first two tricks: after trick 1
    # (D18 (a)) and, the declarer playing third in trick 2, again after
    # the lead (b).  Now the question comes once, at the last moment the
    # declarer has (after the lead, which he sees beside the question);
    # the first answer is made for him and leaves the last event in view.
    import gc
    import random
    monkeypatch.setattr(gc, "collect", lambda: 0)
    app, t = random_table("skat", "oled")
    r = random.Random(5)
    asked = third = 0
    per_deal = 0
    for _ in range(6000):
        st = t.state
        if st.done:
            assert per_deal <= 1
            per_deal = 0
            next_deal(t)
            continue
        o = t.obs
        legal = st.legal()
        if st.to_move == 0:
            texts = [st.action_text(a) for a in legal]
            d = t.dlg
            if d is not None and d.title == "Concede?":
                per_deal += 1
                asked += 1
                assert per_deal == 1, "asked again in this deal"
                if o.trick:
                    third += 1
                    assert d.card == o.trick[0]  # the lead, shown with the question
                a = legal[texts.index("play on")]
            elif o.phase == "bidding" and len(legal) > 1:
                a = legal[-2] if texts[-1] == "pass" else legal[-1]  # (to declare)
            elif o.phase == "answer":
                a = legal[texts.index("hold")]
            elif "concede" in texts:
                a = legal[0]
            else:
                a = r.choice(legal)
        else:
            a = r.choice(legal)
        mover = st.to_move
        t._apply(a)
        if mover and t.state.declarer == 0:  # an answer made for the player: the trick's end stays
            assert "Play on" not in t.msg
    assert asked >= 10 and third >= 3
