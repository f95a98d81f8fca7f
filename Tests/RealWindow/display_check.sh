#!/usr/bin/env bash
# Environment check of the demo's display handling, each case bounded by a timeout:
#   1. no DISPLAY: exit 3 within 10 s, the message says xvfb-run;
#   2. a DISPLAY that names no server: exit 3 within 10 s (no segfault, no hang), naming it;
#   3. a real display (Xvfb) at 200x200 and 320x240 with the default tuning: starts, exit 0;
#   4. --record into a missing folder: exit 2 before the window opens, naming it;
#   5. bench --window on it: exit 0, its JSON complete (every latency, CPU and ratio figure a
#      positive number, each reference with its samples, 8 flights after the map drag),
#      0 frames presented at rest, and the software window's map composed in its surface.
# Usage: display_check.sh [path/to/detent]. Prints "display: N passed, 0 failed".
set -euo pipefail
detent=$(realpath "${1:-.build/debug/detent}")
work=$(mktemp -d)
trap 'kill ${xvfb:-} 2>/dev/null || true; rm -rf "$work"' EXIT
passed=0

# Runs detent with a 10 s limit; sets $code and $err.
run() {
  set +e
  (cd "$work" && timeout 10 env "$@" >/dev/null 2>"$work/err")
  code=$?
  set -e
  err=$(cat "$work/err")
}
check() { # $1 what, $2 expected code, $3 text stderr must contain
  [ "$code" = "$2" ] || { echo "FAIL: $1: exit $code (expected $2): $err"; exit 1; }
  grep -qF -- "$3" <<<"$err" || { echo "FAIL: $1: stderr lacks '$3': $err"; exit 1; }
  echo "ok: $1"
  passed=$((passed + 1))
}

run -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$detent" demo --exit-after 1
check "no DISPLAY" 3 "xvfb-run -a detent demo"

dead=170
while [ -e "/tmp/.X11-unix/X$dead" ] || [ -e "/tmp/.X$dead-lock" ]; do dead=$((dead + 1)); done
run -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=":$dead" "$detent" demo --exit-after 1
check "DISPLAY=:$dead names no server" 3 "DISPLAY=:$dead names no X server that answers"

display=$((dead + 1))
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
for size in 200x200 320x240; do
  run -u SDL_VIDEODRIVER DISPLAY=":$display" SDL_RENDER_DRIVER=software "$detent" demo --size "$size" --exit-after 0.5
  check "default tuning at $size" 0 "detent: ready $size"
done
run DISPLAY=":$display" "$detent" demo --record /nonexistent/session.json --exit-after 0.5
check "--record into a missing folder" 2 "--record /nonexistent/session.json: its folder /nonexistent does not exist"

(cd "$work" && timeout 120 env -u SDL_VIDEODRIVER DISPLAY=":$display" SDL_RENDER_DRIVER=software DETENT_PROFILE=phases \
  "$detent" bench --window --frames 560 --json >"$work/bench.json" 2>"$work/err") || {
  echo "FAIL: bench --window: exit $?: $(cat "$work/err")"
  exit 1
}
python3 - "$work/bench.json" <<'PY' || exit 1
import json, math, sys
b = json.load(open(sys.argv[1]))
problems = []
positive = ["window_frame_p50_ms", "window_latency_p99_ms", "window_flight_latency_p99_ms",
            "bare_latency_p99_ms", "bare_drag_latency_p99_ms", "map_drag_cpu_percent",
            "bare_drag_cpu_percent", "flight_latency_p99_ratio", "flight_latency_p99_ratio_to_bar",
            "map_drag_cpu_ratio", "latency_p99_ratio"]
for key in positive:
    v = b.get(key)
    if not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
        problems.append(f"{key} = {v!r}")
for key, least in [("window_flight_latency_samples", 1), ("bare_drag_latency_samples", 250)]:
    if not isinstance(b.get(key), int) or b[key] < least:
        problems.append(f"{key} = {b.get(key)!r} (at least {least})")
# Every tap of the flights after the map drag opened a place and flew the camera to it.
if b.get("window_flights") != 8:
    problems.append(f"window_flights = {b.get('window_flights')!r} (8 flights)")
if b.get("window_renderer") != "software":
    problems.append(f"window_renderer = {b.get('window_renderer')!r}")
if b.get("window_rest_frames_presented") != 0:
    problems.append(f"window_rest_frames_presented = {b.get('window_rest_frames_presented')!r} (idle: 0)")
if problems:
    print("FAIL: bench --window: " + "; ".join(problems) + " (keys: " + ", ".join(sorted(b)) + ")")
    sys.exit(1)
PY
# The software renderer's window composes the map's rows straight into the window's surface (the
# profile's "rows composed" phase), as the offscreen display does, not through the renderer.
grep -q "rows composed" "$work/err" || {
  echo "FAIL: bench --window: the software window did not compose the map in its surface: $(cat "$work/err")"
  exit 1
}
echo "ok: bench --window (its figures complete, idle at rest, the map composed in the window's surface)"
passed=$((passed + 1))

echo "display: $passed passed, 0 failed"
