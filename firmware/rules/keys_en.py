# What each key does, in English; {UP} etc. become this board's buttons.
HOLD = "hold %s"
PARAS_TITLE = "KEYS"
PARAS = (
    "#Menus",
    "{UP}/{DOWN}: move. {LEFT}/{RIGHT}: change a setting. {OK}: choose. {BACK}: back.",
    "#At the table",
    "{LEFT}/{RIGHT}: pick a card, {OK}: play it.",
    "{UP}: the row of actions (bid, pass, declare...); {LEFT}/{RIGHT} pick one, "
    "{OK} says it, {DOWN} goes back to the cards.",
    "In a question box: {UP}/{DOWN} or {LEFT}/{RIGHT} pick, {OK} answers.",
    "{DOWN} while the computer plays: the last trick, then the events, the score; "
    "{LEFT}/{RIGHT} scroll a long one.",
    "{BACK}: pause: Resume, Hint, Take back, Last trick, Events, Score, Quit to menu. "
    "The match is saved as you play; Continue in the start menu takes it up.",
    "#After a deal",
    "{OK}: go on. {UP}/{DOWN}: scroll a long summary.",
    "#Rules, Keys, About",
    "{UP}/{DOWN}: a line, {LEFT}/{RIGHT}: a page, {OK} or {BACK}: close.",
    "#Sleep",
    "With no key pressed the screen dims (after 45 s) and then sleeps (after 3 min), "
    "the match saved. Any key wakes it; that key is not played. "
    "Power in the start menu sets the times, the brightness and the battery's kind.",
)
ABOUT_TITLE = "ABOUT"
ABOUT = (
    "Trick-taking card games against the computer: Sixty-six, Schnapsen, "
    "Klaberjass, Belote, Deberts, Hasenpfeffer, Skat.",
    "Each game's menu has its Rules, with the settings in force; Keys says "
    "what each button does on this board.",
    "A match is saved as it is played: Continue in the start menu takes it up, "
    "even after the power was off.",
    "The same engine and rules on the Pico and on the desktop.",
    "Language: the last line of the start menu.",
    "Version {VERSION}. Free software under the MIT licence.",
    "{UP}/{DOWN}: scroll, {LEFT}/{RIGHT}: a page, {OK} or {BACK}: close.",
)
