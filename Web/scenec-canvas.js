// Draws one sample of `scenec sample` into a canvas 2D context, for the plans whose every layer uses only what it
// draws exactly as `scenec export svg` and Web/scenec-render.js do (`canvasChoice`, decided once per plan from its
// static structure); the preview page falls back to the SVG DOM renderer for any other plan. One JavaScript pass
// over the layers a frame instead of thousands of DOM writes, then style, layout and Paint (docs/web-player.md,
// "Performance"). No dependencies, no build step: an ES module.

// Properties the canvas does not draw, with the value that leaves them invisible in every model, state and track.
const INERT_SLOTS = [
  { name: "shadowOpacity", inert: (v) => !(v[0] > 0), reason: "a shadow" },
  // A sublayerTransform's m34 (perspective): the map into the scene is then projective, not affine.
  { name: "sublayerTransform", component: 9, inert: (v) => v[9] === 0, reason: "a sublayerTransform with perspective" },
];

/** Which renderer draws `plan` (a plan of format 2, as JSON): `{renderer: "canvas" | "svg", reason}`, the reason
 * naming the first thing the canvas cannot draw exactly (null for canvas). Only plain layers qualify: masks,
 * replicators, shape, text and gradient layers, shadows and perspective send the plan to the SVG renderer. */
export function canvasChoice(plan) {
  const svg = (reason) => ({ renderer: "svg", reason });
  if (typeof CanvasRenderingContext2D === "undefined") return svg("no canvas 2D in this browser");
  for (const layer of plan.layers ?? []) {
    if (layer.type !== "layer") return svg(`layer '${layer.id}' is a ${layer.type} layer`);
    if (layer.mask) return svg(`layer '${layer.id}' is a mask`);
    if (layer.style?.shadowPath) return svg(`layer '${layer.id}' has a shadowPath`);
  }
  const states = plan.machine?.states ?? [];
  for (const rule of INERT_SLOTS) {
    const slot = (plan.slots ?? []).find((s) => s.name === rule.name);
    if (!slot) continue;
    const inUse = (values) => !rule.inert(values.slice(slot.first, slot.first + slot.width));
    for (const [index, layer] of plan.layers.entries()) {
      const posed = states.some((state) => inUse(state.values[index]));
      if (inUse(layer.values) || posed) return svg(`layer '${layer.id}' has ${rule.reason}`);
    }
    for (const track of plan.tracks ?? []) {
      if (track.slot !== rule.name) continue;
      const count = (track.flags ?? []).includes("broadcast") ? 3 : track.components;
      const written = rule.component === undefined
        || (track.component <= rule.component && rule.component < track.component + count);
      if (written) return svg(`'${plan.layers[track.layer].id}' animates ${rule.reason}`);
    }
  }
  return { renderer: "canvas", reason: null };
}

// The rounded rectangle of the SVG renderer's roundedRectPath: the same corners, quarter circles of the radius
// (clamped already, so roundRect never scales it down).
function roundedRect(context, r, radius) {
  if (radius <= 0) context.rect(r.x, r.y, r.width, r.height);
  else context.roundRect(r.x, r.y, r.width, r.height, radius);
}

// What the drawing reads of a layer, one record per layer kept across frames: the members of its sample object
// that the canvas draws, with `matrix` its map into the scene as [a b c d e f]; and what the drawing keeps of it
// between frames, so that a frame allocates nothing per layer: its sublayers in paint order, its standardized
// bounds and border's inner rectangle, its two colours' fill styles.
function record(index, id) {
  return { index, order: index, id, children: [], matrix: [1, 0, 0, 1, 0, 0], hidden: false, opacity: 1, zPosition: 0,
    doubleSided: true, masksToBounds: false, bounds: [0, 0, 0, 0], cornerRadius: 0, borderWidth: 0,
    backgroundColor: [0, 0, 0, 0], borderColor: [0, 0, 0, 0], ...drawingState() };
}

function drawingState() {
  return { ordered: [], rectangle: { x: 0, y: 0, width: 0, height: 0 }, inner: { x: 0, y: 0, width: 0, height: 0 },
    backgroundStyle: { r: NaN, g: NaN, b: NaN, style: "" }, borderStyle: { r: NaN, g: NaN, b: NaN, style: "" } };
}

// A context and the state it was last given (transform, alpha, fill style): a call that would give it the state
// it has already is left out. A fill costs the same either way; the calls left out are the binding's crossings,
// about 2,000 of a 1,000-layer frame's 7,500 (docs/web-player.md, "Performance"). `forget` after anything that
// sets the state behind its back (restore, a resize).
function surface(context) {
  return { context, matrix: [NaN, NaN, NaN, NaN, NaN, NaN], alpha: NaN, style: null };
}

function forget(target) {
  target.matrix[0] = NaN;
  target.alpha = NaN;
  target.style = null;
}

function transform(target, a, b, c, d, e, f) {
  const m = target.matrix;
  if (m[0] === a && m[1] === b && m[2] === c && m[3] === d && m[4] === e && m[5] === f) return;
  m[0] = a; m[1] = b; m[2] = c; m[3] = d; m[4] = e; m[5] = f;
  target.context.setTransform(a, b, c, d, e, f);
}

function paint(target, style, alpha) {
  if (target.style !== style) { target.style = style; target.context.fillStyle = style; }
  fade(target, alpha);
}

function fade(target, alpha) {
  if (target.alpha !== alpha) { target.alpha = alpha; target.context.globalAlpha = alpha; }
}

// The sample object's `matrix`, or its `matrix3d` (a layer under a sublayerTransform, which canvasChoice admits
// only without perspective: an affine homography) as [a b c d e f].
function affineOfMatrix3D(m, into) {
  const w = m[15];
  into[0] = m[0] / w; into[1] = m[1] / w; into[2] = m[4] / w; into[3] = m[5] / w;
  into[4] = m[12] / w; into[5] = m[13] / w;
}

// Siblings in the SVG renderer's paint order: by zPosition, ties in plan order (`order`, the layer's index). That
// order is total, so any sort gives the stable sort's result; `scratch` keeps the last frame's order of the same
// list, which an insertion sort puts right in a few moves when some zPositions moved (400 of the 1,000-layer
// scene's roots animate theirs), with a full sort when it would take more.
const before = (l, r) => l.zPosition < r.zPosition || (l.zPosition === r.zPosition && l.order < r.order);
const byDepth = (l, r) => (before(l, r) ? -1 : before(r, l) ? 1 : 0);
function paintOrder(list, scratch) {
  if (list.length < 2) return list;
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = list[i - 1].zPosition <= list[i].zPosition;
  if (sorted) return list;
  if (scratch.source !== list || scratch.length !== list.length) {
    scratch.length = 0;
    for (const layer of list) scratch.push(layer);
    scratch.source = list;
  }
  let moves = 8 * scratch.length;
  for (let i = 1; i < scratch.length; i++) {
    const layer = scratch[i];
    let j = i - 1;
    while (j >= 0 && before(layer, scratch[j])) {
      if (--moves < 0) {
        scratch[j + 1] = layer;
        return scratch.sort(byDepth);
      }
      scratch[j + 1] = scratch[j];
      j--;
    }
    scratch[j + 1] = layer;
  }
  return scratch;
}

// The SVG renderer's `hex` of a colour, made again only when its components change (most layers' colours stand
// still), so that the context is handed the same string as before.
function styleOf(cache, color, hex) {
  if (cache.r !== color[0] || cache.g !== color[1] || cache.b !== color[2]) {
    cache.r = color[0]; cache.g = color[1]; cache.b = color[2];
    cache.style = hex(color);
  }
  return cache.style;
}

/** A renderer into `canvas` with the SVG renderer's interface (`render(sample)`, `resize(width, height)`), and
 * `scale(zoom, devicePixelRatio)`: the canvas's CSS size is the scene's times the zoom, its backing store that
 * times the device pixel ratio, so that it is as sharp as the SVG the page would otherwise show. `module` is the
 * player module and `drawing` the SVG renderer's (Web/scenec-render.js): `renderFrames(player, frames)` draws the
 * player's raw frames (`sampleFrames`) with the same members the sample object would hold, computed by the
 * player's own functions, without building the sample object (most of a frame's script on 1,000 layers). */
export function createCanvasRenderer(canvas, module, drawing) {
  // The SVG renderer's own rules for colours, rectangles and corner radii, and the player's `finite`: the canvas
  // must draw what that renderer draws.
  const { hex, alphaOf, standardized, clampRadius } = drawing;
  const { finite } = module;
  // Desynchronized: Chromium presents the canvas's frames without the main thread's commit, which halved the
  // 1,000-layer page's main-thread work a frame (13–14 → 7.5–7.9 ms, docs/web-player.md, "Performance"); pixels
  // are the same (CanvasRenderTests).
  const main = surface(canvas.getContext("2d", { desynchronized: true }));
  let size = { width: 0, height: 0 };
  let zoom = 1;
  let ratio = 1;
  let base = [1, 1];
  // Offscreen canvases for group opacity, one per nesting depth of groups drawn at once.
  const groups = [];
  // Per plan: a record per layer, the roots, the layers drawn through a sublayerTransform.
  let table = null;

  function scale(newZoom, devicePixelRatio) {
    zoom = newZoom;
    ratio = devicePixelRatio || 1;
    const cssWidth = size.width * zoom;
    const cssHeight = size.height * zoom;
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    canvas.width = Math.max(1, Math.round(cssWidth * ratio));
    canvas.height = Math.max(1, Math.round(cssHeight * ratio));
    base = [size.width > 0 ? canvas.width / size.width : 1, size.height > 0 ? canvas.height / size.height : 1];
    for (const group of groups) {
      group.canvas.width = canvas.width;
      group.canvas.height = canvas.height;
      forget(group.target);
    }
    // A canvas given a size has its context's state reset.
    forget(main);
  }

  function groupContext(depth) {
    if (!groups[depth]) {
      const offscreen = document.createElement("canvas");
      offscreen.width = canvas.width;
      offscreen.height = canvas.height;
      groups[depth] = { canvas: offscreen, target: surface(offscreen.getContext("2d")) };
    }
    const group = groups[depth];
    transform(group.target, 1, 0, 0, 1, 0, 0);
    group.target.context.clearRect(0, 0, group.canvas.width, group.canvas.height);
    return group.target;
  }

  function place(target, m) {
    const sx = base[0];
    const sy = base[1];
    transform(target, sx * m[0], sy * m[1], sx * m[2], sy * m[3], sx * m[4], sy * m[5]);
  }

  // One layer and its sublayers, in Core Animation's order: the background, then (clipped by masksToBounds) the
  // sublayers, then the border on top. Opacity applies to the layer and its sublayers as a group (the SVG
  // renderer's <g opacity>): drawn into an offscreen canvas composited at that opacity, unless the layer draws one
  // primitive and has no sublayers, where multiplying that primitive's alpha is the same.
  function draw(target, layer, depth) {
    const m = layer.matrix;
    if (layer.hidden || !(layer.opacity > 0)) return;
    for (let i = 0; i < 6; i++) if (!Number.isFinite(m[i])) return;
    // LayerProjection.isCulled for an affine map: doubleSided false and the layer mirrored.
    if (!layer.doubleSided && m[0] * m[3] - m[1] * m[2] < 0) return;
    const opacity = Math.min(layer.opacity, 1);
    const children = paintOrder(layer.children, layer.ordered);
    const bounds = standardized(layer.bounds, layer.rectangle);
    const radius = clampRadius(layer.cornerRadius, bounds);
    const hasArea = bounds.width > 0 && bounds.height > 0;
    const background = hasArea && alphaOf(layer.backgroundColor) > 0;
    const border = hasArea && alphaOf(layer.borderColor) > 0 && layer.borderWidth > 0;
    const grouped = opacity < 1 && (children.length > 0 || (background && border));
    const into = grouped ? groupContext(depth) : target;
    const context = into.context;
    const alpha = grouped ? 1 : opacity;
    if (background) {
      place(into, m);
      const color = layer.backgroundColor;
      paint(into, styleOf(layer.backgroundStyle, color, hex), alpha * alphaOf(color));
      if (radius > 0) {
        context.beginPath();
        context.roundRect(bounds.x, bounds.y, bounds.width, bounds.height, radius);
        context.fill();
      } else {
        context.fillRect(bounds.x, bounds.y, bounds.width, bounds.height);
      }
    }
    if (children.length) {
      if (layer.masksToBounds) {
        context.save();
        place(into, m);
        context.beginPath();
        roundedRect(context, bounds, radius);
        context.clip();
      }
      for (const child of children) draw(into, child, depth + (grouped ? 1 : 0));
      if (layer.masksToBounds) {
        context.restore();
        forget(into);
      }
    }
    if (border) {
      const width = layer.borderWidth;
      place(into, m);
      context.beginPath();
      roundedRect(context, bounds, radius);
      const inner = layer.inner;
      inner.x = bounds.x + width;
      inner.y = bounds.y + width;
      inner.width = bounds.width - 2 * width;
      inner.height = bounds.height - 2 * width;
      if (inner.width > 0 && inner.height > 0) {
        roundedRect(context, inner, clampRadius(layer.cornerRadius - width, inner));
      }
      const color = layer.borderColor;
      paint(into, styleOf(layer.borderStyle, color, hex), alpha * alphaOf(color));
      context.fill("evenodd");
    }
    if (grouped) {
      transform(target, 1, 0, 0, 1, 0, 0);
      fade(target, opacity);
      target.context.drawImage(groups[depth].canvas, 0, 0);
    }
  }

  const rootOrder = [];
  function drawRoots(roots) {
    transform(main, 1, 0, 0, 1, 0, 0);
    main.context.clearRect(0, 0, canvas.width, canvas.height);
    for (const layer of paintOrder(roots, rootOrder)) draw(main, layer, 0);
  }

  // A sample object as records (its members are the records' own).
  function render(sample) {
    const byId = new Map();
    const roots = [];
    for (const [order, layer] of sample.layers.entries()) {
      const r = { ...layer, order, children: [], matrix: layer.matrix ?? [0, 0, 0, 0, 0, 0], ...drawingState() };
      if (layer.matrix3d) affineOfMatrix3D(layer.matrix3d, r.matrix);
      byId.set(layer.id, r);
      if (layer.parent === null || layer.parent === undefined) roots.push(r);
      else byId.get(layer.parent)?.children.push(r);
    }
    drawRoots(roots);
  }

  function tableOf(plan) {
    if (table?.plan === plan) return table;
    const layers = plan.layers.map((layer, index) => record(index, layer.id));
    const roots = [];
    plan.layers.forEach((layer, index) => {
      if (layer.parent < 0) roots.push(layers[index]);
      else layers[layer.parent].children.push(layers[index]);
    });
    const through = module.throughSublayerTransform(plan);
    // The layers whose projective map a sublayer's reads: the others' is not made.
    const mapped = plan.layers.map((layer, index) => through[index]);
    plan.layers.forEach((layer, index) => { if (through[index]) mapped[layer.parent] = true; });
    const slots = ["opacity", "hidden", "zPosition", "doubleSided", "masksToBounds", "bounds", "cornerRadius",
      "borderWidth", "backgroundColor", "borderColor"].map((name) => module.SLOTS[name].first);
    // Each layer's affine map into the scene, kept in place: the arrays a frame's products return die young, where
    // arrays kept until the next frame would each survive a scavenge and fill the old generation (a major GC, a
    // pause of 10–20 ms, every few seconds; docs/web-player.md, "Performance").
    const affine = plan.layers.map(() => new Float64Array(6));
    table = { plan, layers, roots, through, mapped, slots, affine, maps: [] };
    return table;
  }

  // The player's frames into the records, as `presentation` (Web/scenec-player.js) computes the sample object's
  // members: the local matrix times the superlayer's, the projective map through a sublayerTransform, each number
  // through `finite`.
  function renderFrames(player, frames) {
    const { localMatrix, concatenate, projectiveLocal, concatenateProjective } = module;
    const { layers, roots, through, mapped, slots, affine, maps } = tableOf(player.plan);
    const [op, hid, z, ds, mtb, bo, cr, bw, bg, bc] = slots;
    player.plan.layers.forEach((layer, index) => {
      const v = frames[index].values;
      const r = layers[index];
      const local = localMatrix(v);
      affine[index].set(layer.parent < 0 ? local : concatenate(local, affine[layer.parent]));
      if (through[index]) {
        const parentMap = maps[layer.parent];
        maps[index] = concatenateProjective(projectiveLocal(v, frames[layer.parent].values, null), parentMap);
        const h = maps[index].map(finite);
        r.matrix[0] = h[0] / h[8]; r.matrix[1] = h[1] / h[8]; r.matrix[2] = h[3] / h[8];
        r.matrix[3] = h[4] / h[8]; r.matrix[4] = h[6] / h[8]; r.matrix[5] = h[7] / h[8];
      } else {
        const m = affine[index];
        if (mapped[index]) maps[index] = [m[0], m[1], 0, m[2], m[3], 0, m[4], m[5], 1];
        for (let i = 0; i < 6; i++) r.matrix[i] = finite(m[i]);
      }
      r.opacity = finite(v[op]);
      r.hidden = v[hid] >= 0.5;
      r.zPosition = finite(v[z]);
      r.doubleSided = v[ds] >= 0.5;
      r.masksToBounds = v[mtb] >= 0.5;
      for (let i = 0; i < 4; i++) {
        r.bounds[i] = finite(v[bo + i]);
        r.backgroundColor[i] = finite(v[bg + i]);
        r.borderColor[i] = finite(v[bc + i]);
      }
      r.cornerRadius = finite(v[cr]);
      r.borderWidth = finite(v[bw]);
    });
    drawRoots(roots);
  }

  return {
    render,
    renderFrames,
    resize(width, height) { size = { width, height }; scale(zoom, ratio); },
    scale,
  };
}
