# The Russian table of the device's texts, one section a module
# (ru_<section>.py: T = {English: Russian}), loaded by firmware/words.py
# when a screen first needs it and dropped with the scene's modules.
# Sections: menu (the start and game menus, saved matches, statistics),
# notice (problems with files), titles (the games' names, wherever they
# show), table (the table, its views, the
# summaries), and one per game's presentation (sixtysix for Schnapsen too)
# with the engine's phrases of that game.  English needs no table: the code
# is written in it.  tests/test_words.py checks that every text has its
# translation and that both carry the same %s, %d and # marks.
