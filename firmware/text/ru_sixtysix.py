# Russian texts: sixtysix, and Schnapsen (see __init__.py).
# One line a text, "\n<English>\t<Russian>": a single string costs the
# heap its bytes only, where a dict of the same texts costs several times
# as much (Skat's table on the LCD).
T = (
    "\nTrump \tКозырь "
    "\nstock %d\tколода %d"
    "\nclosed\tзакрыта"
    "\n%s: marriage %s %d\t%s: марьяж %s %d"
    "\n%s %d [pt|pts]\t%s: %d [очко|очка|очков]"
    "\n, %d [trick|tricks]\t, %d [взятка|взятки|взяток]"
    "\n%s %d card [point|points]\t%s: %d [очко|очка|очков]"
    # the engine's actions and phases
    "\nexchange\tобмен"
    "\nclose\tзакрыть"
    "\nclaim\tХватит!"
    "\nmarriage #\tмарьяж #"
    "\nlead\tзаход"
    "\nfollow\tответ"
    # a deal's end
    "\nreached #\tнабрано #"
    "\nmarriage reached #\tмарьяж, набрано #"
    "\nclaimed with #\t«Хватит!» с #"
    "\n# claimed falsely with #\t#: «Хватит!» зря, #"
    "\n# closed\t#: закрыто"
    "\n# closed and failed\t#: закрыто, не набрано"
    "\nnobody reached #\tникто не набрал #"
    "\nplayed out\tвсе карты сыграны"
    "\nhigher total\tбольше очков"
    "\nwon the last trick\tвзял последнюю взятку"
    "\nvoid\tне в счёт"
    # the texts every game's presentation shares (games/base.py, public.py)
    "\nOK: bid\tОК: заявить"
    "\nmaker \tиграющий "
    "\n"
)
