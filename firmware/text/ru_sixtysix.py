# Russian texts: sixtysix, and Schnapsen (see __init__.py).
T = {
    "Trump ": "Козырь ",
    "stock %d": "колода %d",
    "closed": "закрыто",
    "%s: marriage %s %d": "%s: марьяж %s %d",
    "%s %d pts": "%s: очков %d",
    ", %d tricks": ", взяток %d",
    "%s %d card points": "%s: очков %d",
    # the engine's actions and phases
    "exchange": "обмен",
    "close": "закрыть",
    "claim": "Хватит!",
    "marriage #": "марьяж #",
    "lead": "заход",
    "follow": "ответ",
    # a deal's end
    "reached #": "набрано #",
    "marriage reached #": "марьяж, набрано #",
    "claimed with #": "\"Хватит!\" с #",
    "# claimed falsely with #": "# сказал \"Хватит!\" зря, с #",
    "# closed": "# закрыл",
    "# closed and failed": "# закрыл и не набрал",
    "nobody reached #": "никто не набрал #",
    "played out": "все карты сыграны",
    "higher total": "больше очков",
    "won the last trick": "взял последнюю взятку",
    "void": "не в счёт",
    # the texts every game's presentation shares (games/base.py, public.py)
    "OK: bid": "OK: заявить",
    "maker ": "играющий ",
}
