#!/usr/bin/env python3
"""The web player's benchmark (issue 12): prints figures, asserts nothing.

1. Sampling: Web/scenec-player.js in headless Chromium on the synthetic sampling scene (200 layers × 10
   properties × 24 keyframes: 2,000 tracks), nanoseconds per track per sample, over the 600 playback times
   (0 … 10 s at 60 fps) and 600 random times in [-0.5, 10) s, beside the Swift sampler's figures from
   `scenec-bench --only sample` in the same run. `sampleFrames` is what the Swift figure measures (the layers'
   values into the player's own buffers); `sample` also builds the `scenec sample` object.
2. Frames: the page `scenec preview` writes, playing in headless Chromium (real time, no virtual time), the
   interval between requestAnimationFrame callbacks over 600 frames after 60 of warm-up (median, p99, worst,
   frames over 16.7 ms), and the page's main-thread busy time per frame (DevTools Performance.getMetrics
   TaskDuration over the same frames), on specs/like-button.yaml (its `tap` sent every 40 frames) and on a
   1,000-layer synthetic scene (1,000 layers × 4 animated properties × 8 keyframes, 4,000 tracks, zoom 1).
   Each page draws with the renderer the preview chooses for its plan (canvas 2D or SVG DOM, named in the row).
   The pages are served from 127.0.0.1 with COOP/COEP headers, so that the page is cross-origin isolated and its
   clock has 5 µs steps: a file:// page's has 100 µs steps with jitter, which alone put 16.8 ms intervals among
   60 Hz frames.

usage: scripts/web-bench.py [--bench .build/release/scenec-bench] [--rounds 7] [--frames 600] [--web Web]
                            [--sampling-only] [--interleave]
Run it from the repository root after `swift build -c release --product scenec-bench`; --web names the folder of
the player's files (another checkout's, to compare two versions in the same conditions).

"""
import argparse
import functools
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Browser:
    """Headless Chromium over the DevTools pipe (fds 3 and 4): one page target, flat session."""

    def __init__(self, profile, width=1280, height=1000):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            raise SystemExit("chromium is not on PATH (apt-get install chromium)")
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()

        def wire():
            os.dup2(to_child_read, 3)
            os.dup2(from_child_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             f"--user-data-dir={profile}", f"--window-size={width},{height}", "--remote-debugging-pipe",
             "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_read)
        os.close(from_child_write)
        self.incoming = os.fdopen(self.from_child, "rb")
        self.outgoing = os.fdopen(self.to_child, "wb")
        self.counter = 0
        self.buffer = b""
        self.session = None

    def call(self, method, params=None, session=None):
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.outgoing.write(json.dumps(message).encode() + b"\0")
        self.outgoing.flush()
        while True:
            while b"\0" not in self.buffer:
                chunk = self.incoming.read1(1 << 20)
                if not chunk:
                    raise SystemExit("chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.counter:
                if "error" in reply:
                    raise SystemExit(f"{method}: {reply['error']}")
                return reply["result"]

    def open(self, url):
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, self.session)
        if "exceptionDetails" in result:
            raise SystemExit(f"page: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if self.evaluate(expression):
                    return
            except SystemExit as failure:
                if "context" not in str(failure):
                    raise
            time.sleep(0.1)
        raise SystemExit(f"the page never satisfied {expression}")

    def close(self):
        self.process.kill()
        self.process.wait()


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """The benchmark's pages with the headers that make them cross-origin isolated (performance.now() in 5 µs)."""

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *arguments):
        pass


def serve(folder):
    """Serves `folder` on 127.0.0.1 (a free port) from a thread; returns the server and its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(IsolatedHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# The sampling page: the player module from a blob URL of its inlined text, the plan beside it.
SAMPLING_SCRIPT = """
window.bench = async (rounds, minimum) => {
  const source = document.getElementById('player').textContent;
  const { loadPlan } = await import(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})));
  const player = loadPlan(JSON.parse(document.getElementById('plan').textContent));
  const tracks = player.plan.tracks.length;
  const playback = Array.from({length: 600}, (_, i) => i / 60);
  let seed = 0xACCE55;
  const random = Array.from({length: 600}, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return -0.5 + 10.5 * (seed / 2147483648);
  });
  let sink = 0;
  const perPass = (times, call) => {
    let passes = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      for (const t of times) sink += call(t) ? 1 : 0;
      passes += 1;
      elapsed = performance.now() - start;
    } while (elapsed < minimum);
    return elapsed * 1e6 / passes / times.length / tracks;
  };
  const median = (list) => list.slice().sort((a, b) => a - b)[list.length >> 1];
  const figures = {tracks, frames: [], random: [], objects: []};
  perPass(playback, (t) => player.sampleFrames(t));
  for (let round = 0; round < rounds; round++) {
    figures.frames.push(perPass(playback, (t) => player.sampleFrames(t)));
    figures.random.push(perPass(random, (t) => player.sampleFrames(t)));
    figures.objects.push(perPass(playback, (t) => player.sample(t)));
  }
  return {tracks, frames: median(figures.frames), random: median(figures.random),
    objects: median(figures.objects), sink};
};
"""

# The rAF timestamps of the next N frames; a scene with states gets its first event every 40 frames, so that
# transitions play while it is measured.
FRAMES_SCRIPT = """
window.scenec.ready.then((player) => new Promise((resolve) => {
  const stamps = [];
  const step = (now) => {
    stamps.push(now);
    if (player.eventNames.length && stamps.length %% 40 === 0) window.scenec.send(player.eventNames[0]);
    if (stamps.length < %d) requestAnimationFrame(step); else resolve(stamps);
  };
  requestAnimationFrame(step);
}))
"""


def run(command, **options):
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: {result.stderr}")
    return result.stdout


def swift_figures(bench, rounds, folder):
    """The synthetic-sample row of `scenec-bench --only sample`: playback and random-access ns per track."""
    output = os.path.join(folder, "swift.md")
    run([bench, "--only", "sample", "--rounds", str(rounds), "--output", output], cwd=ROOT)
    with open(output) as file:
        for line in file:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells[0] == "synthetic-sample" and len(cells) == 6 and cells[1] == "2000":
                return float(cells[2]), float(cells[3])
    raise SystemExit(f"no synthetic-sample row in {output}")


def sampling(browser, plan_path, folder, base, web, rounds, evaluate=True):
    with open(os.path.join(web, "scenec-player.js")) as file:
        module = file.read()
    with open(plan_path) as file:
        plan = file.read()
    page = os.path.join(folder, "sampling.html")
    with open(page, "w") as file:
        file.write('<!DOCTYPE html><html><body><script type="application/json" id="plan">'
                   + plan.replace("</", "<\\/") + '</script><script type="text/plain" id="player">' + module
                   + "</script><script>" + SAMPLING_SCRIPT + "</script></body></html>")
    browser.open(base + os.path.basename(page))
    browser.wait_for("typeof window.bench === 'function'")
    return browser.evaluate(f"window.bench({rounds}, 200)") if evaluate else None


def interleaved(browser, bench, plan_path, folder, base, web, rounds):
    """One Swift round, then one JavaScript round in the same page, `rounds` times: the ratios of adjacent rounds,
    so that a load that changes during the run moves both figures of a ratio (their medians are reported)."""
    sampling(browser, plan_path, folder, base, web, rounds, evaluate=False)
    rows = []
    for _ in range(rounds):
        swift_playback, swift_random = swift_figures(bench, 1, folder)
        js = browser.evaluate("window.bench(1, 200)")
        rows.append((swift_playback, swift_random, js))
    median = statistics.median
    js = {"tracks": rows[0][2]["tracks"], "frames": median(r[2]["frames"] for r in rows),
          "random": median(r[2]["random"] for r in rows), "objects": median(r[2]["objects"] for r in rows),
          "frames ratio": median(r[2]["frames"] / r[0] for r in rows),
          "random ratio": median(r[2]["random"] / r[1] for r in rows)}
    return median(r[0] for r in rows), median(r[1] for r in rows), js


def frames(browser, page, count):
    browser.open(page)
    browser.wait_for("window.scenec && window.scenec.ready.then(() => true)")
    isolated = browser.evaluate("window.crossOriginIsolated === true")
    browser.call("Performance.enable", {}, browser.session)
    browser.evaluate(FRAMES_SCRIPT % 60)
    before = {m["name"]: m["value"] for m in browser.call("Performance.getMetrics", {}, browser.session)["metrics"]}
    stamps = browser.evaluate(FRAMES_SCRIPT % (count + 1))
    after = {m["name"]: m["value"] for m in browser.call("Performance.getMetrics", {}, browser.session)["metrics"]}
    playing = browser.evaluate("document.getElementById('play').textContent") == "Pause"
    # The renderer the page chose for the plan (a page without the canvas renderer draws with SVG).
    renderer = browser.evaluate("window.scenec.renderer || 'svg'")
    intervals = sorted(b - a for a, b in zip(stamps, stamps[1:]))
    busy = (after["TaskDuration"] - before["TaskDuration"]) * 1000 / len(intervals)
    return {
        "median": statistics.median(intervals), "p99": intervals[int(0.99 * (len(intervals) - 1))],
        "worst": intervals[-1], "over": sum(1 for i in intervals if i > 16.7), "frames": len(intervals),
        "busy": busy, "playing": playing, "isolated": isolated, "renderer": renderer,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/scenec-bench"))
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--web", default=os.path.join(ROOT, "Web"))
    parser.add_argument("--sampling-only", action="store_true",
                        help="only part 1 (the samplers), for quick before/after pairs of the player")
    parser.add_argument("--interleave", action="store_true",
                        help="part 1 as one Swift round then one JavaScript round, --rounds times; each ratio "
                             "the median of the rounds' ratios")
    arguments = parser.parse_args()
    web = os.path.abspath(arguments.web)
    bench = arguments.bench
    if not os.access(bench, os.X_OK):
        raise SystemExit(f"{bench} is missing: swift build -c release --product scenec-bench")
    with open("/proc/loadavg") as file:
        load_before = " ".join(file.read().split()[:3])
    folder = tempfile.mkdtemp(prefix="scenec-web-bench-")
    environment = dict(os.environ, SCENEC_WEB_DIR=web)
    server, base = serve(folder)
    try:
        sample_spec = os.path.join(folder, "synthetic-sample.yaml")
        layers_spec = os.path.join(folder, "synthetic-1000-layers.yaml")
        run([bench, "--write-synthetic", "200", "10", "24", sample_spec])
        run([bench, "--write-synthetic", "1000", "4", "8", layers_spec])
        sample_plan = os.path.join(folder, "synthetic-sample.json")
        run([bench, "--scenec", "compile", sample_spec, "-o", sample_plan], env=environment)
        pages = {}
        scenes = [("like-button", os.path.join(ROOT, "specs/like-button.yaml"), ""),
                  ("synthetic 1000 layers × 4 properties", layers_spec, "#zoom=1")]
        for name, spec, hash_part in [] if arguments.sampling_only else scenes:
            page = os.path.join(folder, re.sub(r"\W+", "-", name) + ".html")
            run([bench, "--scenec", "preview", spec, "-o", page], env=environment)
            pages[name] = base + os.path.basename(page) + hash_part
        if not arguments.interleave:
            print("scenec-bench: Swift sampler (scenec-bench --only sample)", file=sys.stderr)
            swift_playback, swift_random = swift_figures(bench, arguments.rounds, folder)
        browser = Browser(os.path.join(folder, "profile"))
        try:
            if arguments.interleave:
                print("web-bench: Swift and JavaScript samplers, rounds interleaved", file=sys.stderr)
                swift_playback, swift_random, js = interleaved(browser, bench, sample_plan, folder, base, web,
                                                               arguments.rounds)
            else:
                print("web-bench: JavaScript sampler", file=sys.stderr)
                js = sampling(browser, sample_plan, folder, base, web, arguments.rounds)
                js["frames ratio"] = js["frames"] / swift_playback
                js["random ratio"] = js["random"] / swift_random
            rows = []
            for name, page in pages.items():
                print(f"web-bench: frames, {name}", file=sys.stderr)
                rows.append((name, frames(browser, page, arguments.frames)))
            version = run([shutil.which("chromium") or "chromium-browser", "--version"]).strip()
        finally:
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    with open("/proc/loadavg") as file:
        load_after = " ".join(file.read().split()[:3])
    flags = " --sampling-only" if arguments.sampling_only else f" --frames {arguments.frames}"
    flags += " --interleave" if arguments.interleave else ""
    print(f"- Command: `scripts/web-bench.py --rounds {arguments.rounds}{flags}` ({version}, "
          f"headless, --disable-gpu; {arguments.rounds} rounds, medians)")
    print(f"- Load average before / after: {load_before} / {load_after}; player files from {web}; pages from "
          f"127.0.0.1, cross-origin isolated: "
          f"{all(row['isolated'] for _, row in rows) if rows else 'yes (sampling only)'}\n")
    print("| scene | tracks | Swift playback ns | JS playback ns (sampleFrames) | JS ÷ Swift | Swift random ns | "
          "JS random ns | JS ÷ Swift | JS playback ns with the sample object |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| synthetic-sample | {js['tracks']} | {swift_playback:.1f} | {js['frames']:.1f} | "
          f"{js['frames ratio']:.2f}× | {swift_random:.1f} | {js['random']:.1f} | "
          f"{js['random ratio']:.2f}× | {js['objects']:.1f} |\n")
    if arguments.sampling_only:
        return
    print("| page | frames | rAF interval median ms | p99 ms | worst ms | frames over 16.7 ms | "
          "main-thread busy ms per frame | p99 ≤ 16.7 ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, row in rows:
        met = "yes" if row["p99"] <= 16.7 else "**no**"
        if not row["playing"]:
            met += " (the page had stopped playing)"
        print(f"| {name} ({row['renderer']}) | {row['frames']} | {row['median']:.2f} | {row['p99']:.2f} | {row['worst']:.2f} | "
              f"{row['over']} | {row['busy']:.2f} | {met} |")


if __name__ == "__main__":
    main()
