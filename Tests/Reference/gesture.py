#!/usr/bin/env python3
"""Independent reference values for scripted pans (used by Tests/CatalogTests, StageTests and
MotionTests).

Written from the definitions, not from Flipbook's Swift code:
- Path: per axis, a monotone piecewise-cubic Hermite curve through the scripted points with
  Fritsch-Butland tangents (Fritsch & Butland 1984; the form SciPy's PchipInterpolator uses):
  interior tangent = 0 where the two adjacent chord slopes differ in sign or one is 0, else
  the weighted harmonic mean 3(h0+h1) / ((2h1+h0)/d0 + (h1+2h0)/d1); end tangents = the
  adjacent chord slope (as docs/motion.md specifies for Flipbook's strokes).
- Touch events: the down, then a move at every tick down + k/120 s (k = 1, 2, ...) earlier
  than 1 ms before the up, then the up at the last scripted point.
- UIPanGestureRecognizer (motion-model.md section 7, decompiled UIKit):
  - slop (hysteresis) h = 10 pt: the pan begins at the first move at least h from the
    touch-down (and > 0); there the translation is the movement shrunk by h per axis,
    sign(t) * max(|t| - h, 0), and later translation = location - (that move's location -
    shrunk movement);
  - velocity: 0.2 * v(last move interval) + 0.8 * v(the interval before), v = dx/dt, an
    interval under 1 ms counting 0; the down starts the first interval;
  - the up (touchesEnded) adds no sample: translation and velocity at the release are those
    of the last move.
  The seed model (before issue 13: h = 0, the up counted as a final move) is kept as
  `Pan(..., slop=0, up_is_move=True)` to print the old numbers next to the new.
Run: python3 Tests/Reference/gesture.py            (catalog table + the tests' values)
"""
import math

RATE = 120.0
SLOP = 10.0


def pchip(ts, vs):
    n = len(ts)
    h = [ts[i + 1] - ts[i] for i in range(n - 1)]
    d = [(vs[i + 1] - vs[i]) / h[i] for i in range(n - 1)]
    m = [0.0] * n
    m[0], m[-1] = d[0], d[-1]
    for k in range(1, n - 1):
        if d[k - 1] * d[k] > 0:
            h0, h1 = h[k - 1], h[k]
            m[k] = 3 * (h0 + h1) / ((2 * h1 + h0) / d[k - 1] + (h1 + 2 * h0) / d[k])

    def f(t):
        if t <= ts[0]:
            return vs[0]
        if t >= ts[-1]:
            return vs[-1]
        i = max(j for j in range(n - 1) if ts[j] <= t)
        hh = ts[i + 1] - ts[i]
        s = (t - ts[i]) / hh
        return ((2 * s**3 - 3 * s**2 + 1) * vs[i] + (s**3 - 2 * s**2 + s) * hh * m[i]
                + (-2 * s**3 + 3 * s**2) * vs[i + 1] + (s**3 - s**2) * hh * m[i + 1])
    return f


class Stroke:
    def __init__(self, points):  # [(t, x, y)], the last one is the up
        ts = [p[0] for p in points]
        self.x, self.y = pchip(ts, [p[1] for p in points]), pchip(ts, [p[2] for p in points])
        self.down, self.up, self.points = ts[0], ts[-1], points

    def at(self, t):
        return (self.x(t), self.y(t))

    def moves(self):
        """[(t, (x, y))]: the down, then the 120 Hz moves (the up is not among them)."""
        ev = [(self.down, self.at(self.down))]
        k = 1
        while True:
            t = self.down + k / RATE
            if not t < self.up - 0.001:
                break
            ev.append((t, self.at(t)))
            k += 1
        return ev

    def events(self):
        """The down, the moves and the up (the seed model's samples)."""
        return self.moves() + [(self.up, (self.points[-1][1], self.points[-1][2]))]


def velocity(events):
    """Blended velocity after the last event, (vx, vy) points per second."""
    cur = prev = None
    for (t0, a), (t1, b) in zip(events, events[1:]):
        dt = t1 - t0
        v = (0.0, 0.0) if dt < 0.001 else ((b[0] - a[0]) / dt, (b[1] - a[1]) / dt)
        prev, cur = cur, v
    if cur is None:
        return (0.0, 0.0)
    if prev is None:
        return cur
    return (0.2 * cur[0] + 0.8 * prev[0], 0.2 * cur[1] + 0.8 * prev[1])


def upto(events, t):
    return [e for e in events if e[0] <= t + 1e-9]


def shrink(v, h):
    return math.copysign(max(abs(v) - h, 0.0), v) if v != 0 else 0.0


class Pan:
    """One stroke through UIPanGestureRecognizer and an app's action method.

    axis 'x' or 'y', sign +1 / -1 (the direction that increases p), distance D, clamp range,
    magnitude (p from |c|), reset (a negative component calls setTranslation(.zero)),
    scroll (a scroll view's content offset that the pan scrolls away first)."""

    def __init__(self, points, axis='y', sign=1, distance=200.0, clamp=(0.0, 1.0), magnitude=False,
                 reset=False, scroll=None, slop=SLOP, up_is_move=False):
        self.stroke = Stroke(points)
        ev = self.stroke.events() if up_is_move else self.stroke.moves()
        self.samples = ev
        self.axis, self.sign, self.D, self.clamp = axis, sign, distance, clamp
        self.magnitude, self.reset, self.scroll = magnitude, reset, scroll
        down = ev[0][1]
        self.reports = []  # (t, translation, driving translation component, p, velocity)
        origin = None
        for i in range(1, len(ev)):
            t, loc = ev[i]
            if origin is None:
                dx, dy = loc[0] - down[0], loc[1] - down[1]
                dist = math.hypot(dx, dy)
                if not (dist > 0 and dist >= slop):
                    continue
                origin = (loc[0] - shrink(dx, slop), loc[1] - shrink(dy, slop))
            tr = (loc[0] - origin[0], loc[1] - origin[1])
            c = self.comp(tr)
            if scroll is not None:
                c = c - scroll if c > scroll else 0.0  # the list takes the first `scroll` points
            if reset and c < 0:
                origin = loc
                tr, c = (0.0, 0.0), 0.0
                p = self.reports[-1][3] if self.reports else clamp[0]
            else:
                p = min(max((abs(c) if magnitude else c) / distance, clamp[0]), clamp[1])
            self.reports.append((t, tr, c, p, velocity(ev[:i + 1])))

    def comp(self, v):
        return (v[0] if self.axis == 'x' else v[1]) * self.sign

    def began(self):
        return self.reports[0][0] if self.reports else None

    def at(self, t):
        """The latest report at or before t (None before the pan began)."""
        r = [x for x in self.reports if x[0] <= t + 1e-9]
        return r[-1] if r else None

    def release(self):
        t, tr, c, p, v = self.reports[-1]
        return dict(last_move=t, translation=tr, travel=c, p=p, v=v, axis_v=self.comp(v))


# The catalog's gestures (Scenes/*.yaml, written out here) and release rules.
T2 = [(0.30, 200, 420), (0.38, 201, 436), (0.48, 206, 478), (0.58, 213, 532), (0.64, 217, 566)]
T2_CANCEL = [(0.30, 200, 420), (0.45, 204, 490), (0.60, 209, 545), (0.72, 207, 520), (0.78, 206, 505)]
T3 = [(0.30, 195, 380), (0.36, 195, 392), (0.42, 195, 425), (0.46, 195, 462), (0.48, 195, 482)]
T3_SLOW = [(0.30, 195, 380), (0.50, 195, 460), (0.70, 195, 550), (0.85, 195, 575), (0.95, 195, 580)]
T3_SCROLL = [(0.30, 195, 470), (0.45, 195, 550), (0.60, 195, 630), (0.70, 195, 690), (0.76, 195, 750),
             (0.78, 195, 772)]
T4 = [(0.30, 120, 420), (0.45, 170, 420), (0.60, 228, 422), (0.75, 258, 424), (0.80, 262, 424)]
T4_CANCEL = [(0.30, 120, 420), (0.45, 150, 420), (0.60, 183, 421), (0.70, 190, 421)]
T5 = [(0.30, 195, 300), (0.36, 195, 285), (0.50, 195, 380), (0.70, 195, 560), (0.80, 195, 640), (0.84, 195, 665)]
T5_CANCEL = [(0.30, 195, 300), (0.36, 195, 285), (0.55, 195, 420), (0.70, 195, 500), (0.76, 195, 520)]
T6 = [(0.30, 100, 520), (0.40, 128, 521), (0.55, 198, 524), (0.70, 270, 527), (0.76, 300, 528)]
T6_CANCEL = [(0.30, 100, 520), (0.45, 150, 521), (0.60, 198, 523), (0.70, 214, 524), (0.74, 217, 524)]
T8 = [(0.30, 150, 720), (0.45, 152, 640), (0.60, 155, 520), (0.72, 157, 430), (0.76, 158, 400)]
T8_CANCEL = [(0.30, 150, 720), (0.45, 151, 670), (0.60, 152, 600), (0.70, 152, 575), (0.74, 152, 570)]
T8_CLOSE = [(0.30, 195, 300), (0.45, 194, 380), (0.60, 192, 500), (0.72, 191, 600), (0.76, 190, 630)]


def decide(name, r):
    v, y, p = r['v'], r['travel'], r['p']
    if name.startswith('T2'):
        return v[1] > 0 and p > 0.1
    if name.startswith('T3'):
        return v[1] > 300 or (y > 272 and v[1] > -300)
    if name.startswith('T4'):
        return p >= 0.5
    return p >= 0.4


CATALOG = [
    ('T2', T2, dict(distance=200)),
    ('T2 cancelling', T2_CANCEL, dict(distance=200)),
    ('T3', T3, dict(distance=544, scroll=0)),
    ('T3 cancelling', T3_SLOW, dict(distance=544, scroll=0)),
    ('T3 scroll', T3_SCROLL, dict(distance=544, scroll=160)),
    ('T4', T4, dict(axis='x', distance=200, clamp=(0.01, 0.99), magnitude=True)),
    ('T4 cancelling', T4_CANCEL, dict(axis='x', distance=200, clamp=(0.01, 0.99), magnitude=True)),
    ('T5 pull-down', T5, dict(distance=794, reset=True)),
    ('T5 pull-down cancelling', T5_CANCEL, dict(distance=794, reset=True)),
    ('T6', T6, dict(axis='x', distance=390, reset=True)),
    ('T6 cancelling', T6_CANCEL, dict(axis='x', distance=390, reset=True)),
    ('T8', T8, dict(sign=-1, distance=697)),
    ('T8 cancelling', T8_CANCEL, dict(sign=-1, distance=697)),
    ('T8 close', T8_CLOSE, dict(distance=697)),
]


def catalog_table():
    print("# Release per catalog scene: seed model (slop 0, the up counted as a move) -> UIKit's")
    print("# (slop 10, moves only). v = velocity on the progress axis (pt/s), y = driving")
    print("# translation on the axis (pt), p = progress, decision.")
    for name, pts, kw in CATALOG:
        old = Pan(pts, slop=0, up_is_move=True, **kw)
        new = Pan(pts, **kw)
        a, b = old.release(), new.release()
        da, db = decide(name, a), decide(name, b)
        print(f"  {name:24s} v {old.comp(a['v']):9.3f} -> {new.comp(b['v']):9.3f}   "
              f"y {a['travel']:8.3f} -> {b['travel']:8.3f}   p {a['p']:.6f} -> {b['p']:.6f}   "
              f"{'complete' if da else 'cancel'} -> {'complete' if db else 'cancel'}   began {new.began():.6f}")


def t2_catalog():
    print("# T2 catalog scene: frames 19...38 (t = n/60): driving translation (dx, dy) (None before began)")
    pan = Pan(T2, distance=200)
    print("#   began at", pan.began())
    for n in range(19, 39):
        r = pan.at(n / 60)
        print(f"  ({n}, {r[1][0]:.12f}, {r[1][1]:.12f}),") if r else print(f"  # {n}: not begun")


def tests_values():
    t2c = Pan(T2_CANCEL, distance=200)
    r = t2c.release()
    print("# T2 cancelling at the release: p, v", r['p'], r['v'])
    t3 = Pan(T3, distance=544)
    r = t3.release()
    print("# T3 flick: last move", r['last_move'], "y =", r['travel'], "p =", r['p'], "v =", r['v'][1],
          "dp/dt after the release = v / D =", r['v'][1] / 544)
    slow = Pan(T3_SLOW, distance=544)
    print("# T3 cancelling: release v =", slow.release()['v'][1], "p =", slow.release()['p'])
    sc = Pan(T3_SCROLL, distance=544, scroll=160)
    e = sc.at(0.65)
    print("# T3 scroll: at the 0.65 s tick y =", e[2], "p =", e[3], "; release", sc.release())
    t4 = Pan(T4, axis='x', distance=200, clamp=(0.01, 0.99), magnitude=True)
    print("# T4: began", t4.began(), "p there", t4.reports[0][3], "; at 0.6 s p =", t4.at(0.6)[3],
          "; release p =", t4.release()['p'])
    t5 = Pan(T5, distance=794, reset=True)
    print("# T5: began", t5.began(), "p at 0.7 s =", t5.at(0.7)[3], "release p =", t5.release()['p'])
    t6 = Pan(T6, axis='x', distance=390, reset=True)
    print("# T6: began", t6.began(), "p at 0.55 s =", t6.at(0.55)[3], "release", t6.release())
    t8 = Pan(T8, sign=-1, distance=697)
    for t in (0.4, 0.5, 0.6, 0.7):
        rr = t8.at(t)
        print(f"# T8 at {t}: p = {rr[3]:.9f}, finger y at that tick {t8.stroke.at(rr[0])[1]:.9f}")


if __name__ == "__main__":
    catalog_table()
    t2_catalog()
    tests_values()


def stage_fixture():
    """Tests/StageTests/Fixtures/t2.yaml (slop 0): the releases the StageTests check."""
    print("# Stage fixture t2.yaml, slop 0")
    base = [(0.30, 195, 420), (0.42, 201, 480), (0.55, 207.5, 545)]
    done = Pan(base + [(0.62, 211, 580)], distance=200, slop=0).release()
    print("#   default: last move", done['last_move'], "translation", done['translation'], "p", done['p'], "v", done['v'])
    cancel = Pan(base + [(0.62, 214, 520)], distance=200, slop=0).release()
    print("#   cancelling: translation", cancel['translation'], "p", cancel['p'], "v", cancel['v'])
    first = Pan([(0.30, 195, 420), (0.40, 200, 520), (0.50, 205, 500)], distance=200, slop=0).release()
    print("#   second-touch stroke 1: translation", first['translation'], "p", first['p'], "v", first['v'])
    second = Pan([(0.60, 100, 300), (0.70, 100, 360), (0.80, 100, 420)], distance=200, slop=0)
    print("#   second-touch stroke 2: began", second.began(), "release", second.release())


if __name__ == "__main__":
    stage_fixture()
