# Russian texts: belote (see __init__.py).
# One line a text, "\n<English>\t<Russian>": a single string costs the
# heap its bytes only, where a dict of the same texts costs several times
# as much (Skat's table on the LCD).
T = (
    "\nTrump \tКозырь "
    "\n%s %d card points\t%s: очков %d"
    "\nTake \tБеру "
    "\nTake\tБеру"
    "\n%s took\tвзял %s"
    "\nretourne \tоткрытая "
    "\npot %d\tлитиж %d"
    "\nTake it?\tБерёте?"
    "\nName a trump?\tНазвать козырь?"
    # the engine's actions and phases
    "\ntake\tберу"
    "\npass\tпас"
    "\ntake #\tберу #"
    "\nbidding round #\tторговля, # круг"
    "\nplaying\tрозыгрыш"
    # public facts
    "\nbids\tторговля"
    "\n# pass\t# пас"
    "\n# take\t# беру"
    "\n# take #\t# беру #"
    "\ncontract\tконтракт"
    "\nretourne\tоткрытая"
    "\nthis deal\tэта сдача"
    "\n# # (# tricks)\t# # (взяток #)"
    "\n# # (# trick)\t# # (взяток #)"
    "\nbelote\tбелот"
    "\nrebelote\tребелот"
    "\n# must beat #\t# должны обыграть #"
    "\ntook\tвзял"
    "\nclubs\tтрефы"
    "\nspades\tпики"
    "\nhearts\tчервы"
    "\ndiamonds\tбубны"
    "\nannouncements\tобъявления"
    "\ntierce\tтерц"
    "\nquarte\tкварта"
    "\nquinte\tквинта"
    "\ncarre\tкаре"
    # a deal's end
    "\nmade\tконтракт выполнен"
    "\ndedans\tдедан"
    "\ncapot by #\tкапот: #"
    "\nlitige\tлитиж"
    # the texts every game's presentation shares (games/base.py, public.py)
    "\nOK: bid\tOK: заявить"
    "\nmaker \tвзявший "
    "\n"
)
