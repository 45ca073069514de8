# Russian texts: notice, the problems with a file (see __init__.py).
T = {
    "NOTICE": "ВНИМАНИЕ",
    "OK: go on": "OK: дальше",
    "Something went wrong.": "Что-то пошло не так.",
    "%s could not be used (%s). The file was put aside.":
        "%s не годится (%s). Файл отложен в сторону.",
    "unreadable": "не читается",
    "not readable": "не читается",
    "another version": "другая версия",
    "settings this program does not know": "настройки, которых программа не знает",
    "too short": "слишком короткий",
    "not a saved file": "не файл сохранения",
    "wrong length": "неверная длина",
    "checksum does not match": "не сходится контрольная сумма",
    "too large: # bytes, where a saved file has at most #":
        "слишком большой: # байт, а файл сохранения не больше #",
    "the saved game's score line is damaged": "повреждена строка счёта",
    "the saved game is of another game": "сохранение другой игры",
    "the saved game is of an unknown game": "сохранение неизвестной игры",
    "a newer save of that game is kept": "хранится более новое сохранение этой игры",
    "the saved game has a damaged random state (one that never changes)":
        "повреждено состояние генератора (оно не меняется)",
    "the saved game has a damaged random state": "повреждено состояние генератора",
    "the saved game is cut short": "сохранение оборвано",
    "the saved game is not readable": "сохранение не читается",
    "the file is not a saved game": "это не файл сохранения",
    "the saved game is from another version (#)": "сохранение другой версии (#)",
    "the saved game has a damaged seed": "повреждено начальное число партии",
    "the saved game has settings this program does not know":
        "в сохранении настройки, которых программа не знает",
    "the saved game has the wrong number of players": "в сохранении неверное число игроков",
    "the saved game ends a deal too early": "в сохранении сдача кончается слишком рано",
    "the saved game is already over": "сохранённая партия уже окончена",
    "the saved game breaks the rules at move #": "сохранение нарушает правила на ходу #",
}
