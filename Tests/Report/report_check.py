#!/usr/bin/env python3
"""Opens a `detent replay --report DIR` report in Debian's Chromium (driven by Playwright) as a
person would, from disk, and checks: every page loads with no console error or failed request,
the scrubber changes the frame shown (the picture and the trace values), and a failed
expectation is visible and highlighted. A script at half speed that resizes its window and has
notch names with a comma and quotes checks that an event links to the frame it fired in, that
quoted trace fields read back whole, and that the pointer is placed by each picture's size.

    Tests/Report/report_check.py .build/debug/detent [SCREENSHOT.png]

With SCREENSHOT.png it also saves the failed script's page there and the index beside it
(SCREENSHOT-index.png): the README's pictures.

Prints "report: N passed" (one per check) and exits 1 on the first failed check.
"""
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

NOTCHES = '{"notches": [{"name": "a", "height": 100}, {"name": "b", "height": 200}, {"name": "c", "height": 300}]}'
PASSING = """{"name": "flick up to c", "window": [1280, 800], "config": %s,
 "steps": [{"drag": {"from": "grabber", "to": {"by": [0, -80]}, "duration": 0.2, "velocity": [0, -500]}},
           {"waitUntil": {"phase": "idle", "timeout": 2}}, {"expect": {"notch": "c", "phase": "idle"}}]}""" % NOTCHES
FAILING = """{"name": "presses the map", "window": [1280, 800], "config": %s,
 "steps": [{"drag": {"from": [640, 690], "to": [640, 610], "duration": 0.2, "velocity": [0, -500]}},
           {"wait": 1.0}, {"expect": {"notch": "c", "height": [299.5, 300.5]}}]}""" % NOTCHES
SLOW = """{"name": "slow, resized", "window": [400, 300],
 "config": {"layout": {"mode": "bottom"}, "notches": [{"name": "a,b", "height": 100}, {"name": "say \\"hi\\"", "height": 250}]},
 "steps": [{"timeScale": 0.5},
           {"drag": {"from": "grabber", "to": {"by": [0, -60]}, "duration": 0.1, "velocity": [0, -800]}},
           {"waitUntil": {"phase": "idle", "timeout": 3}}, {"resize": [800, 600]}, {"move": [400, 300]},
           {"wait": 0.1}]}"""

passed = 0


def check(ok, what):
    global passed
    if not ok:
        print(f"FAIL report: {what}")
        sys.exit(1)
    passed += 1
    print(f"PASS report: {what}")


def main():
    detent = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/detent"))
    screenshot = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    with tempfile.TemporaryDirectory(prefix="detent-report-") as tmp:
        for name, text in [("passing.json", PASSING), ("failing.json", FAILING), ("broken.json", '{"steps": ['),
                           ("slow.json", SLOW)]:
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        out = os.path.join(tmp, "report")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_RENDER_DRIVER="software",
                   DETENT_ASSETS=os.path.join(ROOT, "Assets"))
        r = subprocess.run([detent, "replay", "passing.json", "failing.json", "broken.json", "--report", out],
                           cwd=tmp, env=env, capture_output=True, text=True)
        check(r.returncode == 2, f"a run with an invalid script exits 2 after running the others (got {r.returncode})")
        check(os.path.exists(os.path.join(out, "index.html")), "index.html written")
        slow_out = os.path.join(tmp, "slow-report")
        r = subprocess.run([detent, "replay", "slow.json", "--report", slow_out], cwd=tmp, env=env,
                           capture_output=True, text=True)
        check(r.returncode == 0, f"the slow, resized script passes (got {r.returncode}: {r.stderr})")
        problems = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("requestfailed", lambda q: problems.append(f"request failed: {q.url}"))
            page.goto("file://" + os.path.join(out, "index.html"))
            check(page.locator("tbody tr").count() == 3, "the index lists the three scripts")
            text = page.locator("tbody").inner_text()
            check("PASS" in text and "FAIL" in text and "INVALID" in text, "the index shows pass, fail and invalid")
            if screenshot:
                page.set_viewport_size({"width": 1400, "height": 260})
                page.screenshot(path=screenshot.replace(".png", "-index.png"))
                page.set_viewport_size({"width": 1400, "height": 1000})
            page.click("text=presses the map")
            page.wait_for_load_state("load")
            failed = page.locator("#checks .failed")
            check(failed.count() >= 1 and failed.first.is_visible(), "a failed expectation is visible")
            body = failed.first.inner_text()
            check("notch expected" in body and "landed on the backdrop" in body,
                  "the failure says what was expected and the nearest cause")
            colour = failed.first.evaluate("e => getComputedStyle(e).backgroundColor")
            check(colour not in ("rgba(0, 0, 0, 0)", "transparent"), f"the failure is highlighted ({colour})")
            page.wait_for_function("document.getElementById('frame').naturalWidth > 0")
            if screenshot:
                page.screenshot(path=screenshot, full_page=False)
            page.fill("#scrub", "0")
            page.dispatch_event("#scrub", "input")
            first_src = page.get_attribute("#frame", "src")
            first_values = page.inner_text("#values")
            page.fill("#scrub", "12")
            page.dispatch_event("#scrub", "input")
            page.wait_for_function("document.getElementById('frame').complete")
            second_src = page.get_attribute("#frame", "src")
            check(first_src != second_src, f"the scrubber changes the picture ({first_src} -> {second_src})")
            values = page.inner_text("#values")
            check(first_values != values and "frame\t11" in values and "pointer_down\t1" in values,
                  "the scrubber changes the trace values (frame 12 shows trace row 11, the button down)")
            check(page.locator("#pointer").is_visible(), "the pointer is drawn on the picture")
            page.goto("file://" + os.path.join(out, "passing", "page.html"))
            page.wait_for_function("document.getElementById('frame').naturalWidth > 0")
            check(page.locator("#checks .ok").count() == 1, "a passed expectation is shown as passed")
            check(page.locator("#events li").count() >= 3, "the event timeline lists the events")
            page.click("text=← all scripts")
            page.wait_for_load_state("load")
            check(page.locator("tbody tr").count() == 3, "a page links back to the index")
            page.goto("file://" + os.path.join(slow_out, "slow", "page.html"))
            page.wait_for_function("document.getElementById('frame').naturalWidth > 0")
            page.click("#events li:has-text('didMoveToNotch')")
            values = page.inner_text("#values")
            check("phase\tidle" in values and 'notch\tsay "hi"' in values,
                  "an event at half speed links to the frame it fired in (the sheet at rest at say \"hi\")")
            at = int(page.input_value("#scrub"))
            page.fill("#scrub", str(at - 1))
            page.dispatch_event("#scrub", "input")
            check("phase\tsettling" in page.inner_text("#values"),
                  f"the frame before the event's ({at - 1}) is still settling")
            page.fill("#scrub", "1")
            page.dispatch_event("#scrub", "input")
            rows = page.inner_text("#values").split("\n")
            check("notch\ta,b" in rows and "height\t100" in rows,
                  "a quoted notch name (a,b) reads back as one field")
            last = page.get_attribute("#scrub", "max")
            page.fill("#scrub", last)
            page.dispatch_event("#scrub", "input")
            page.wait_for_function("document.getElementById('frame').complete")
            page.wait_for_function("document.getElementById('pointer').style.left !== ''")
            left = page.eval_on_selector("#pointer", "e => e.style.left")
            top = page.eval_on_selector("#pointer", "e => e.style.top")
            check((left, top) == ("200px", "150px"),
                  f"after a resize to 800x600 the pointer at (400, 300) is drawn at half scale ({left}, {top})")
            browser.close()
        check(not problems, "no console error, page error or failed request: " + "; ".join(problems))
    print(f"report: {passed} passed")


if __name__ == "__main__":
    main()
