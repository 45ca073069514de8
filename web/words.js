// The page's own words, in the device's two languages.  The page speaks the
// language chosen on the device (its start menu's last line): the device's
// file `lang` says which (firmware/lang.py).

const WORDS = {
  en: {
    title: "Pocket card table",
    intro: "The handheld's own application, running in your browser: Sixty-six, Schnapsen, " +
      "Klaberjass, Deberts, Hasenpfeffer, Skat and Belote against the computer. " +
      "Nothing is sent anywhere; your matches stay in this browser.",
    screen: "Screen:",
    oled: "OLED 128×64",
    lcd: "LCD 240×135",
    download: "Download save",
    upload: "Upload save",
    keys: "Keys: arrows, Enter = OK, Esc or Backspace = BACK, M = MENU; or the buttons drawn on the board.",
    oledKeys: "On this board a held BACK is MENU.",
    lcdKeys: "Pico-LCD-1.14: the joystick, its press = MENU; A = OK, B = BACK.",
    loading: "Starting the handheld…",
    failed: "The handheld stopped: ",
    uploaded: "Taken from the upload: ",
    nothing: "Nothing in the upload could be used (a save is a file such as save_sixtysix, as host_sim link pull writes it).",
    skipped: "left out: ",
    saveHelp: "Download save gives a .zip of the device's files (saved matches, settings, statistics), " +
      "the same files that python -m host_sim link pull takes from a Pico; Upload save takes such files " +
      "(or the .zip) back.",
    noStorage: "This browser keeps nothing (storage is blocked): a reload starts afresh.",
  },
  ru: {
    title: "Карманный карточный стол",
    intro: "Программа самого устройства, в вашем браузере: шестьдесят шесть, шнапсен, " +
      "клабберьяс, деберц, хазенпфеффер, скат и белот против компьютера. " +
      "Ничего никуда не отправляется; партии остаются в этом браузере.",
    screen: "Экран:",
    oled: "OLED 128×64",
    lcd: "LCD 240×135",
    download: "Скачать сохранение",
    upload: "Загрузить сохранение",
    keys: "Клавиши: стрелки, Enter = OK, Esc или Backspace = BACK, M = MENU; или кнопки на плате.",
    oledKeys: "На этой плате долгое нажатие BACK — это MENU.",
    lcdKeys: "Pico-LCD-1.14: джойстик, его нажатие = MENU; A = OK, B = BACK.",
    loading: "Устройство запускается…",
    failed: "Устройство остановилось: ",
    uploaded: "Взято из загрузки: ",
    nothing: "В загрузке нет ничего пригодного (сохранение — это файл вроде save_sixtysix, как его пишет host_sim link pull).",
    skipped: "пропущено: ",
    saveHelp: "«Скачать сохранение» даёт .zip с файлами устройства (сохранённые партии, настройки, " +
      "статистика), теми же, что python -m host_sim link pull берёт с Pico; «Загрузить " +
      "сохранение» принимает такие файлы (или .zip) обратно.",
    noStorage: "Этот браузер ничего не хранит (хранилище закрыто): после перезагрузки всё начнётся заново.",
  },
};

export function words(lang) {
  return WORDS[lang] || WORDS.en;
}

// The device's language from its file `lang` (hal/storage.py's header, then
// "v1 en" or "v1 ru"); English when there is none.
export function deviceLanguage(files) {
  const f = files && files.lang;
  if (!f || f.length < 12) return "en";
  const text = new TextDecoder().decode(f.subarray(12));
  return text.trim().split(/\s+/)[1] === "ru" ? "ru" : "en";
}
