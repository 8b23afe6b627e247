#!/usr/bin/env python3
"""Independent reference values for scripted pans (used by Tests/CatalogTests and StageTests).

Written from the definitions, not from Flipbook's Swift code:
- Path: per axis, a monotone piecewise-cubic Hermite curve through the scripted points with
  Fritsch-Butland tangents (Fritsch & Butland 1984; the form SciPy's PchipInterpolator uses):
  interior tangent = 0 where the two adjacent chord slopes differ in sign or one is 0, else
  the weighted harmonic mean 3(h0+h1) / ((2h1+h0)/d0 + (h1+2h0)/d1); end tangents = the
  adjacent chord slope (as docs/motion.md specifies for Flipbook's strokes).
- Touch events: the down, then a move at every tick down + k/120 s (k = 1, 2, ...) earlier
  than 1 ms before the up, then the up at the last scripted point.
- UIPanGestureRecognizer velocity: 0.2 * v(last interval) + 0.8 * v(interval before).
- Recognition at the first move whose location differs from the down's (hysteresis 0).
Run: python3 Tests/Reference/gesture.py
"""
import math

RATE = 120.0


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

    def events(self, lifts=True):
        ev = [(self.down, self.at(self.down))]
        k = 1
        while True:
            t = self.down + k / RATE
            if not t < self.up - 0.001:
                break
            ev.append((t, self.at(t)))
            k += 1
        if lifts:
            ev.append((self.up, (self.points[-1][1], self.points[-1][2])))
        return ev


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


def uikit_spring(D, z, t, v0=0.0):
    """UIKit (duration, dampingRatio) spring, fraction of the way at t (z < 1 or z == 1)."""
    if z < 1:
        w = -math.log(0.001 * math.sqrt(1 - z * z) / z) / (z * D)
        wd = w * math.sqrt(1 - z * z)
        # x(t) = 1 - e^{-zwt}(A cos + B sin), x(0) = 0, x'(0) = v0
        A = 1.0
        B = (z * w * A - v0) / wd
        return 1 - math.exp(-z * w * t) * (A * math.cos(wd * t) + B * math.sin(wd * t))
    raise ValueError("critically damped: see t3() below")


def t2_catalog():
    print("# T2 catalog scene: frames 19...38 (t = n/60), finger and p = dy/200, s = 1 - 0.32 p")
    s = Stroke([(0.30, 200, 420), (0.38, 201, 436), (0.48, 206, 478), (0.58, 213, 532), (0.64, 217, 566)])
    for n in range(19, 39):
        t = n / 60
        e = upto(s.events(), t)[-1]
        x, y = e[1]
        print(f"  ({n}, {x - 200:.12f}, {y - 420:.12f}),")


def t2_cancelling():
    s = Stroke([(0.30, 200, 420), (0.45, 204, 490), (0.60, 209, 545), (0.72, 207, 520), (0.78, 206, 505)])
    e = upto(s.events(), 0.7799)
    print("# T2 cancelling at 0.7799 s: p, v", (e[-1][1][1] - 420) / 200, velocity(e))


def t3():
    flick = Stroke([(0.30, 195, 380), (0.36, 195, 392), (0.42, 195, 425), (0.46, 195, 462), (0.48, 195, 482)])
    ev = flick.events()
    before = upto(ev, 0.4799)
    print("# T3 flick: at 0.4799 s p =", (before[-1][1][1] - 380) / 544, "v =", velocity(before)[1])
    print("# T3 flick: release velocity", velocity(ev)[1], "-> dp/dt at release = v / 544 =", velocity(ev)[1] / 544)
    slow = Stroke([(0.30, 195, 380), (0.50, 195, 460), (0.70, 195, 550), (0.85, 195, 575), (0.95, 195, 580)])
    print("# T3 cancelling: v at 0.9499 s =", velocity(upto(slow.events(), 0.9499))[1],
          "release v =", velocity(slow.events())[1])
    scroll = Stroke([(0.30, 195, 470), (0.45, 195, 550), (0.60, 195, 630), (0.70, 195, 690), (0.76, 195, 750),
                     (0.78, 195, 772)])
    e = upto(scroll.events(), 0.65)
    print("# T3 scroll: finger at the last tick <= 0.65 s:", e[-1][1][1], "p =", (e[-1][1][1] - 470 - 160) / 544)
    print("# T3 scroll: release velocity", velocity(scroll.events())[1])


def t4():
    s = Stroke([(0.30, 120, 420), (0.45, 170, 420), (0.60, 228, 422), (0.75, 258, 424), (0.80, 262, 424)])
    e = upto(s.events(), 0.7999)
    print("# T4: p at 0.7999 s =", (e[-1][1][0] - 120) / 200)
    first = s.events()[1]
    print("# T4: first tick", first[0], "x =", first[1][0], "p = max(0.01, |tx| / 200) =", max(0.01, (first[1][0] - 120) / 200))


def t5():
    s = Stroke([(0.30, 195, 300), (0.36, 195, 285), (0.50, 195, 380), (0.70, 195, 560), (0.80, 195, 640),
                (0.84, 195, 665)])
    origin = 300.0
    for t, (x, y) in upto(s.events(), 0.7)[1:]:
        if y - origin < 0:
            origin = y  # setTranslation(.zero)
    y = upto(s.events(), 0.7)[-1][1][1]
    print("# T5: reset origin y =", origin, "finger at 0.7 s =", y, "p =", (y - origin) / 794)


if __name__ == "__main__":
    t2_catalog()
    t2_cancelling()
    t3()
    t4()
    t5()
