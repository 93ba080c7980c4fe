"""Renders Lottie files in the players scenec's export tests compare against the SVG export.

usage: python3 lottie_players.py JOBS.json OUTDIR

JOBS.json: [{"name": N, "file": PATH, "frames": [F, ...], "width": W, "height": H}, ...]. Every frame of every
job is rendered at W×H (the animation scaled to fit) by each player into OUTDIR/PLAYER/N-F.rgba: an 8-byte header
(width and height as 32-bit big-endian numbers), then straight-alpha RGBA bytes, rows top first — the format of
rlottie_probe's dump modes. One line per player and job goes to standard output, "PLAYER N ok" or
"PLAYER N error MESSAGE" (a load failure, an exception thrown while rendering, a frame that did not render).

The players, each from a PyPI package (the tests' command installs them; a missing one exits 2 naming it):
  rlottie-0.2         rlottie 0.2, the library inside rlottie-python
  thorvg-1            ThorVG 1.x, the library inside thorvg-python
  lottie-web-5.7-svg, lottie-web-5.7-canvas   lottie-web 5.7.5, the build inside pylottie (lottie.html)
  lottie-web-5.8-svg, lottie-web-5.8-canvas   lottie-web 5.8.1, the build inside streamlit-lottie (its webpack
                                              chunk; the lottie module is cut out and run on its own)
lottie-web runs in one headless Chromium (Debian chromium) for all jobs and frames: the page loads each
animation with each renderer, goes to each frame, and writes the frame's pixels (RGBA, run-length coded) into the DOM, which
--dump-dom prints. The SVG renderer's <svg> is drawn into a canvas through an <img> to read its pixels.
"""
import base64
import ctypes
import importlib.util
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

PACKAGES = {
    "rlottie_python": "rlottie-python",
    "thorvg_python": "thorvg-python",
    "pylottie": "pylottie",
    "streamlit_lottie": "streamlit-lottie",
}


def package_folder(module):
    """The folder of an installed package, found without importing it (streamlit_lottie imports streamlit)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        sys.stderr.write(f"lottie_players: PyPI package {PACKAGES[module]} is missing: pip install {PACKAGES[module]}\n")
        sys.exit(2)
    return list(spec.submodule_search_locations)[0]


def write_rgba(path, width, height, rgba):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(struct.pack(">II", width, height))
        file.write(bytes(rgba))


def unpremultiply(pixels, order):
    """Premultiplied 32-bit pixels (bytes in `order`, e.g. "BGRA") → straight RGBA bytes."""
    r, g, b, a = (order.index(c) for c in "RGBA")
    out = bytearray(len(pixels))
    for i in range(0, len(pixels), 4):
        alpha = pixels[i + a]
        channels = (pixels[i + r], pixels[i + g], pixels[i + b])
        if 0 < alpha < 255:
            channels = tuple(min(255, (c * 255 + alpha // 2) // alpha) for c in channels)
        out[i : i + 3] = bytes(channels)
        out[i + 3] = alpha
    return out


def render_rlottie(jobs, outdir, report):
    package_folder("rlottie_python")
    from rlottie_python import LottieAnimation

    for job in jobs:
        try:
            animation = LottieAnimation.from_file(job["file"])
            for frame in job["frames"]:
                buffer = animation.lottie_animation_render(
                    frame_num=frame, width=job["width"], height=job["height"])
                rgba = unpremultiply(buffer, "BGRA")
                write_rgba(f"{outdir}/rlottie-0.2/{job['name']}-{frame}.rgba", job["width"], job["height"], rgba)
            report("rlottie-0.2", job["name"], None)
        except Exception as error:  # a player's failure is a result, reported per job
            report("rlottie-0.2", job["name"], repr(error))


def render_thorvg(jobs, outdir, report):
    package_folder("thorvg_python")
    import thorvg_python as tvg

    engine = tvg.Engine(threads=0)
    for job in jobs:
        width, height = job["width"], job["height"]
        try:
            canvas = tvg.SwCanvas(engine)
            canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
            animation = tvg.LottieAnimation(engine)
            picture = animation.get_picture()
            result = picture.load(job["file"])
            if result != tvg.Result.SUCCESS:
                raise RuntimeError(f"load: {result}")
            picture.set_size(width, height)
            canvas.add(picture)
            for frame in job["frames"]:
                animation.set_frame(frame)
                canvas.update()
                canvas.draw(True)
                canvas.sync()
                pixels = bytes(ctypes.string_at(ctypes.addressof(canvas.buffer_arr), width * height * 4))
                write_rgba(f"{outdir}/thorvg-1/{job['name']}-{frame}.rgba", width, height, unpremultiply(pixels, "RGBA"))
            canvas.destroy()
            report("thorvg-1", job["name"], None)
        except Exception as error:
            report("thorvg-1", job["name"], repr(error))
    engine.term()


def lottie_web_builds(folder):
    """The two lottie-web builds as stand-alone scripts that set window.lottieWeb57 / window.lottieWeb58."""
    html = open(os.path.join(package_folder("pylottie"), "lottie.html"), encoding="utf-8").read()
    start = html.index("<script>") + len("<script>")
    build57 = html[start : html.index("</script>", start)]
    chunks = os.path.join(package_folder("streamlit_lottie"), "frontend", "build", "static", "js")
    module = None
    for name in sorted(os.listdir(chunks)):
        text = open(os.path.join(chunks, name), encoding="utf-8").read()
        head = "function(module,exports,__webpack_require__){var __WEBPACK_AMD_DEFINE_RESULT__"
        tail = "(module.exports=__WEBPACK_AMD_DEFINE_RESULT__))}"
        if 'lottie.version="5.8.1"' in text and head in text:
            begin = text.index(head)
            module = text[begin : text.index(tail, begin) + len(tail)]
    if module is None:
        sys.stderr.write("lottie_players: no lottie-web 5.8.1 module in streamlit-lottie's build\n")
        sys.exit(2)
    paths = {}
    for version, script in (
        ("5.7", build57 + "\nwindow.lottieWeb57 = window.lottie;\n"),
        ("5.8", "(function(){var module={exports:{}};(" + module
         + ")(module,module.exports,null);window.lottieWeb58=module.exports;})();\n"),
    ):
        paths[version] = os.path.join(folder, f"lottie-{version}.js")
        with open(paths[version], "w", encoding="utf-8") as file:
            file.write(script)
    return paths


PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8">
<style>body{margin:0;background:transparent} .stage{position:absolute;left:0;top:0}</style>
<script src="SCRIPT57"></script><script src="SCRIPT58"></script></head><body>
<pre id="out"></pre>
<script>
const jobs = JOBS;
const results = [];
// Straight-alpha RGBA of a canvas, run-length coded (flat artwork has long runs; the DOM dump is the slow part):
// "WxH:" + base64 of 32-bit little-endian pairs (run length, pixel as its 4 bytes).
function pixels(canvas) {
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
  const runs = [];
  for (let i = 0; i < words.length;) {
    let j = i + 1;
    while (j < words.length && words[j] === words[i]) j += 1;
    runs.push(j - i, words[i]);
    i = j;
  }
  const bytes = new Uint8Array(new Uint32Array(runs).buffer);
  let text = '';
  for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768));
  return canvas.width + 'x' + canvas.height + ':' + btoa(text);
}
function svgPixels(svg, width, height) {
  return new Promise((resolve, reject) => {
    const copy = svg.cloneNode(true);
    copy.setAttribute('width', width); copy.setAttribute('height', height);
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    const markup = new XMLSerializer().serializeToString(copy);
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width; canvas.height = height;
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      resolve(pixels(canvas));
    };
    image.onerror = () => reject(new Error('the SVG renderer\\'s markup does not load as an image'));
    image.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(markup)));
  });
}
async function play(player, lottie, renderer, job) {
  const result = {player, name: job.name, error: null, frames: {}};
  const stage = document.createElement('div');
  stage.className = 'stage';
  stage.style.width = job.width + 'px'; stage.style.height = job.height + 'px';
  document.body.appendChild(stage);
  const errors = [];
  try {
    const animation = lottie.loadAnimation({container: stage, renderer, loop: false, autoplay: false,
      animationData: JSON.parse(JSON.stringify(job.data)),
      rendererSettings: {clearCanvas: true, preserveAspectRatio: 'xMidYMid meet'}});
    animation.addEventListener('renderFrameError', (event) => errors.push(String(event.nativeError)));
    animation.addEventListener('error', (event) => errors.push(String(event.nativeError || event)));
    await new Promise((resolve) => {
      if (animation.isLoaded) resolve(); else animation.addEventListener('DOMLoaded', resolve);
    });
    for (const frame of job.frames) {
      animation.goToAndStop(frame, true);
      if (renderer === 'canvas') {
        result.frames[frame] = pixels(stage.querySelector('canvas'));
      } else {
        result.frames[frame] = await svgPixels(stage.querySelector('svg'), job.width, job.height);
      }
    }
    animation.destroy();
  } catch (error) {
    errors.push(String(error));
  }
  if (errors.length) result.error = Array.from(new Set(errors)).join('; ');
  stage.remove();
  results.push(result);
}
(async () => {
  for (const [version, lottie] of [['5.7', window.lottieWeb57], ['5.8', window.lottieWeb58]]) {
    for (const renderer of ['svg', 'canvas']) {
      for (const job of jobs) await play('lottie-web-' + version + '-' + renderer, lottie, renderer, job);
    }
  }
  document.getElementById('out').textContent = JSON.stringify(results);
})();
</script></body></html>
"""


def render_lottie_web(jobs, outdir, report):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.stderr.write("lottie_players: chromium is missing: apt-get install chromium\n")
        sys.exit(2)
    with tempfile.TemporaryDirectory() as folder:
        scripts = lottie_web_builds(folder)
        data = []
        for job in jobs:
            with open(job["file"], encoding="utf-8") as file:
                data.append(dict(job, data=json.load(file)))
        page = (PAGE.replace("SCRIPT57", "file://" + scripts["5.7"]).replace("SCRIPT58", "file://" + scripts["5.8"])
                .replace("JOBS", json.dumps(data).replace("</", "<\\/")))
        path = os.path.join(folder, "page.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)
        run = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
             "--user-data-dir=" + os.path.join(folder, "profile"), "--virtual-time-budget=10000",
             "--dump-dom", "file://" + path],
            capture_output=True, text=True, timeout=300)
    dom = run.stdout
    start = dom.find('<pre id="out">[')
    if start < 0:
        sys.stderr.write("lottie_players: the lottie-web page did not finish in Chromium:\n" + run.stderr[-2000:])
        sys.exit(2)
    text = dom[start + len('<pre id="out">') : dom.index("</pre>", start)]
    results = json.loads(text.replace("&lt;", "<")
                         .replace("&gt;", ">").replace("&amp;", "&"))
    sizes = {job["name"]: (job["width"], job["height"]) for job in jobs}
    for result in results:
        for frame, encoded in result["frames"].items():
            size, data = encoded.split(":", 1)
            width, height = (int(part) for part in size.split("x"))
            rgba = run_length_decoded(base64.b64decode(data))
            if (width, height) != sizes[result["name"]]:
                result["error"] = (result["error"] or "") + f" frame {frame} is {width}×{height}"
            write_rgba(f"{outdir}/{result['player']}/{result['name']}-{frame}.rgba", width, height, rgba)
        report(result["player"], result["name"], result["error"])


def run_length_decoded(data):
    words = struct.unpack(f"<{len(data) // 4}I", data)
    return b"".join(struct.pack("<I", words[k + 1]) * words[k] for k in range(0, len(words), 2))


def main():
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as file:
        jobs = json.load(file)
    outdir = sys.argv[2]

    def report(player, name, error):
        print(f"{player} {name} ok" if error is None else f"{player} {name} error {error}", flush=True)

    players = sys.argv[3].split(",") if len(sys.argv) > 3 else ["rlottie", "thorvg", "lottie-web"]
    for player, render in (("rlottie", render_rlottie), ("thorvg", render_thorvg), ("lottie-web", render_lottie_web)):
        if player in players:
            started = time.monotonic()
            render(jobs, outdir, report)
            sys.stderr.write(f"lottie_players: {player}: {time.monotonic() - started:.1f} s\n")


if __name__ == "__main__":
    main()
