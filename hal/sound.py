"""A piezo buzzer on a PWM pin, which may be absent or switched off.

    s = Sound(pin=18)         # a GPIO number or a machine.Pin; None: silent
    s.beep(880, 60)           # blocks for 60 ms (short sounds only)
    s.click()                 # a 2 ms tick for key presses
    s.enabled = False         # the setting "sound off"

The PWM is made on the first beep, so a board without a buzzer costs nothing.
While quiet, the duty is 0 (a passive piezo draws no current then)."""
try:
    from time import sleep_ms
except ImportError:  # CPython
    from time import sleep as _sleep

    def sleep_ms(ms):
        _sleep(ms / 1000)

_HALF = 32768  # duty_u16 for a square wave: the loudest a piezo gets


class Sound:
    def __init__(self, pin=None, enabled=True, pwm_factory=None, sleep=None):
        self.pin = pin
        self.enabled = enabled
        self._pwm = None
        self._factory = pwm_factory
        self._sleep = sleep or sleep_ms
        self.beeps = 0  # how many were played (a test and a debugging aid)

    def _get_pwm(self):
        if self._pwm is None:
            factory = self._factory
            pin = self.pin
            if factory is None:
                from machine import Pin, PWM
                factory = PWM
                if isinstance(pin, int):
                    pin = Pin(pin)
            self._pwm = factory(pin)
            self._pwm.duty_u16(0)
        return self._pwm

    def beep(self, freq_hz, ms):
        if not self.enabled or self.pin is None or freq_hz <= 0 or ms <= 0:
            return
        pwm = self._get_pwm()
        pwm.freq(freq_hz)
        pwm.duty_u16(_HALF)
        try:
            self._sleep(ms)
        finally:
            pwm.duty_u16(0)
        self.beeps += 1

    def click(self):
        self.beep(2000, 2)

    def off(self):
        """Release the PWM (before deep sleep, say)."""
        if self._pwm is not None:
            self._pwm.duty_u16(0)
            self._pwm.deinit()
            self._pwm = None
