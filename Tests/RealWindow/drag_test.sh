#!/usr/bin/env bash
# Real-window test: the demo under Xvfb, dragged with xdotool one move per frame; asserts on the
# --log-events stream, then checks that the same drag as a scenario reaches the same notch.
set -euo pipefail
detent=${1:-.build/debug/detent}
work=$(mktemp -d)
trap 'kill ${app:-} ${xvfb:-} 2>/dev/null || true; rm -rf "$work"' EXIT

display=99
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
export DISPLAY=":$display" SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0

"$detent" demo --size 1280x800 --log-events --exit-after 30 >"$work/events.jsonl" 2>"$work/stderr.log" &
app=$!
for _ in $(seq 100); do grep -q "ready" "$work/stderr.log" && break; sleep 0.1; done
grep -q "ready" "$work/stderr.log" || { echo "FAIL: demo did not start"; cat "$work/stderr.log"; exit 1; }
xdotool search --sync --name '^Detent$' >/dev/null

# Grabber of the lowest notch (120 px) of the card (x 16-436 at 1280 px): its top edge is at y = 680.
x=200; y=690; steps=30; dy=22
xdotool mousemove "$x" "$y"; sleep 0.1
xdotool mousedown 1; sleep 0.05
for i in $(seq "$steps"); do xdotool mousemove "$x" $((y - i * dy)); sleep 0.0167; done
xdotool mouseup 1

ok=""
for _ in $(seq 60); do
  if grep -q '"event": "didMoveToNotch", "notch": "maximum"' "$work/events.jsonl"; then ok=1; break; fi
  sleep 0.1
done
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
echo "--- event log"; cat "$work/events.jsonl"
[ -n "$ok" ] || { echo "FAIL: no didMoveToNotch for maximum"; cat "$work/stderr.log"; exit 1; }
for event in willStartDragging willEndDragging willMoveToNotch; do
  grep -q "\"event\": \"$event\"" "$work/events.jsonl" || { echo "FAIL: no $event"; exit 1; }
done

# Parity: the same drag replayed headless reaches the same notch.
cat >"$work/parity.json" <<JSON
{"name": "real-window parity", "window": [1280, 800], "fps": 60,
 "steps": [{"drag": {"from": [$x, $y], "to": [$x, $((y - steps * dy))], "duration": 0.5}},
           {"wait": 1.5}, {"expect": {"notch": "maximum", "phase": "idle"}}]}
JSON
"$detent" replay "$work/parity.json"
echo "realwindow: 1 passed, 0 failed"
