# The help screens' texts, one small module per game and language
# (<game>_en.py, <game>_ru.py: the rules) and the keys' words (keys_<lang>.py),
# imported by firmware/help.py when a screen opens and dropped when it closes.
#   TITLE     the screen's title
#   PARAS     paragraphs, wrapped on the screen at run time; "#..." is a
#             heading; a (setting, value, text) row shows only while that
#             setting has that value (a variant's own rules)
#   IN_FORCE  the heading of the settings in force, listed after PARAS
#   TEXTS     (Russian) the settings' words, shaped as firmware/settings'
