#!/usr/bin/env python3
"""Process-level fuzzer for the `detent` binary.

Mutates whole scenario scripts, tuning files and command lines (structure-aware JSON mutations,
byte mutations, hostile option values and output paths), runs the binary in a scratch folder under
an address-space limit (`prlimit --as`) and a timeout, and flags what the contract forbids:

- death by a signal (a crash, an abort, a failed allocation),
- a hang (the timeout),
- an exit code outside {0, 1, 2, 3},
- "Fatal error" or "Program crashed" on stderr,
- a raw control character (other than newline) in detent's own stderr lines,
- a temporary file left in the scratch folder, or an input file changed.

  procfuzz.py --binary PATH [--runs N | --seconds S] [--seed S] [--memory-mb M] [--timeout T]
              [--findings DIR]

Deterministic for a given seed and run count: the inputs depend only on the seed and the committed
seeds (Assets/Scenarios, Tests/Fuzz/corpus/{scenario,tuning}). Prints one line per finding and a
summary `process: N runs, K findings`; exits 1 when something was found (each finding's command
line and files are kept under --findings), 2 on bad usage.
"""

import argparse
import copy
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

HOSTILE_NUMBERS = [0, -1, 1, -0.0, 0.5, 1e-9, 1e9, -1e9, 1e308, -1e308, 2**53, 2**63, 16384, 8192, 4097,
                   100000, 1000, 1001, 3600, 10000, 10000001, 1e-320, 123456789]
HOSTILE_STRINGS = ["", " ", "\u001b[31mred", "a\nb", "\t", "\u0000", "\u202e", "é" * 3, "x" * 5000,
                   "../../etc/passwd", "/dev/null", "Up", "minimum", "maximum", "row:999999", "50%",
                   "nan", "inf", "0x10", "\ud7ff", "name\u2028line"]
OPTION_VALUES = {
    "--fps": ["60", "1", "1000", "0", "-5", "0x10", "inf", "nan", "1e3", "1001", "", "60.5", " 60"],
    "--size": ["1280x800", "200x200", "1x1", "0x0", "16384x16384", "4096x4096", "8192x4097", "x", "12x", "-1x5"],
    "--frames": ["1", "10", "0", "-1", "1e3", "99999999999"],
    "--rows": ["0", "10", "10000000", "10000001", "-1", "abc"],
    "--exit-after": ["0", "0.1", "-1", "nan", "1e400"],
    "--scale": ["1", "2", "3", "0", "4", "-1", "1.5", "2.0", "", " 2", "0x2", "99999999999999999999"],
    "--format": ["swiftui", "uikit", "floatingpanel", "compose", "android", "css", "framer", "json", "nope", ""],
}
OUTPUT_TARGETS = ["out.csv", "/dev/null", "/dev/full", ".", "SCRIPT", "CONFIG", "missing/dir/x", "out.csv",
                  "link.csv", "same.png"]


def load_seeds():
    scripts, tunings = [], []
    for folder in [ROOT / "Assets/Scenarios", ROOT / "Tests/Fuzz/corpus/scenario"]:
        scripts += sorted(folder.glob("*.json"))
    tunings += sorted((ROOT / "Tests/Fuzz/corpus/tuning").glob("*"))
    tunings += sorted((ROOT / "Assets").glob("*.json"))
    def read(p):
        try:
            return p.read_bytes()
        except OSError:
            return None
    return [b for b in map(read, scripts) if b], [b for b in map(read, tunings) if b]


def mutate_value(rng, v, depth=0):
    """One structure-aware change somewhere inside v."""
    if isinstance(v, dict) and v and rng.random() < 0.8:
        k = rng.choice(sorted(v))
        r = rng.random()
        if r < 0.15:
            del v[k]
        elif r < 0.25:
            v[k + rng.choice(["", "s", "X"])] = copy.deepcopy(v[k])
        else:
            v[k] = mutate_value(rng, v[k], depth + 1)
        return v
    if isinstance(v, list) and v and rng.random() < 0.8:
        i = rng.randrange(len(v))
        r = rng.random()
        if r < 0.15:
            del v[i]
        elif r < 0.35:
            v.insert(rng.randrange(len(v) + 1), copy.deepcopy(v[i]))
        elif r < 0.4 and len(v) < 2000:
            v.extend(copy.deepcopy(v[i]) for _ in range(rng.choice([10, 100, 1000])))
        else:
            v[i] = mutate_value(rng, v[i], depth + 1)
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool) and rng.random() < 0.5:
        # Near the original: keeps most scripts valid, so they run instead of being refused.
        return v * rng.choice([0.5, 2, 1.1, 0.9, 10]) if isinstance(v, float) else v + rng.choice([-1, 1, 7, 100])
    r = rng.random()
    if r < 0.45:
        return rng.choice(HOSTILE_NUMBERS)
    if r < 0.75:
        return rng.choice(HOSTILE_STRINGS)
    if r < 0.85:
        return rng.choice([None, True, False, [], {}, [1, 2], [1e9, -1e9]])
    return rng.choice([{"wait": rng.choice([0, 0.5, 3600])}, {"key": rng.choice(["P", "M", "N", "2", "Up", "H", "K"])},
                       {"type": rng.choice(["cof", "x" * 200])}, {"resize": [rng.choice([1, 200, 8192]), rng.choice([1, 240, 4096])]},
                       {"wheel": {"at": [640, 700], "dy": rng.choice([1, -10000, 10000, 0.5])}},
                       {"tune": {"list": {"rows": rng.choice([0, 10000000])}}}, {"timeScale": 0.01},
                       {"expect": {"image": {"file": "g.png"}}}, {"shot": "s.png"}])


def mutate_bytes(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if not data or r < 0.2:
            data[rng.randrange(len(data) + 1):0] = bytes([rng.randrange(256)])
        elif r < 0.5:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif r < 0.7:
            del data[rng.randrange(len(data))]
        elif r < 0.8:
            data = data[: rng.randrange(len(data) + 1)]
        else:
            i = rng.randrange(len(data))
            data[i:i] = rng.choice([b'"', b"{", b"}", b"[", b",", b"\\u0000", b"1e999", b"\xff", b"\xef\xbb\xbf"])
    return bytes(data)


def mutate_document(rng, data):
    if rng.random() < 0.75:
        try:
            doc = json.loads(data)
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                doc = mutate_value(rng, doc)
            return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        except (ValueError, RecursionError):
            pass
    return mutate_bytes(rng, data)


def command_line(rng, scripts, tunings, work):
    """Files in `work` and the arguments to run."""
    script = mutate_document(rng, rng.choice(scripts)) if rng.random() < 0.65 else rng.choice(scripts)
    (work / "script.json").write_bytes(script)
    (work / "config.json").write_bytes(mutate_document(rng, rng.choice(tunings)))
    os.symlink("real.csv", work / "link.csv")
    def target():
        t = rng.choice(OUTPUT_TARGETS)
        return {"SCRIPT": "script.json", "CONFIG": "config.json"}.get(t, t)
    kind = rng.choices(["replay", "export", "bench", "demo"], weights=[80, 8, 6, 6])[0]
    args = [kind]
    if kind == "replay":
        args += ["script.json"] + (["script.json"] if rng.random() < 0.05 else [])
        for opt, p in [("--config", 0.3), ("--fps", 0.2), ("--trace", 0.3), ("--json", 0.2), ("--junit", 0.15),
                       ("--plot", 0.05), ("--shots", 0.05), ("--update-goldens", 0.05), ("--video", 0.03),
                       ("--scale", 0.05)]:
            if rng.random() < p:
                if opt in ("--json", "--update-goldens"):
                    args.append(opt)
                elif opt == "--config":
                    args += [opt, "config.json"]
                elif opt == "--shots":
                    args += [opt, rng.choice(["shots", "script.json", "/dev/null"])]
                elif opt == "--video":
                    args += [opt, rng.choice(["v.webp", "/dev/full", "v.gif"])]
                elif opt in OPTION_VALUES:
                    args += [opt, rng.choice(OPTION_VALUES[opt])]
                else:
                    args += [opt, target()]
    elif kind == "export":
        args += ["--config", "config.json", "--format", rng.choice(OPTION_VALUES["--format"])]
    elif kind == "bench":
        args += ["--frames", rng.choice(["1", "5", "-1", "0x10", "1e3"]), "--rows", rng.choice(OPTION_VALUES["--rows"]),
                 "--size", rng.choice(OPTION_VALUES["--size"])]
    else:
        args += ["--exit-after", "0", "--size", rng.choice(OPTION_VALUES["--size"])]
        if rng.random() < 0.2:
            args += ["--scale", rng.choice(OPTION_VALUES["--scale"])]
        if rng.random() < 0.5:
            args += ["--fps", rng.choice(OPTION_VALUES["--fps"])]
        if rng.random() < 0.5:
            args += ["--record", target()]
        if rng.random() < 0.5:
            args += ["--config", "config.json"]
    if rng.random() < 0.03:
        args.insert(rng.randrange(1, len(args) + 1), rng.choice(["--bogus", "-", "--", "\u001b[2J"]))
    return args


def problems(code, stderr, work, inputs, timed_out):
    found = []
    if timed_out:
        found.append("hang (timeout)")
    elif code < 0:
        found.append(f"killed by signal {-code}")
    elif code not in (0, 1, 2, 3):
        found.append(f"exit code {code}")
    text = stderr.decode("utf-8", "replace")
    for marker in ["Fatal error", "Program crashed", "Segmentation fault", "Backtracing"]:
        if marker in text:
            found.append(f"stderr says {marker!r}")
    for line in text.splitlines():
        if line.startswith("detent:") and any(ord(c) < 32 and c != "\t" or 0x7F <= ord(c) <= 0x9F for c in line):
            found.append("a raw control character in a message: " + repr(line[:120]))
            break
    for name in os.listdir(work):
        if ".detent-" in name and ".tmp" in name:
            found.append(f"temporary file left: {name}")
    for name, data in inputs.items():
        try:
            now = (work / name).read_bytes()
        except OSError:
            now = None
        if now != data:
            found.append(f"input {name} changed")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--runs", type=int)
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-mb", type=int, default=4096)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--findings", default=str(ROOT / ".build-fuzz/crashes/process"))
    a = ap.parse_args()
    if (a.runs is None) == (a.seconds is None):
        print("procfuzz: give --runs N or --seconds S", file=sys.stderr)
        return 2
    rng = random.Random(a.seed)
    scripts, tunings = load_seeds()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_RENDER_DRIVER="software", SWIFT_BACKTRACE="enable=no",
               DETENT_ASSETS=str(ROOT / "Assets"))
    binary = str(Path(a.binary).resolve())
    start = time.monotonic()
    runs = findings = 0
    codes = {}
    slowest = 0.0
    while (a.runs is not None and runs < a.runs) or (a.seconds is not None and time.monotonic() - start < a.seconds):
        runs += 1
        with tempfile.TemporaryDirectory(prefix="detent-procfuzz-") as tmp:
            work = Path(tmp)
            args = command_line(rng, scripts, tunings, work)
            # The files this command reads: those must never change.
            read = ["script.json"] if args[0] == "replay" else []
            read += ["config.json"] if "--config" in args or args[0] == "export" else []
            inputs = {n: (work / n).read_bytes() for n in read}
            cmd = ["prlimit", f"--as={a.memory_mb * 1024 * 1024}", binary] + args
            t0 = time.monotonic()
            timed_out = False
            try:
                # Encoding a video is honest work (a debug build encodes 125 frames of 1280x800
                # in about 20 s on a loaded core): four times the time before it counts as a hang.
                # A machine shared with builds runs each process slower: the limit grows with the
                # load per core, so a hang is a process that stops, not one that waits its turn.
                load = max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
                limit = a.timeout * (4 if "--video" in args else 1) * load
                for _ in range(3):
                    p = subprocess.run(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       timeout=limit)
                    # The binary being rebuilt under the fuzzer: not the program's doing, try again.
                    if not p.stderr.startswith(b"prlimit: failed to execute"):
                        break
                    time.sleep(2)
                code, stderr = p.returncode, p.stderr
            except subprocess.TimeoutExpired as e:
                code, stderr, timed_out = -9, e.stderr or b"", True
            slowest = max(slowest, time.monotonic() - t0)
            codes[code] = codes.get(code, 0) + 1
            found = problems(code, stderr, work, inputs, timed_out)
            if found:
                findings += 1
                keep = Path(a.findings) / f"seed{a.seed}-run{runs}"
                if keep.exists():
                    shutil.rmtree(keep)
                shutil.copytree(work, keep, symlinks=True)
                (keep / "command.txt").write_text(" ".join(map(repr, args)) + "\n")
                (keep / "stderr.txt").write_bytes(stderr[-20000:])
                print(f"process: run {runs}: {'; '.join(found)}; kept in {keep}", flush=True)
    summary = ", ".join(f"exit {c}: {n}" for c, n in sorted(codes.items()))
    print(f"process: {runs} runs ({summary}; slowest {slowest:.1f} s), {findings} findings", flush=True)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
