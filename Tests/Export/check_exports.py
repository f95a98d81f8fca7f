#!/usr/bin/env python3
"""Every `detent export` format × a table of tunings, parsed by that language's own grammar.

Swift (swiftui, uikit, floatingpanel) goes through `swiftc -parse`; Kotlin (compose, android)
through tree-sitter-kotlin; TypeScript (framer) and TSX (reactnative, vaul) through
tree-sitter-typescript; CSS through tree-sitter-css; Dart (flutter) through tree-sitter-dart;
JSON through Python's json (and it must decode back as the same tuning: `detent export` of the
exported JSON gives the same JSON). A parse tree with an ERROR or MISSING node fails. Each
format's imports are checked against a table of the names it uses.

Usage: check_exports.py [DETENT] — DETENT defaults to .build/debug/detent.
Prints one line per failure and ends with "exports: N passed, M failed"; exit 1 on a failure.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

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
    ("odd names", {"notches": [{"name": "1st stop", "height": 90},
                               {"name": "half-way \"q\" $x \\ */", "fraction": 0.5},
                               {"name": "größe\tnew\nline", "fraction": 0.75},
                               {"name": "--", "fraction": 0.9}],
                   "initialNotch": "größe\tnew\nline"}, None),
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
    ("huge window", {"notches": [{"name": "low", "height": 0.5}, {"name": "high", "height": 9999}]},
     "4000x10000"),
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
    print(f"exports: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
