# The Power screen, from the start menu: when the screen dims and the device
# sleeps, the brightness, the battery's kind, and the battery now.  A line
# changes with LEFT/RIGHT/OK, takes effect at once and is kept on the flash
# (firmware/powerfile.py; read at boot).
from hal import keys
from firmware.scene import Scene
from firmware import ui
from firmware import words
from firmware import powerfile

_ = words.section("power")

CHEMISTRY_WORDS = {"nimh": "3 AAA NiMH", "lipo": "LiPo"}
# The explanation under the list, a line each.
EXPLAIN = ("The screen dims when no key was pressed for this long.",
           "The match is saved and the screen and the device sleep; any key wakes them "
           "and is not played.",
           "How bright the screen is.",
           "The batteries in the device: the charge shown follows their kind.",
           "Under 10% the match is saved and you are told; when the battery is empty the "
           "device sleeps.")


def seconds(s):
    if s == 0:
        return _("never")
    if s < 60:
        return _("%d s") % s
    return _("%d min") % (s // 60)


def battery_line(app):
    b = app.battery
    if b is None:
        return _("Charge: not measured")
    if b[1]:
        return _("Charge: on USB power")
    return _("Charge: %d%%") % b[0]


class PowerMenu(Scene):
    """Dim after, Sleep after, Brightness, Battery type, the charge now, Back."""

    CHOICES = (powerfile.DIM_AFTER, powerfile.SLEEP_AFTER, powerfile.BRIGHTNESS, powerfile.CHEMISTRY)

    def __init__(self, app, back_sel=0):
        Scene.__init__(self, app)
        self.back_sel = back_sel
        p = app.power
        self.values = [p.dim_s, p.sleep_s, p.bright, p.chem] if p else list(powerfile.load(app))
        self.sel = 0
        self.top = 0

    def items(self):
        d, s, b, c = self.values
        return [_("Dim after: %s") % seconds(d), _("Sleep after: %s") % seconds(s),
                _("Brightness: %d%%") % b, _("Battery type: %s") % _(CHEMISTRY_WORDS[c]),
                battery_line(self.app), _("Back")]

    def explanation(self):
        return _(EXPLAIN[self.sel]) if self.sel < len(EXPLAIN) else ""

    def _step(self, d):
        i = self.sel
        choices = self.CHOICES[i]
        v = choices[(choices.index(self.values[i]) + d) % len(choices)]
        self.values[i] = v
        p = self.app.power
        if p:
            p.dim_s, p.sleep_s, p.bright, p.chem = self.values
            if i == 2:
                p.nap("dim", False)
            if i == 3:
                p.volts = p.pct = None  # the charge again, on the new curve
                p.nap("battery", self.app.board.ticks_ms())
        powerfile.save(self.app, tuple(self.values))

    def handle(self, key, event):
        n = 6
        if key == keys.UP:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif self.sel < 4 and key in (keys.LEFT, keys.RIGHT, keys.OK):
            self._step(-1 if key == keys.LEFT else 1)
        elif key in (keys.BACK, keys.MENU, keys.OK):
            self.app.home(self.back_sel)
        else:
            return False
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("POWER"))
        rows = 3 if m.big else 2
        lm = ui.Metrics(m.w, m.h)
        lm.h = m.h - rows * m.line - 2
        self.top = ui.menu_list(fb, lm, th, [ui.fit(m, s, m.w - 6) for s in self.items()], self.sel,
                                m.line + 5, self.top)
        fb.hline(0, lm.h + 1, m.w, th.accent)
        y = lm.h + 3
        for s in ui.wrap(m, self.explanation())[:rows]:
            ui.text(fb, m, s, 2, y, th.text)
            y += m.line
