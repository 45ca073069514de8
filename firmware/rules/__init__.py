# The help screens' texts, one small module per game and language
# (<game>_en.py, <game>_ru.py: the rules) and the keys' words (keys_<lang>.py),
# imported by firmware/help.py when a screen opens and dropped when it closes.
#   TITLE     the screen's title
#   PARAS     paragraphs, wrapped on the screen at run time; "#..." is a
#             heading; a (setting, value, text) row shows only while that
#             setting has that value (a variant's own rules)
#   IN_FORCE  the heading of the settings in force, listed after PARAS
#   TEXTS     (Russian) the settings' words, shaped as firmware/settings'
import sys

RULES = "firmware.rules."


def text_module(name):
    """firmware/rules/<name>.py (a game's rules, the keys' words, in one
    language).  ImportError when it is missing (a partial copy: the app
    refuses what needs it, firmware/partial.py)."""
    return __import__(RULES + name, None, None, ["PARAS"])


def drop(name):
    """Forget a text module (MicroPython: its strings leave the heap)."""
    if sys.implementation.name != "micropython":
        return  # the desktop keeps modules; its tests hold them by name
    sys.modules.pop(RULES + name, None)
    sys.modules.pop("firmware.rules", None)
    pkg = sys.modules.get("firmware")
    if pkg is not None and hasattr(pkg, "rules"):
        delattr(pkg, "rules")
