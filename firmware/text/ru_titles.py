# Russian texts: titles, the games' names (see __init__.py).
T = (
    "\nSixty-six\tШестьдесят шесть"
    "\nSchnapsen\tШнапсен"
    "\nKlaberjass\tКлаберьяс"
    "\nBelote\tБелот"
    "\nDeberts\tДеберц"
    "\nHasenpfeffer\tХазенпфеффер"
    "\nSkat\tСкат"
    "\n"
)
