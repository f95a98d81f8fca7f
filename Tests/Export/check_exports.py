#!/usr/bin/env python3
"""Every `detent export` format × a table of tunings, parsed by that language's own grammar.

Swift (swiftui, uikit, floatingpanel) goes through `swiftc -parse`; Kotlin (compose, android)
through tree-sitter-kotlin; TypeScript (framer) and TSX (reactnative, vaul) through
tree-sitter-typescript; CSS through tree-sitter-css; Dart (flutter) through tree-sitter-dart;
JSON through Python's json (and it must decode back as the same tuning: `detent export` of the
exported JSON gives the same JSON). A parse tree with an ERROR or MISSING node fails. Each
format's imports are checked against a table of the names it uses.

Then the CSS `linear()` easing is measured in a real browser: Playwright drives Debian's chromium
(`executable_path`, no browser download), animates a box's height with the exported duration and
easing through the Web Animations API, samples the computed height at 4001 instants and compares
each with the exact spring's step response 1 − x(t)/x0 (closed form, here) within 0.4 % of the
travel, for a table of springs from every corner of the allowed range; the duration must be the
spring's 0.1 % settling time.

Usage: check_exports.py [DETENT] — DETENT defaults to .build/debug/detent.
Prints one line per failure and ends with "exports: N passed, M failed"; exit 1 on a failure.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

import math
import shutil

import tree_sitter
import tree_sitter_css
import tree_sitter_dart
import tree_sitter_kotlin
import tree_sitter_typescript

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FORMATS = ["swiftui", "uikit", "floatingpanel", "compose", "android", "css", "framer",
           "reactnative", "flutter", "vaul", "json"]

DEFAULT_NOTCHES = [
    {"name": "minimum", "height": 120},
    {"name": "medium", "fraction": 0.5},
    {"name": "maximum", "fraction": 1.0, "inset": 60},
]

# (name, tuning, --size). Each policy kind, content and disabled notches, one and many notches,
# extreme springs, names that are not identifiers, every rubber band, dimming corner cases.
TUNINGS = [
    ("default", None, None),
    ("nearest", {"policy": {"kind": "nearest"}}, None),
    ("rushingForward fast", {"policy": {"kind": "rushingForward", "minimumVelocity": 1200,
                                        "minimumDuration": 0.25}}, None),
    ("projection skips", {"policy": {"kind": "projection", "decelerationRate": 0.99}}, None),
    ("projection segment", {"policy": {"kind": "projection", "decelerationRate": 0.998,
                                       "skipsNotches": False}}, None),
    ("free", {"policy": {"kind": "free", "decelerationRate": 0.995}}, None),
    ("content notches", {"notches": [{"name": "header", "content": "header"},
                                     {"name": "half", "fraction": 0.5},
                                     {"name": "list", "content": "list"}]}, None),
    ("disabled notches", {"notches": [{"name": "peek", "height": 100},
                                      {"name": "half", "fraction": 0.5, "enabled": False},
                                      {"name": "tall", "fraction": 0.8},
                                      {"name": "full", "fraction": 1, "enabled": False}],
                          "dimming": {"maxAlpha": 0.5, "startNotch": "half", "endNotch": "full"}},
     None),
    ("one notch", {"notches": [{"name": "only", "fraction": 0.6}]}, None),
    ("five notches", {"notches": [{"name": "closed", "height": 0}, {"name": "peek", "height": 80},
                                  {"name": "low", "fraction": 0.3}, {"name": "mid", "fraction": 0.6},
                                  {"name": "top", "fraction": 1, "inset": 20}],
                      "initialNotch": "low",
                      "dimming": {"maxAlpha": 0.6, "startNotch": "peek", "endNotch": "top"}}, None),
    ("closes, threshold, confirm", {"notches": [{"name": "closed", "height": 0},
                                                {"name": "peek", "height": 100},
                                                {"name": "full", "fraction": 0.9}],
                                    "initialNotch": "peek",
                                    "dismiss": {"velocity": 1200, "threshold": 0.3, "confirm": True}},
     None),
    ("every content key", {"notches": [{"name": "closed", "height": 0}, {"name": "peek", "content": "row:2"},
                                       {"name": "full", "fraction": 0.9}],
                           "list": {"rowHeights": [64, 88], "interaction": "scrolls"},
                           "footer": {"height": 72},
                           "keyboard": {"height": 300, "behavior": "fillParent", "restoreOnBlur": True,
                                        "blurOnDrag": False},
                           "sheet": {"grabber": 0, "cornerRadius": 24, "draggable": False},
                           "dismiss": {"threshold": 0.3, "confirm": True},
                           "layout": {"bottomInset": 12, "attachAt": "full"}}, None),
    ("odd names", {"notches": [{"name": "1st stop", "height": 90},
                               {"name": "half-way \"q\" $x \\ */", "fraction": 0.5},
                               {"name": "größe\tnew\nline", "fraction": 0.75},
                               {"name": "--", "fraction": 0.9}],
                   "initialNotch": "größe\tnew\nline"}, None),
    # Names that open or close comments (Kotlin, Swift and Dart block comments nest), end a line
    # comment (U+2028, NEL) or look like template strings, also as dimming and attachAt notches.
    ("comment-like names", {"notches": [{"name": "/*", "height": 100}, {"name": "a/*b", "height": 200},
                                        {"name": "/**/", "fraction": 0.4}, {"name": "*/ /* x", "height": 400},
                                        {"name": "${x} $y `z`", "fraction": 0.6},
                                        {"name": "// c\u2028d\u0085e\u2029", "fraction": 0.7},
                                        {"name": "\"'\\", "fraction": 0.9}],
                            "initialNotch": "a/*b",
                            "dimming": {"startNotch": "/**/", "endNotch": "*/ /* x"},
                            "layout": {"bottomInset": 8, "attachAt": "/*"}}, None),
    ("same identifiers", {"notches": [{"name": "a b", "height": 100}, {"name": "a-b", "height": 300},
                                      {"name": "A_B", "height": 500}]}, None),
    ("stiff, barely damped", {"spring": {"response": 0.05, "dampingRatio": 0.05}}, None),
    ("slow, overdamped", {"spring": {"response": 3, "dampingRatio": 3}}, None),
    ("critically damped", {"spring": {"response": 0.35, "dampingRatio": 1}}, None),
    ("no rubber band", {"rubberBand": {"kind": "none"}}, None),
    ("top band only, log", {"rubberBand": {"kind": "logarithmic", "factor": 2, "top": True,
                                           "bottom": False}}, None),
    ("dimming one notch", {"dimming": {"maxAlpha": 1, "startNotch": "maximum",
                                       "endNotch": "maximum"}}, None),
    ("reduce motion", {"reduceMotion": True, "spring": {"response": 1.5, "dampingRatio": 0.3}}, None),
    ("small window", None, "400x300"),
    # The default notches adapt to a window too small for them (the engine clamps them: 120, 120,
    # 140 at 200×200; all at 100 px at 100×100): exported where the engine rests them.
    ("default notches adapted", None, "200x200"),
    ("default notches at 100×100", None, "100x100"),
    ("disabled initial notch", {"notches": [{"name": "a", "height": 100},
                                            {"name": "b", "height": 200, "enabled": False},
                                            {"name": "c", "height": 400}], "initialNotch": "b"}, None),
    ("initial 0-height notch", {"notches": [{"name": "closed", "height": 0}, {"name": "peek", "height": 100},
                                            {"name": "full", "fraction": 0.9}], "initialNotch": "closed"},
     None),
    ("dimming reversed, one band edge", {"dimming": {"startNotch": "maximum", "endNotch": "minimum"},
                                         "rubberBand": {"top": False}}, None),
    ("right drawer, fractions of the width", {"layout": {"edge": "right"},
                                               "notches": [{"name": "peek", "height": 80},
                                                           {"name": "half", "fraction": 0.5},
                                                           {"name": "wide", "fraction": 1, "inset": 100}],
                                               "initialNotch": "half"}, None),
    ("largest window", {"notches": [{"name": "low", "height": 0.5}, {"name": "high", "height": 8191}]},
     "2048x8192"),  # the largest window detent accepts in height
]


def presets():
    folder = os.path.join(ROOT, "Assets", "Presets")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                yield ("preset " + name[:-5], json.load(f), None)


def language(module, name="language"):
    return tree_sitter.Language(getattr(module, name)())


KOTLIN = language(tree_sitter_kotlin)
TYPESCRIPT = language(tree_sitter_typescript, "language_typescript")
TSX = language(tree_sitter_typescript, "language_tsx")
CSS = language(tree_sitter_css)
DART = language(tree_sitter_dart)

GRAMMAR = {"compose": KOTLIN, "android": KOTLIN, "framer": TYPESCRIPT, "reactnative": TSX,
           "vaul": TSX, "css": CSS, "flutter": DART}

# Names a format's code uses, each with the import that must bring it in.
IMPORTS = {
    "swiftui": [(r"\bAnimation\b|\bView\b", "import SwiftUI")],
    "uikit": [(r"\bUISpringTimingParameters\b", "import UIKit")],
    "floatingpanel": [(r"\bFloatingPanelLayout\b", "import FloatingPanel"),
                      (r"\bUIRectEdge\b", "import UIKit")],
    "compose": [(r"\bDensity\b", "import androidx.compose.ui.unit.Density"),
                (r"\.dp\b", "import androidx.compose.ui.unit.dp"),
                (r"\bexponentialDecay\(", "import androidx.compose.animation.core.exponentialDecay"),
                (r"\bspring\(", "import androidx.compose.animation.core.spring"),
                (r"\bSpringSpec\b", "import androidx.compose.animation.core.SpringSpec"),
                (r"\bAnchoredDraggableState\b",
                 "import androidx.compose.foundation.gestures.AnchoredDraggableState"),
                (r"\bDraggableAnchors\b", "import androidx.compose.foundation.gestures.DraggableAnchors"),
                (r"\bExperimentalFoundationApi\b",
                 "import androidx.compose.foundation.ExperimentalFoundationApi")],
    "android": [(r"\bSpringForce\b", "import androidx.dynamicanimation.animation.SpringForce"),
                (r"\bBottomSheetBehavior\b",
                 "import com.google.android.material.bottomsheet.BottomSheetBehavior"),
                (r"\bResources\b", "import android.content.res.Resources"),
                (r"\bView\b", "import android.view.View"),
                (r"\broundToInt\(", "import kotlin.math.roundToInt")],
    "framer": [(r"\banimate\(", 'import { animate } from "motion"')],
    "reactnative": [(r"\bwithSpring\(", 'import { withSpring } from "react-native-reanimated"'),
                    (r"<BottomSheet\b", "import BottomSheet, {"),
                    (r"\buseMemo\(", 'import React, { useMemo } from "react"')],
    "vaul": [(r"<Drawer\.", 'import { Drawer } from "vaul"'),
             (r"\buseState\b", 'import React, { useState } from "react"')],
    "flutter": [(r"\bSpringDescription\b", "import 'package:flutter/physics.dart';"),
                (r"\bStatelessWidget\b", "import 'package:flutter/material.dart';"),
                (r"\bmath\.", "import 'dart:math' as math;")],
    "css": [],
    "json": [],
}


def code_only(text, fmt):
    """The text without comments (so a name used only in a comment needs no import)."""
    if fmt == "css":
        return re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)


def bad_nodes(tree):
    """(kind, row, column) of every ERROR or MISSING node."""
    out = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            out.append(("MISSING " + node.type if node.is_missing else "ERROR",
                        node.start_point[0] + 1, node.start_point[1] + 1))
        stack.extend(node.children)
    return out


def check_swift(text, folder):
    path = os.path.join(folder, "export.swift")
    with open(path, "w") as f:
        f.write(text)
    run = subprocess.run(["swiftc", "-parse", path], capture_output=True, text=True)
    if run.returncode != 0 or "error:" in run.stderr:
        return [line for line in run.stderr.splitlines() if "error" in line][:3] or [run.stderr[:300]]
    return []


def check(fmt, text, folder, detent, size):
    problems = []
    if fmt in ("swiftui", "uikit", "floatingpanel"):
        problems += check_swift(text, folder)
    elif fmt == "json":
        try:
            json.loads(text)
        except ValueError as error:
            problems.append(f"json: {error}")
        else:
            path = os.path.join(folder, "roundtrip.json")
            with open(path, "w") as f:
                f.write(text)
            again = export(detent, "json", path, size)
            if again != text:
                problems.append("json: exporting the exported tuning gives different JSON")
    else:
        tree = tree_sitter.Parser(GRAMMAR[fmt]).parse(text.encode())
        lines = text.splitlines()
        for kind, row, col in bad_nodes(tree)[:3]:
            problems.append(f"{kind} at {row}:{col}: {lines[row - 1].strip() if row <= len(lines) else ''}")
    code = code_only(text, fmt)
    for pattern, line in IMPORTS[fmt]:
        if re.search(pattern, code) and line not in text:
            problems.append(f"uses {pattern} without `{line}`")
    return problems


def export(detent, fmt, config, size):
    args = [detent, "export", "--format", fmt]
    if config:
        args += ["--config", config]
    if size:
        args += ["--size", size]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"exit {run.returncode}: {run.stderr.strip()}")
    return run.stdout


# Springs whose CSS easing is measured in Chromium: (name, response, damping ratio). The corners
# of the allowed range (response 0.01–10 s, ratio 0.05–10) and the short springs whose evenly
# spaced points once missed the curve by up to 4.5 % between two points 1 ms apart.
BROWSER_SPRINGS = [
    ("default", 0.4, 0.85),
    ("bouncy", 0.55, 0.45),
    ("very bouncy", 0.6, 0.15),
    ("critically damped", 0.8, 1.0),
    ("overdamped", 0.5, 2.5),
    ("quick", 0.12, 0.7),
    ("10 ms, barely damped", 0.01, 0.06),
    ("11 ms, critically damped", 0.011, 1.0),
    ("20 ms, ratio 0.08", 0.02, 0.08),
    ("10 ms, ratio 0.85", 0.01, 0.85),
    ("10 ms, ratio 0.05", 0.01, 0.05),
    ("10 ms, ratio 10", 0.01, 10.0),
    ("1 s, ratio 0.05 (settles after 21.6 s)", 1.0, 0.05),
    ("10 s, ratio 0.05", 10.0, 0.05),
    ("10 s, ratio 10", 10.0, 10.0),
]

# The largest gap the CSS export states ("under 0.4 % measured in Chromium").
BROWSER_BOUND = 0.004
# Instants each easing is read at: evenly over the duration, 4001 so they fall between points.
BROWSER_SAMPLES = 4001


def spring_progress(response, ratio, t):
    """1 − x(t) for a unit-mass spring released from rest at x = 1 (the engine's closed form)."""
    w0 = 2 * math.pi / response
    if abs(ratio - 1) < 1e-6:
        return 1 - (1 + w0 * t) * math.exp(-w0 * t)
    if ratio < 1:
        a = ratio * w0
        wd = w0 * math.sqrt(1 - ratio * ratio)
        return 1 - math.exp(-a * t) * (math.cos(wd * t) + a / wd * math.sin(wd * t))
    root = math.sqrt(ratio * ratio - 1)
    r1, r2 = -w0 * (ratio - root), -w0 * (ratio + root)
    c2 = -r1 / (r2 - r1)
    return 1 - ((1 - c2) * math.exp(r1 * t) + c2 * math.exp(r2 * t))


def settles_at(response, ratio, duration_ms):
    """Whether `duration_ms` is the 0.1 % settling time: the spring is still outside 0.1 % at it
    and inside from the next millisecond on (read every response/200 over 20 responses after)."""
    outside = abs(1 - spring_progress(response, ratio, duration_ms / 1000)) > 0.001
    after = (duration_ms + 1) / 1000
    inside = all(abs(1 - spring_progress(response, ratio, after + response * k / 200)) <= 0.001
                 for k in range(4000))
    return outside and inside


def css_easing(text):
    """(duration in ms, the linear() function) from a CSS export."""
    duration = float(re.search(r"--detent-settle-duration: ([0-9.]+)ms;", text).group(1))
    easing = re.search(r"--detent-settle-easing: (linear\([^)]*\));", text, re.S).group(1)
    return duration, " ".join(easing.split())


BROWSER_PAGE = """<!doctype html><html><body style="margin:0">
<div id="box" style="width:10px;height:0px;background:#000"></div></body></html>"""

# Runs in the page: animate 0 → travel px with the easing, pause, seek to each instant, read height.
BROWSER_SAMPLE = """([duration, easing, travel, times]) => {
  const box = document.getElementById("box");
  const animation = box.animate([{height: "0px"}, {height: travel + "px"}],
                                {duration, easing, fill: "forwards"});
  animation.pause();
  return times.map(t => { animation.currentTime = t; return parseFloat(getComputedStyle(box).height); });
}"""


def check_browser(detent, folder):
    """(passed, failed) for the CSS easing of each spring in BROWSER_SPRINGS, measured in Chromium."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("FAIL css in Chromium: no chromium on PATH (scripts/deps installs Debian's chromium)")
        return 0, len(BROWSER_SPRINGS)
    passed = failed = 0
    travel = 1000.0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        page = browser.new_page()
        page.set_content(BROWSER_PAGE)
        for name, response, ratio in BROWSER_SPRINGS:
            config = os.path.join(folder, "spring.json")
            with open(config, "w") as f:
                json.dump({"spring": {"response": response, "dampingRatio": ratio}}, f)
            duration, easing = css_easing(export(detent, "css", config, None))
            times = [duration * i / (BROWSER_SAMPLES - 1) for i in range(BROWSER_SAMPLES)]
            heights = page.evaluate(BROWSER_SAMPLE, [duration, easing, travel, times])
            worst, at = 0.0, 0.0
            for t, h in zip(times, heights):
                gap = abs(h / travel - spring_progress(response, ratio, t / 1000))
                if gap > worst:
                    worst, at = gap, t
            if not settles_at(response, ratio, duration):
                failed += 1
                print(f"FAIL css in Chromium × {name}: {duration:g} ms is not the 0.1 % settling time")
            elif worst <= BROWSER_BOUND:
                passed += 1
                print(f"css in Chromium × {name}: largest gap {worst * 100:.3f} % of the travel "
                      f"({len(times)} samples over {duration:g} ms, {easing.count(',') + 1} points)")
            else:
                failed += 1
                print(f"FAIL css in Chromium × {name}: {worst * 100:.3f} % of the travel at {at:.2f} ms")
        browser.close()
    return passed, failed


def main():
    detent = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "detent")
    passed = failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, tuning, size in TUNINGS + list(presets()):
            config = None
            if tuning is not None:
                config = os.path.join(folder, "tuning.json")
                with open(config, "w") as f:
                    json.dump(tuning, f, ensure_ascii=False)
            for fmt in FORMATS:
                try:
                    text = export(detent, fmt, config, size)
                    problems = check(fmt, text, folder, detent, size)
                except RuntimeError as error:
                    problems = [str(error)]
                if problems:
                    failed += 1
                    for p in problems:
                        print(f"FAIL {fmt} × {name}: {p}")
                else:
                    passed += 1
        browser_passed, browser_failed = check_browser(detent, folder)
        passed += browser_passed
        failed += browser_failed
    print(f"exports: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
