# Skat: the public facts a UI prints next to the table, as (label, text)
# pairs, built from an observation (so they can never show more than that
# seat may know).  Loaded only when a UI asks for obs.info.
from engine.cards import card_text
from engine.game import seat_name
from engine.skat.scoring import game_text

FOREHAND_NAMES = ("forehand", "middlehand", "rearhand")


def _cards(cards):
    return " ".join([card_text(c) for c in cards])


def info_lines(o):
    info = []
    f = o.forehand
    info.append(("seats", ", ".join([
        "%s %s%s" % (seat_name((f + i) % 3), FOREHAND_NAMES[i],
                     " (you)" if (f + i) % 3 == o.seat else "") for i in range(3)])))
    if o.laws == "isko":
        info.append(("laws", "International Skat Order"))
    if o.auction:
        # The latest calls (a long auction would flood a small screen).
        calls = ["%s %s" % (seat_name(s), t) for s, t in o.auction]
        info.append(("auction", ("... " if len(calls) > 6 else "") + ", ".join(calls[-6:])))
        if o.bid and o.declarer < 0:
            info.append(("highest bid", "%d" % o.bid))
    if o.declarer >= 0:
        info.append(("declarer", "%s, bid %d" % (seat_name(o.declarer), o.bid)))
    if o.gtype >= 0:
        info.append(("game", game_text(o.gtype, o.trump, o.second_show, o.ann_s, o.ann_z,
                                       o.laws == "isko", o.hand_game, o.ouvert)))
    if o.shown:
        info.append(("skat shown", _cards(o.shown)))
    if o.seen:
        info.append(("you saw", card_text(o.seen[0]) + " (first skat card, private)"))
    if o.skat and not o.done:
        info.append(("your discards" if o.discarded else "skat", _cards(o.skat)))
    if o.open_hand:
        info.append(("open hand", "%s: %s" % (seat_name(o.declarer), _cards(o.open_hand))))
    if o.last is not None:
        if not o.trick:  # D24: the last trick may be viewed until the next card
            info.append(("last trick", "%s, won by %s" % (_cards(o.last[1]), seat_name(o.last[2]))))
        info.append(("tricks", ", ".join(["%s %d" % (seat_name(p), o.tricks[p])
                                          for p in range(3)])))
    if o.concede_open:
        info.append(("concede", "you may still concede (lost as schneider)"))
    if o.done:
        info.append(("skat", _cards(o.skat)))
        info.append(("result", o.result.text()))
    return info
