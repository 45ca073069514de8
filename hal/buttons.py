"""Debounced buttons: press, auto-repeat, long press, several keys at once,
two-key chords, shifted keys and long-press aliases for boards with few
buttons.

    b = Buttons([(keys.LEFT, read_left), (keys.OK, read_ok), ...])
    for key, event in b.poll(time.ticks_ms()): ...

read_fn() returns True while its button is down.  poll(now_ms) reads every
button once and returns the events since the last poll as (key, event)
pairs, event one of keys.PRESS, REPEAT, LONG, RELEASE, in a fixed order
(the buttons' order in the list).  now_ms may wrap like time.ticks_ms()
(period 2**30), so the Pico's clock never builds a long int here.

Debouncing is eager by default: a change of level is accepted on the first
reading that shows it, and the button's readings are then ignored for
debounce_ms, so contact bounce after a press or a release gives nothing
more.  A press reaches the UI one poll after the contact closes instead of
debounce_ms later (the wait was most of a key's latency on the Pico).  The
price: a spike of noise on the line is a press.  eager=False gives the
classic debouncer instead, which accepts a level only after it has read the
same for debounce_ms (and so ignores spikes shorter than that).

A plain button gives PRESS when it is accepted down, LONG once after
long_ms held, REPEAT every repeat_ms after repeat_delay_ms held, RELEASE
when it is accepted up.  Buttons are independent, so two held at once are
both reported (the UI sees both PRESS events, then both RELEASE events).

Boards with four buttons reach the other keys two ways:
- chords=((a, b, key), ...): a and b pressed together (the second within
  chord_ms of the first) act as `key` (PRESS, LONG, REPEAT, RELEASE of key).
  A button that belongs to a chord is held back for up to chord_ms before it
  acts alone, so a chord never starts with a stray press of one of its keys.
  After a chord, both its buttons must be released before they act again.
- longs=((a, key), ...): a short press of a gives PRESS and RELEASE of a on
  release; holding it long_ms gives PRESS of `key` instead (then RELEASE of
  `key` on release).  Such a button does not auto-repeat.
- shifts=((a, b, key), ...): b pressed while a is held acts as `key` (PRESS,
  LONG, REPEAT, RELEASE of key), at once: unlike a chord's, b's own presses
  wait for nothing.  a acts on its release (PRESS and RELEASE of a, or its
  long alias when held long_ms), and not at all once it has shifted a key
  while down.  The order matters: b first, then a, is b and then a.
"""
from micropython import const  # (CPython: host_sim/shims/micropython.py)

from hal.keys import PRESS, REPEAT, LONG, RELEASE
from hal.ticks import ticks_add, ticks_diff


# Logical state of one button after debouncing and chord resolution.
_UP = const(0)        # released (or consumed by a chord until released)
_PENDING = const(1)   # down, waiting to see whether a chord partner follows
_ACTIVE = const(2)    # down and acting as its own key
_CHORDED = const(3)   # down and part of an active chord
_SPENT = const(4)     # down after its chord ended: ignored until released


class Buttons:
    def __init__(self, buttons, debounce_ms=20, long_ms=700, repeat_delay_ms=400,
                 repeat_ms=120, chords=(), longs=(), chord_ms=60, eager=True, shifts=()):
        self.keys = [k for k, _ in buttons]
        self.reads = [r for _, r in buttons]
        for k in self.keys:
            if self.keys.count(k) != 1:
                raise ValueError("key %d is given to two buttons" % k)
        n = len(self.keys)
        self.debounce_ms = debounce_ms
        self.eager = eager
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.chord_ms = chord_ms
        # Debouncing: the accepted level, and (classic) since when the raw
        # level has differed from it, or (eager) when the level was last
        # accepted while bounces are still ignored; None otherwise.
        self._down = [False] * n
        self._since = [None] * n
        # Logical state per button.
        self._state = [_UP] * n
        self._t0 = [0] * n           # when it went down (accepted)
        self._long_done = [False] * n
        self._next_rep = [0] * n     # when the next REPEAT is due
        self._alias = [0] * n        # long-press key now held, else 0
        self._chords = []            # [index a, index b, key, active?, t0, long done, next rep]
        self._partner = [None] * n   # chord indices that use this button
        for a, b, key in chords:
            ia, ib = self._index(a), self._index(b)
            c = [ia, ib, key, False, 0, False, 0]
            self._chords.append(c)
            for i in (ia, ib):
                if self._partner[i] is None:
                    self._partner[i] = []
                self._partner[i].append(c)
        self._long_key = [0] * n
        for a, key in longs:
            self._long_key[self._index(a)] = key
        # Shifts: entries laid out as chords'; by the shifted button.
        self._shifts = []
        self._shifted = [None] * n
        self._is_shift = [False] * n
        self._used = [False] * n     # a shift that shifted a key while down
        for a, b, key in shifts:
            ia, ib = self._index(a), self._index(b)
            c = [ia, ib, key, False, 0, False, 0]
            self._shifts.append(c)
            self._shifted[ib] = (self._shifted[ib] or []) + [c]
            self._is_shift[ia] = True

    def _index(self, key):
        if key not in self.keys:
            raise ValueError("no button for key %d" % key)
        return self.keys.index(key)

    def held(self):
        """The keys whose buttons are down now (after debouncing)."""
        return [self.keys[i] for i in range(len(self.keys)) if self._down[i]]

    def poll(self, now_ms):
        out = []
        n = len(self.keys)
        pressed = []
        released = []
        for i in range(n):
            raw = bool(self.reads[i]())
            if self.eager:
                self._debounce_eager(i, raw, now_ms, pressed, released)
            elif raw == self._down[i]:
                self._since[i] = None
            elif self._since[i] is None:
                self._since[i] = now_ms
                if self.debounce_ms <= 0:
                    self._flip(i, pressed, released)
            elif ticks_diff(now_ms, self._since[i]) >= self.debounce_ms:
                self._flip(i, pressed, released)
        for i in pressed:
            self._on_down(i, now_ms, out)
        for i in range(n):
            self._on_hold(i, now_ms, out)
        for c in self._chords:
            if c[3]:
                self._tick(c[2], c, now_ms, out)
        for c in self._shifts:
            if c[3]:
                self._tick(c[2], c, now_ms, out)
        for i in released:
            self._on_up(i, out)
        return out

    def _debounce_eager(self, i, raw, now, pressed, released):
        t = self._since[i]
        if t is not None:
            if ticks_diff(now, t) < self.debounce_ms:
                return  # the contact may still bounce: not a new level
            self._since[i] = None
        if raw != self._down[i]:
            self._flip(i, pressed, released)
            self._since[i] = now

    def _flip(self, i, pressed, released):
        self._down[i] = not self._down[i]
        self._since[i] = None
        (pressed if self._down[i] else released).append(i)

    def _on_down(self, i, now, out):
        self._t0[i] = now
        self._long_done[i] = False
        self._alias[i] = 0
        self._used[i] = False
        for c in self._shifted[i] or ():
            a = c[0]
            if self._state[a] == _ACTIVE:
                # Its shift is held: this button is the shifted key, now.
                self._state[i] = _CHORDED
                self._used[a] = True
                self._long_done[a] = True  # (the shift's long alias no longer comes)
                self._begin(c, now, out)
                return
        for c in self._partner[i] or ():
            other = c[1] if c[0] == i else c[0]
            if self._state[other] == _PENDING and not c[3]:
                # The partner is waiting: this completes the chord.
                self._state[i] = self._state[other] = _CHORDED
                self._begin(c, now, out)
                return
        if self._partner[i]:
            self._state[i] = _PENDING
        else:
            self._start(i, now, out)

    def _begin(self, c, now, out):
        """A chord or a shifted key goes down."""
        c[3] = True
        c[4] = now
        c[5] = False
        c[6] = ticks_add(now, self.repeat_delay_ms)
        out.append((c[2], PRESS))

    def _start(self, i, now, out):
        """The button acts alone from now on (its hold times count from when
        it went down)."""
        self._state[i] = _ACTIVE
        self._next_rep[i] = ticks_add(self._t0[i], self.repeat_delay_ms)
        if not self._long_key[i] and not self._is_shift[i]:
            out.append((self.keys[i], PRESS))

    def _on_hold(self, i, now, out):
        st = self._state[i]
        if st == _PENDING:
            if ticks_diff(now, self._t0[i]) >= self.chord_ms:
                self._start(i, now, out)
                st = _ACTIVE
            else:
                return
        if st != _ACTIVE:
            return
        if self._long_key[i] or self._is_shift[i]:
            if self._long_key[i] and not self._long_done[i] \
                    and ticks_diff(now, self._t0[i]) >= self.long_ms:
                self._long_done[i] = True
                self._alias[i] = self._long_key[i]
                out.append((self._alias[i], PRESS))
            return
        self._tick(self.keys[i], None, now, out, i)

    def _tick(self, key, chord, now, out, i=0):
        """LONG and REPEAT for a held key (a button, or a chord when given)."""
        if chord is not None:
            t0, long_done, due = chord[4], chord[5], chord[6]
        else:
            t0, long_done, due = self._t0[i], self._long_done[i], self._next_rep[i]
        if not long_done and ticks_diff(now, t0) >= self.long_ms:
            long_done = True
            out.append((key, LONG))
        if ticks_diff(now, due) >= 0:
            out.append((key, REPEAT))
            due = ticks_add(due, self.repeat_ms)
            if ticks_diff(now, due) >= 0:  # a late poll: no burst of repeats
                due = ticks_add(now, self.repeat_ms)
        if chord is not None:
            chord[5], chord[6] = long_done, due
        else:
            self._long_done[i], self._next_rep[i] = long_done, due

    def _on_up(self, i, out):
        st = self._state[i]
        self._state[i] = _UP
        if st == _PENDING:
            # Released before the chord window closed: a short press alone.
            out.append((self.keys[i], PRESS))
            out.append((self.keys[i], RELEASE))
        elif st == _ACTIVE:
            if self._is_shift[i]:
                self._end_shifts(i, out)
            if self._used[i] and not self._alias[i]:
                pass  # a shift that did its job: not a press of its own
            elif self._long_key[i] or self._is_shift[i]:
                if self._alias[i]:
                    out.append((self._alias[i], RELEASE))
                else:
                    out.append((self.keys[i], PRESS))
                    out.append((self.keys[i], RELEASE))
                self._alias[i] = 0
            else:
                out.append((self.keys[i], RELEASE))
        elif st == _CHORDED and self._shifted[i]:
            for c in self._shifted[i]:
                if c[3]:
                    c[3] = False
                    out.append((c[2], RELEASE))
        if st == _CHORDED and self._partner[i]:
            for c in self._partner[i]:
                if c[3] and (c[0] == i or c[1] == i):
                    c[3] = False
                    other = c[1] if c[0] == i else c[0]
                    if self._state[other] == _CHORDED:
                        self._state[other] = _SPENT
                    out.append((c[2], RELEASE))

    def _end_shifts(self, i, out):
        """Shift button i goes up: the keys it shifts that are still down
        end, and their buttons wait for their release."""
        for c in self._shifts:
            if c[0] == i and c[3]:
                c[3] = False
                self._state[c[1]] = _SPENT
                out.append((c[2], RELEASE))
