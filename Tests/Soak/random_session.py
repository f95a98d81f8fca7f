#!/usr/bin/env python3
"""Writes a scenario script of random input lasting about MINUTES minutes at 60 fps: drags and
flings on the sheet, wheel bursts over the list, keys (notches, search, keyboard, hide, panel,
slow motion and pause toggled back), typing and clearing searches, row taps and Escape, window
resizes. Used to check that a long session's memory stays flat:

  random_session.py MINUTES SEED > long.json
  /usr/bin/time -f '%M KB' detent replay long.json
"""
import json
import random
import sys


def main():
    minutes, seed = float(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    steps, t = [], 0.0
    while t < minutes * 60:
        r = rng.random()
        x, y = rng.randint(100, 1180), rng.randint(80, 780)
        if r < 0.3:
            d = rng.choice([0.1, 0.2, 0.4])
            steps.append({"drag": {"from": [x, y], "to": [x + rng.randint(-40, 40), rng.randint(40, 790)], "duration": d}})
            t += d
        elif r < 0.45:
            steps.append({"wheel": {"at": [x, y], "dy": rng.choice([-6, -2, 3, 8])}})
        elif r < 0.6:
            steps.append({"key": rng.choice(["Up", "Down", "1", "2", "3", "Escape", "K", "H", "R", "Tab", "Return"])})
        elif r < 0.68:
            steps.append({"click": [640, rng.randint(700, 760)]})
            steps.append({"type": rng.choice(["cof", "park", "blue", "zz", "r"])})
            steps.append({"key": "Escape"})
        elif r < 0.72:
            steps.append({"resize": [rng.choice([800, 1024, 1280]), rng.choice([600, 700, 800])]})
        elif r < 0.75:
            steps.append({"key": "P"})
            steps.append({"wait": 0.2})
            steps.append({"key": "P"})
        elif r < 0.8:
            steps.append({"click": [x, y]})
        steps.append({"wait": rng.choice([0.05, 0.3, 1.0, 2.0])})
        t += steps[-1]["wait"]
    print(json.dumps({"name": f"random session {minutes} min seed {seed}",
                      "config": {"layout": {"mode": "bottom"}}, "steps": steps}))


main()
