# Russian texts: hasenpfeffer (see __init__.py).
# One line a text, "\n<English>\t<Russian>": a single string costs the
# heap its bytes only, where a dict of the same texts costs several times
# as much (Skat's table on the LCD).
T = (
    "\nTrump \tКозырь "
    "\n%s %d [trick|tricks]\t%s: %d [взятка|взятки|взяток]"
    "\nwon %d:%d\tвзято %d:%d"
    "\nhigh %d %s\tзаявка %d %s"
    "\nwidow \tприкуп "
    "\nHigh: %d by %s\tЗаявка: %d, %s"
    "\nNo bid yet\tЗаявок ещё нет"
    "\nYour bid\tВаша заявка"
    "\nTricks you bid\tСколько взяток?"
    "\nOK: bid\tОК: заявить"
    "\nName the trump\tНазовите козырь"
    "\n%s bids %s\t%s: заявка %s"
    "\n%s: trump %s\t%s: козырь %s"
    # the engine's actions and phases
    "\npass\tпас"
    "\nbid #\tзаявка #"
    "\ntrump #\tкозырь #"
    "\nbidding\tторговля"
    "\nnaming trump\tкозырь"
    "\nplay\tрозыгрыш"
    # public facts
    "\nbids\tторговля"
    "\n# pass\t#: пас"
    "\n# #\t#: #"
    "\ncontract\tконтракт"
    "\n# # for #\t#: #, пара: #"
    "\ndealer\tсдающий"
    "\ntricks\tвзятки"
    "\nwidow\tприкуп"
    "\n# (out of play)\t# (вне игры)"
    # a deal's end
    "\n# bid #\t#: заявка #"
    "\ntrump clubs\tкозырь трефы"
    "\ntrump spades\tкозырь пики"
    "\ntrump hearts\tкозырь червы"
    "\ntrump diamonds\tкозырь бубны"
    "\nmade\tвзято"
    "\nfailed\tнедобор"
    "\nall passed\tвсе спасовали"
    "\nthe joker is the undealt card\tджокер не сдан"
    "\nredeal\tпересдача"
    # the texts every game's presentation shares (games/base.py, public.py)
    "\nmaker \tиграющий "
    "\n%s bid %s\t%s: заявка %s"
    "\n"
)
