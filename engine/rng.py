# The engine's own random numbers: the same seed gives the same shuffle, deal
# and AI choice on CPython and on MicroPython, bit for bit.
#
# Two multiply-with-carry generators on 15-bit digits (Marsaglia): each step
# computes a*(z & 0x7FFF) + (z >> 15) with a < 2**15, so every intermediate
# value stays below 2**30 and is a small int on a 32-bit MicroPython port
# (no heap allocation).  Both multipliers make a*2**15 - 1 a safe prime, so
# each lane has period (a*2**15 - 2)/2, about 5.4e8; the pair about 1.4e17.
#
# A lane's step keeps its state's remainder modulo p = a*2**15 - 1 up to a
# factor (z' = z / 2**15 mod p), so a state that is a multiple of p never
# leaves it: 0 and p itself are fixed points (the only multiples below
# 2**30).  A generator with both lanes there returns one number forever, and
# below() then rejects it forever (a hang); with one lane there it has half
# its randomness.  Such a state is never made here and never accepted.
from engine.compat import const

_A1 = const(32760)
_A2 = const(32730)
_MASK15 = const(0x7FFF)
_MAX30 = const(0x3FFFFFFF)
_P1 = const(1073479679)  # 32760 * 2**15 - 1
_P2 = const(1072496639)  # 32730 * 2**15 - 1


def degenerate(z1, z2):
    """True if either lane state is a fixed point (a multiple of its p), or
    outside the 30 bits a lane holds."""
    return not (0 < z1 <= _MAX30 and 0 < z2 <= _MAX30) or z1 == _P1 or z2 == _P2


class Rng:
    __slots__ = ("z1", "z2")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        # Reduce any int to two valid, non-degenerate lane states.
        seed = int(seed)
        if seed < 0:
            seed = -seed
        lo = seed % 1000003
        hi = (seed // 1000003) % 1000033
        self.z1 = 1 + (lo * 1021 + hi) % 1073000000
        self.z2 = 7 + (hi * 1031 + lo * 7) % 1073000000
        # Warm up so that close seeds diverge.
        for _ in range(8):
            self.next30()

    def state(self):
        return (self.z1, self.z2)

    def set_state(self, st):
        """Continue from a state() (a save); ValueError for a state no
        generator is in (see degenerate), leaving this one as it was."""
        if degenerate(st[0], st[1]):
            raise ValueError("not a random generator state: %r" % (tuple(st),))
        self.z1, self.z2 = st[0], st[1]

    def next30(self):
        """A uniform integer in [0, 2**30)."""
        z1 = _A1 * (self.z1 & _MASK15) + (self.z1 >> 15)
        z2 = _A2 * (self.z2 & _MASK15) + (self.z2 >> 15)
        self.z1 = z1
        self.z2 = z2
        return ((z1 & _MASK15) << 15) | (z2 & _MASK15)

    def below(self, n):
        """A uniform integer in [0, n), 0 < n < 2**30, without modulo bias."""
        if n <= 1:
            return 0
        # Accept r only from the largest multiple of n that fits in 30 bits.
        limit = _MAX30 - n + 1
        while True:
            r = self.next30()
            if r - r % n <= limit:
                return r % n

    def shuffle(self, items):
        """Fisher-Yates, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def choice(self, items):
        return items[self.below(len(items))]

    def fork(self):
        """A new generator derived from this one (for an AI's private stream)."""
        r = Rng(0)
        r.z1 = 1 + self.next30() % 1073000000  # below _P1
        r.z2 = 7 + self.next30() % 1073000000  # may reach _P2 (once in 2**30)
        if r.z2 == _P2:
            r.z2 = 7
        return r
