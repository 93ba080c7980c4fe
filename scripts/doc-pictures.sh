#!/usr/bin/env bash
# Makes the pictures README.md and docs/tutorial.md show, from the specs beside them:
#
#   scripts/doc-pictures.sh [OUT_DIR]
#
# writes docs/readme/hero.gif and docs/tutorial/step-N.png below the repository, or below OUT_DIR with the same
# layout. Every command and flag that makes a picture is here and nowhere else: DocPicturesTests runs this script
# into a temporary folder and compares what it writes with the committed files byte for byte (the GIF and PNG
# exports are deterministic), so a picture that no longer matches its spec fails the tests. SCENEC names the
# scenec binary (default: scripts/scenec, which builds it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root}"
mkdir -p "$out/docs/readme" "$out/docs/tutorial"
out="$(cd "$out" && pwd)"
scenec="${SCENEC:-$root/scripts/scenec}"
cd "$root"

# README's picture: one period of the autoplay loop (1.2 s) at 30 fps, twice the scene's size, on white (a GIF's
# transparency has no partial alpha, so anti-aliased edges over a page's own background would show a fringe).
"$scenec" export video docs/readme/hero.yaml --scale 2 --background white -o "$out/docs/readme/hero.gif"

# The tutorial's: stills of steps 1, 2 and 5, filmstrips of the motion in steps 3, 4 and 6.
tutorial=docs/tutorial
"$scenec" export svg "$tutorial/step-1.yaml" --at 0 --background white -o "$out/$tutorial/step-1.png"
"$scenec" export svg "$tutorial/step-2.yaml" --at 0 --background white -o "$out/$tutorial/step-2.png"
"$scenec" export filmstrip "$tutorial/step-3.yaml" --fps 10 --background white -o "$out/$tutorial/step-3.png"
"$scenec" export filmstrip "$tutorial/step-4.yaml" --fps 10 --columns 5 --background white \
  -o "$out/$tutorial/step-4.png"
"$scenec" export svg "$tutorial/step-5.yaml" --at 1 --background white -o "$out/$tutorial/step-5.png"
"$scenec" export filmstrip "$tutorial/step-6.yaml" --events press@1.2,release@1.5 --fps 10 --columns 5 \
  --background white -o "$out/$tutorial/step-6.png"
