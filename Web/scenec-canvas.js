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

// `#rrggbb` with each channel rounded to 8 bits, as the exporter and the SVG renderer write it.
function hex(color) {
  const byte = (x) => Math.round(Math.min(Math.max(x, 0), 1) * 255).toString(16).padStart(2, "0");
  return "#" + byte(color[0]) + byte(color[1]) + byte(color[2]);
}
const alphaOf = (color) => Math.min(Math.max(color[3], 0), 1);

function standardized([x, y, w, h]) {
  return { x: w < 0 ? x + w : x, y: h < 0 ? y + h : y, width: Math.abs(w), height: Math.abs(h) };
}
const clampRadius = (r, rect) => Math.max(0, Math.min(r, Math.min(rect.width, rect.height) / 2));

// The rounded rectangle of the SVG renderer's roundedRectPath: the same corners, quarter circles clockwise.
function roundedRect(context, r, radius) {
  const [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
  if (radius <= 0) {
    context.moveTo(x0, y0); context.lineTo(x1, y0); context.lineTo(x1, y1); context.lineTo(x0, y1);
    context.closePath();
    return;
  }
  const quarter = Math.PI / 2;
  context.moveTo(x0 + radius, y0);
  context.lineTo(x1 - radius, y0);
  context.arc(x1 - radius, y0 + radius, radius, -quarter, 0);
  context.lineTo(x1, y1 - radius);
  context.arc(x1 - radius, y1 - radius, radius, 0, quarter);
  context.lineTo(x0 + radius, y1);
  context.arc(x0 + radius, y1 - radius, radius, quarter, 2 * quarter);
  context.lineTo(x0, y0 + radius);
  context.arc(x0 + radius, y0 + radius, radius, 2 * quarter, 3 * quarter);
  context.closePath();
}

// The sample's map into the scene as [a b c d e f]: `matrix`, or `matrix3d` (a layer under a sublayerTransform,
// which canvasChoice admits only without perspective, so its homography is affine).
function sceneMatrix(layer) {
  if (layer.matrix) return layer.matrix;
  const m = layer.matrix3d;
  return [m[0] / m[15], m[1] / m[15], m[4] / m[15], m[5] / m[15], m[12] / m[15], m[13] / m[15]];
}

// Siblings in the SVG renderer's paint order: by zPosition, ties in plan order (a stable sort).
function paintOrder(list) {
  if (list.length < 2) return list;
  return list.map((layer, offset) => ({ layer, offset }))
    .sort((l, r) => (l.layer.zPosition !== r.layer.zPosition ? l.layer.zPosition - r.layer.zPosition : l.offset - r.offset))
    .map((entry) => entry.layer);
}

/** A renderer into `canvas` with the SVG renderer's interface (`render(sample)`, `resize(width, height)`), and
 * `scale(zoom, devicePixelRatio)`: the canvas's CSS size is the scene's times the zoom, its backing store that
 * times the device pixel ratio, so that it is as sharp as the SVG the page would otherwise show. */
export function createCanvasRenderer(canvas) {
  const context = canvas.getContext("2d");
  let size = { width: 0, height: 0 };
  let zoom = 1;
  let ratio = 1;
  let base = [1, 1];
  // Offscreen canvases for group opacity, one per nesting depth of groups drawn at once.
  const groups = [];

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
    for (const group of groups) { group.canvas.width = canvas.width; group.canvas.height = canvas.height; }
  }

  function groupContext(depth) {
    if (!groups[depth]) {
      const offscreen = document.createElement("canvas");
      offscreen.width = canvas.width;
      offscreen.height = canvas.height;
      groups[depth] = { canvas: offscreen, context: offscreen.getContext("2d") };
    }
    const group = groups[depth];
    group.context.setTransform(1, 0, 0, 1, 0, 0);
    group.context.clearRect(0, 0, group.canvas.width, group.canvas.height);
    return group.context;
  }

  function place(target, m) {
    const [sx, sy] = base;
    target.setTransform(sx * m[0], sy * m[1], sx * m[2], sy * m[3], sx * m[4], sy * m[5]);
  }

  function fill(target, color, alpha, rule) {
    target.fillStyle = hex(color);
    target.globalAlpha = alpha * alphaOf(color);
    target.fill(rule);
  }

  // One layer and its sublayers, in Core Animation's order: the background, then (clipped by masksToBounds) the
  // sublayers, then the border on top. Opacity applies to the layer and its sublayers as a group (the SVG
  // renderer's <g opacity>): drawn into an offscreen canvas composited at that opacity, unless the layer draws one
  // primitive and has no sublayers, where multiplying that primitive's alpha is the same.
  function draw(target, layer, tree, depth) {
    const m = sceneMatrix(layer);
    if (layer.hidden || !(layer.opacity > 0) || !m.every(Number.isFinite)) return;
    // LayerProjection.isCulled for an affine map: doubleSided false and the layer mirrored.
    if (layer.doubleSided === false && m[0] * m[3] - m[1] * m[2] < 0) return;
    const opacity = Math.min(layer.opacity, 1);
    const children = paintOrder(tree.get(layer.id) ?? []);
    const bounds = standardized(layer.bounds);
    const radius = clampRadius(layer.cornerRadius, bounds);
    const hasArea = bounds.width > 0 && bounds.height > 0;
    const background = hasArea && alphaOf(layer.backgroundColor) > 0;
    const border = hasArea && alphaOf(layer.borderColor) > 0 && layer.borderWidth > 0;
    const grouped = opacity < 1 && (children.length > 0 || (background && border));
    const into = grouped ? groupContext(depth) : target;
    const alpha = grouped ? 1 : opacity;
    if (background) {
      place(into, m);
      into.beginPath();
      roundedRect(into, bounds, radius);
      fill(into, layer.backgroundColor, alpha);
    }
    if (children.length) {
      if (layer.masksToBounds) {
        into.save();
        place(into, m);
        into.beginPath();
        roundedRect(into, bounds, radius);
        into.clip();
      }
      for (const child of children) draw(into, child, tree, depth + (grouped ? 1 : 0));
      if (layer.masksToBounds) into.restore();
    }
    if (border) {
      const width = layer.borderWidth;
      place(into, m);
      into.beginPath();
      roundedRect(into, bounds, radius);
      const inner = { x: bounds.x + width, y: bounds.y + width,
        width: bounds.width - 2 * width, height: bounds.height - 2 * width };
      if (inner.width > 0 && inner.height > 0) roundedRect(into, inner, clampRadius(layer.cornerRadius - width, inner));
      fill(into, layer.borderColor, alpha, "evenodd");
    }
    if (grouped) {
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.globalAlpha = opacity;
      target.drawImage(groups[depth].canvas, 0, 0);
    }
  }

  function render(sample) {
    const tree = new Map();
    const roots = [];
    for (const layer of sample.layers) {
      if (layer.parent === null || layer.parent === undefined) { roots.push(layer); continue; }
      let list = tree.get(layer.parent);
      if (!list) { list = []; tree.set(layer.parent, list); }
      list.push(layer);
    }
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.globalAlpha = 1;
    context.clearRect(0, 0, canvas.width, canvas.height);
    for (const layer of paintOrder(roots)) draw(context, layer, tree, 0);
  }

  return {
    render,
    resize(width, height) { size = { width, height }; scale(zoom, ratio); },
    scale,
  };
}
