// Draws one sample of `scenec sample` (one element of its `samples` array) into an SVG element, with the visual
// semantics of `scenec export svg` (Sources/SceneExport/SVGExporter.swift). The elements of a layer are made once
// and their attributes updated each frame, so a playing preview allocates nothing per frame once warm.
// No dependencies, no build step: an ES module (docs/web-player.md).

const SVG = "http://www.w3.org/2000/svg";

const WEIGHTS = {
  ultraLight: "100", thin: "200", light: "300", regular: "400", medium: "500",
  semibold: "600", bold: "700", heavy: "800", black: "900",
};

function fontFamily(family) {
  if (family === "system") return "system-ui, -apple-system, Helvetica Neue, Helvetica, Arial, sans-serif";
  return family.includes(",") ? family : `${family}, sans-serif`;
}

// What the canvas renderer (Web/scenec-canvas.js) draws by the same rules, exported for it.
// `#rrggbb` with each channel rounded to 8 bits, as the exporter writes it, and the alpha clamped to 0…1.
const BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const byte = (x) => BYTES[Math.round(Math.min(Math.max(x, 0), 1) * 255)];
export const hex = (color) => "#" + byte(color[0]) + byte(color[1]) + byte(color[2]);
export const alphaOf = (color) => Math.min(Math.max(color[3], 0), 1);

// `into` is the canvas renderer's rectangle kept per layer, filled instead of a new object each frame.
export function standardized([x, y, w, h], into = {}) {
  into.x = w < 0 ? x + w : x;
  into.y = h < 0 ? y + h : y;
  into.width = Math.abs(w);
  into.height = Math.abs(h);
  return into;
}
export const clampRadius = (r, rect) => Math.max(0, Math.min(r, Math.min(rect.width, rect.height) / 2));

function roundedRectPath(r, radius) {
  const [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
  if (radius <= 0) return `M${x0} ${y0} H${x1} V${y1} H${x0} Z`;
  const arc = `A${radius} ${radius} 0 0 1`;
  return `M${x0 + radius} ${y0} H${x1 - radius} ${arc} ${x1} ${y0 + radius} V${y1 - radius} ${arc} ${x1 - radius} ${y1} `
    + `H${x0 + radius} ${arc} ${x0} ${y1 - radius} V${y0 + radius} ${arc} ${x0 + radius} ${y0} Z`;
}

// 4×4 matrices in CATransform3D's convention (row vectors, p' = p · M, row-major), as SceneCore's Transform3D.
function concat(m, n) {
  return concatInto(m, n, new Array(16));
}
const translate3D = (x, y, z) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
const scale3D = (x, y, z) => [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1];
function cosineAndSine(angle) {
  // Quarter turns exactly, as the Swift runtime's exactCosineAndSine, so that 90° leaves no 6e-17 shear.
  const quarter = angle / (Math.PI / 2);
  if (Number.isInteger(quarter)) return [[1, 0], [0, 1], [-1, 0], [0, -1]][((quarter % 4) + 4) % 4];
  return [Math.cos(angle), Math.sin(angle)];
}
function rotate3D(axis, angle) {
  const [c, s] = cosineAndSine(angle);
  if (axis === 0) return [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1];
  if (axis === 1) return [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1];
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

// A layer's matrix into its superlayer from the two matrices into the scene: m · parent⁻¹; null when the parent's
// is singular.
function inParent(m, parent) {
  const [a, b, c, d, e, f] = parent;
  const det = a * d - b * c;
  if (!det || !Number.isFinite(det)) return null;
  const inverse = [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
  return [
    m[0] * inverse[0] + m[1] * inverse[2], m[0] * inverse[1] + m[1] * inverse[3],
    m[2] * inverse[0] + m[3] * inverse[2], m[2] * inverse[1] + m[3] * inverse[3],
    m[4] * inverse[0] + m[5] * inverse[2] + inverse[4], m[4] * inverse[1] + m[5] * inverse[3] + inverse[5],
  ];
}

// A copy's own modulation colour: its sample's over its replicator's (a factor of 0 multiplies everything to 0).
function ownModulation(layer, replicator) {
  const outer = replicator.modulationColor ?? [1, 1, 1, 1];
  return (layer.modulationColor ?? [1, 1, 1, 1]).map((c, i) => (outer[i] ? c / outer[i] : 1));
}

// A layer's own matrix into its superlayer (the sample's `matrix` is the product down the tree, into the scene):
// LayerMatrix.local — translation · rotation z, y, x · scale about the anchor point, x/y rotations projected
// orthographically — as SVG's [a b c d e f]. The products go through two scratch buffers (every layer, every
// frame: seven arrays saved a layer).
const PRODUCTS = [new Float64Array(16), new Float64Array(16)];
function concatInto(m, n, product) {
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 4; column++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += m[row * 4 + k] * n[k * 4 + column];
      product[row * 4 + column] = sum;
    }
  }
  return product;
}
function localMatrix(layer) {
  const [bx, by, bw, bh] = layer.bounds;
  const ax = bx + layer.anchorPoint[0] * bw;
  const ay = by + layer.anchorPoint[1] * bh;
  const { translation: t, rotation: r, scale: k } = layer.transform;
  const [one, other] = PRODUCTS;
  let m = concatInto(translate3D(-ax, -ay, 0), scale3D(k[0], k[1], k[2]), one);
  m = concatInto(m, rotate3D(2, r[2]), other);
  m = concatInto(m, rotate3D(1, r[1]), one);
  m = concatInto(m, rotate3D(0, r[0]), other);
  m = concatInto(m, translate3D(t[0], t[1], t[2]), one);
  m = concatInto(m, translate3D(layer.position[0], layer.position[1], 0), other);
  return [m[0], m[1], m[4], m[5], m[12], m[13]];
}

// A layer drawn through its superlayer's sublayerTransform: its map into the superlayer's plane, as a 4×4 for CSS's
// matrix3d() (LayerProjection.local: the layer's own 4×4, then T(−A_S) · sublayerTransform · T(A_S), the
// superlayer's anchor point A_S; CSS flattens it into the superlayer's plane as Core Animation does).
function decomposed({ translation: t, rotation: r, scale: k }, m34) {
  let m = concat(scale3D(k[0], k[1], k[2]), rotate3D(2, r[2]));
  m = concat(m, rotate3D(1, r[1]));
  m = concat(m, rotate3D(0, r[0]));
  m = concat(m, translate3D(t[0], t[1], t[2]));
  if (m34) m = concat(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, m34, 0, 0, 0, 1]);
  return m;
}
const anchorOf = (layer) => [layer.bounds[0] + layer.anchorPoint[0] * layer.bounds[2],
  layer.bounds[1] + layer.anchorPoint[1] * layer.bounds[3]];
function projectedMatrix(layer, superlayer) {
  const [ax, ay] = anchorOf(layer);
  let m = concat(translate3D(-ax, -ay, 0), decomposed(layer.transform, 0));
  m = concat(m, translate3D(layer.position[0], layer.position[1], layer.zPosition));
  const [sx, sy] = anchorOf(superlayer);
  const s = superlayer.sublayerTransform;
  m = concat(m, translate3D(-sx, -sy, 0));
  m = concat(m, decomposed(s, s.m34));
  return concat(m, translate3D(sx, sy, 0));
}

// The sample's map into the scene as a homography [m11 m12 m14 m21 m22 m24 m41 m42 m44].
function sceneMap(layer) {
  const m = layer.matrix3d;
  if (m) return [m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]];
  const [a, b, c, d, e, f] = layer.matrix;
  return [a, b, 0, c, d, 0, e, f, 1];
}

// A replicator's copy seen through a sublayerTransform: its map into the replicator's plane, the copy's map into
// the scene times the inverse of the replicator's (homographies), as a matrix3d with the identity's z row and
// column: exact for a flat layer, since CSS flattens into the replicator's plane as Core Animation does. Not a
// number when the replicator's map cannot be inverted (the copy is then not drawn).
function copyProjection(layer, replicator) {
  const h = sceneMap(layer);
  const r = sceneMap(replicator);
  const cofactor = [
    r[4] * r[8] - r[5] * r[7], r[2] * r[7] - r[1] * r[8], r[1] * r[5] - r[2] * r[4],
    r[5] * r[6] - r[3] * r[8], r[0] * r[8] - r[2] * r[6], r[2] * r[3] - r[0] * r[5],
    r[3] * r[7] - r[4] * r[6], r[1] * r[6] - r[0] * r[7], r[0] * r[4] - r[1] * r[3],
  ];
  const det = r[0] * cofactor[0] + r[1] * cofactor[3] + r[2] * cofactor[6];
  const inverse = cofactor.map((c) => (det ? c / det : NaN));
  const m = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      m.push(h[row * 3] * inverse[column] + h[row * 3 + 1] * inverse[3 + column] + h[row * 3 + 2] * inverse[6 + column]);
    }
  }
  return [m[0], m[1], 0, m[2], m[3], m[4], 0, m[5], 0, 0, 1, 0, m[6], m[7], 0, m[8]];
}

// A homography's affine part at its weight (the filter region of a tinted copy seen in perspective: approximate).
function affineOf(h) {
  return [h[0] / h[8], h[1] / h[8], h[3] / h[8], h[4] / h[8], h[6] / h[8], h[7] / h[8]];
}

// LayerProjection.isCulled: doubleSided false and the map mirrors the layer at the centre of its bounds.
function isCulled(layer, h) {
  if (layer.doubleSided !== false) return false;
  const x = layer.bounds[0] + layer.bounds[2] / 2;
  const y = layer.bounds[1] + layer.bounds[3] / 2;
  const det = h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6])
    + h[2] * (h[3] * h[7] - h[4] * h[6]);
  return det * (x * h[2] + y * h[5] + h[8]) < 0;
}

// Each element remembers what `set` last wrote to it (null: removed), so that a frame compares with that instead
// of asking the DOM for every attribute of every layer (1,000 layers: tens of thousands of getAttribute calls);
// only `set` writes these attributes.
function set(element, name, value) {
  const written = element.scenecWritten ?? (element.scenecWritten = {});
  if (value === null || value === undefined) {
    if (written[name] === null) return;
    written[name] = null;
    element.removeAttribute(name);
  } else {
    const text = String(value);
    if (written[name] === text) return;
    written[name] = text;
    element.setAttribute(name, text);
  }
}

function make(name, parent) {
  const element = document.createElementNS(SVG, name);
  if (parent) parent.appendChild(element);
  return element;
}

// The elements of one layer, in Core Animation's order: the shadow, the background, then (clipped by
// masksToBounds) the content and the sublayers, then the border on top. `body` holds all but a shadowPath's
// shadow, and carries the filter that casts the shadow of its alpha; `shadowed` clips both with masksToBounds.
class LayerNode {
  constructor(key, type) {
    this.key = key;
    this.type = type;
    this.group = make("g");
    this.shadowed = make("g", this.group);
    this.shadowPath = make("path", this.shadowed);
    this.body = make("g", this.shadowed);
    this.background = make("rect", this.body);
    this.clipped = make("g", this.body);
    if (type === "shape") {
      this.fill = make("path", this.clipped);
      this.stroke = make("path", this.clipped);
      set(this.stroke, "fill", "none");
    } else if (type === "text") {
      this.text = make("text", this.clipped);
      this.text.setAttributeNS("http://www.w3.org/XML/1998/namespace", "xml:space", "preserve");
    } else if (type === "gradient") {
      // Axial and radial: the rounded bounds filled with an SVG gradient (its element in `defs`, made when the
      // type first needs it); conic, which SVG lacks: a CSS conic-gradient in a foreignObject, exact.
      this.fill = make("path", this.clipped);
      this.paint = null;
      this.conic = make("foreignObject", this.clipped);
      this.conicBox = document.createElementNS("http://www.w3.org/1999/xhtml", "div");
      this.conicBox.style.width = "100%";
      this.conicBox.style.height = "100%";
      this.conic.appendChild(this.conicBox);
    }
    this.sublayers = make("g", this.clipped);
    this.border = make("path", this.body);
    set(this.border, "fill-rule", "evenodd");
    this.clipPath = null;
    this.mask = null;
    this.shadowFilter = null;
    this.blurFilter = null;
    this.shadowClip = null;
    this.projected = null;
  }

  // The wrapper of a layer drawn through its superlayer's sublayerTransform: an HTML box inside the superlayer's
  // SVG, transformed by CSS matrix3d() (SVG has no projective transforms), holding an SVG for the layer itself.
  wrapper() {
    if (!this.projected) {
      const object = make("foreignObject");
      set(object, "x", 0); set(object, "y", 0); set(object, "width", 1); set(object, "height", 1);
      object.style.overflow = "visible";
      // An HTML element (the page is HTML): the box CSS transforms in 3-D.
      const box = document.createElement("div");
      box.style.cssText = "position:absolute;left:0;top:0;width:0;height:0;transform-origin:0 0;";
      object.appendChild(box);
      const inner = make("svg", box);
      set(inner, "width", 1); set(inner, "height", 1);
      inner.style.cssText = "position:absolute;left:0;top:0;overflow:visible;";
      this.projected = { object, box, inner, transform: "" };
    }
    if (this.group.parentNode !== this.projected.inner) this.projected.inner.appendChild(this.group);
    return this.projected;
  }

  // The element the superlayer arranges: the wrapper when there is one in use, else the group.
  unwrap() {
    if (this.projected && this.group.parentNode === this.projected.inner) {
      this.projected.object.remove();
      this.projected = null;
    }
  }
}

let renderers = 0;

export function createRenderer(svg, options = {}) {
  const prefix = `scenec${renderers++}-`;
  const defs = make("defs", svg);
  const root = make("g", svg);
  const nodes = new Map();
  let seen = new Set();
  let size = { width: options.width ?? 0, height: options.height ?? 0 };

  function node(key, layer) {
    let found = nodes.get(key);
    if (!found || found.type !== layer.type) {
      if (found) found.group.remove();
      found = new LayerNode(key, layer.type);
      nodes.set(key, found);
    }
    seen.add(key);
    return found;
  }

  function paint(element, attribute, color, white) {
    const alpha = alphaOf(color);
    set(element, attribute, white ? "#ffffff" : hex(color));
    set(element, `${attribute}-opacity`, alpha < 1 ? alpha : null);
  }

  function drawShape(n, layer, white) {
    const fillVisible = alphaOf(layer.fillColor) > 0 && layer.path;
    set(n.fill, "display", fillVisible ? null : "none");
    if (fillVisible) {
      set(n.fill, "d", layer.path);
      paint(n.fill, "fill", layer.fillColor, white);
      set(n.fill, "fill-rule", layer.fillRule === "evenOdd" ? "evenodd" : null);
    }
    const strokes = alphaOf(layer.strokeColor) > 0 && layer.lineWidth > 0 && layer.path;
    const start = Math.min(Math.max(layer.strokeStart, 0), 1);
    const end = Math.min(Math.max(layer.strokeEnd, 0), 1);
    const visible = strokes && end > start;
    set(n.stroke, "display", visible ? null : "none");
    if (!visible) return;
    const s = n.stroke;
    set(s, "d", layer.path);
    paint(s, "stroke", layer.strokeColor, white);
    set(s, "stroke-width", layer.lineWidth);
    set(s, "stroke-linecap", layer.lineCap === "butt" ? null : layer.lineCap);
    set(s, "stroke-linejoin", layer.lineJoin === "miter" ? null : layer.lineJoin);
    set(s, "stroke-miterlimit", layer.lineJoin === "miter" ? Math.max(layer.miterLimit, 1) : null);
    let dashes = layer.lineDashPattern ?? [];
    if (dashes.length % 2 === 1) dashes = dashes.concat(dashes);
    const dashed = dashes.length > 0 && dashes.every((d) => d >= 0) && dashes.some((d) => d > 0);
    const trimmed = start > 0 || end < 1;
    if (!trimmed) {
      set(s, "stroke-dasharray", dashed ? dashes.join(" ") : null);
      set(s, "stroke-dashoffset", dashed && layer.lineDashPhase !== 0 ? layer.lineDashPhase : null);
      return;
    }
    // strokeStart/End by arc length, as the exporter trims the path: the visible stretch is one dash (or the
    // dash pattern laid from the trimmed start) followed by a gap longer than the path.
    const total = s.getTotalLength();
    const from = start * total;
    const length = (end - start) * total;
    let list;
    if (!dashed) {
      list = [length, total + 1];
    } else {
      list = [];
      const period = dashes.reduce((a, b) => a + b, 0);
      let phase = ((layer.lineDashPhase % period) + period) % period;
      let index = 0;
      while (phase >= dashes[index]) { phase -= dashes[index]; index = (index + 1) % dashes.length; }
      let position = 0;
      let first = dashes[index] - phase;
      if (index % 2 === 1) { list.push(0); }
      while (position < length && list.length < 10000) {
        const piece = Math.min(first, length - position);
        list.push(piece);
        position += piece;
        index = (index + 1) % dashes.length;
        first = dashes[index];
      }
      if (list.length % 2 === 1) list.push(total + 1); else list[list.length - 1] += total + 1;
    }
    set(s, "stroke-dasharray", list.join(" "));
    set(s, "stroke-dashoffset", -from);
  }

  // CAGradientLayer as SVGExporter+Gradient.swift reads it: start/end points in unit coordinates of the bounds;
  // radial: an ellipse at the start point, half axes the start-to-end distances; conic: centred on the start
  // point, location 0 towards the end point, clockwise through a full turn.
  function drawGradient(n, layer, white) {
    const bounds = standardized(layer.bounds);
    const stops = [];
    let running = 0;
    layer.locations.forEach((location, i) => {
      running = Math.max(running, Math.min(Math.max(location, 0), 1));
      stops.push({ offset: running, color: layer.colors[i] });
    });
    const visible = bounds.width > 0 && bounds.height > 0 && stops.some((s) => alphaOf(s.color) > 0);
    const conic = layer.gradientType === "conic";
    set(n.fill, "display", visible && !conic ? null : "none");
    set(n.conic, "display", visible && conic ? null : "none");
    if (!visible) return;
    const [bx, by, bw, bh] = layer.bounds;
    const start = [bx + layer.startPoint[0] * bw, by + layer.startPoint[1] * bh];
    const end = [bx + layer.endPoint[0] * bw, by + layer.endPoint[1] * bh];
    const radius = clampRadius(layer.cornerRadius, bounds);
    if (conic) {
      set(n.conic, "x", bounds.x); set(n.conic, "y", bounds.y);
      set(n.conic, "width", bounds.width); set(n.conic, "height", bounds.height);
      const angle = end[0] === start[0] && end[1] === start[1] ? 0 : Math.atan2(end[1] - start[1], end[0] - start[0]);
      // CSS measures from 12 o'clock, clockwise; CA's location 0 points along start → end.
      const from = angle * 180 / Math.PI + 90;
      const css = stops.map(({ offset, color }) => {
        const c = white ? [1, 1, 1, color[3]] : color;
        const byte = (x) => Math.round(Math.min(Math.max(x, 0), 1) * 255);
        return `rgba(${byte(c[0])}, ${byte(c[1])}, ${byte(c[2])}, ${alphaOf(c)}) ${offset * 100}%`;
      });
      const at = `${start[0] - bounds.x}px ${start[1] - bounds.y}px`;
      const background = `conic-gradient(from ${from}deg at ${at}, ${css.join(", ")})`;
      if (n.conicBox.style.background !== background) n.conicBox.style.background = background;
      n.conicBox.style.borderRadius = radius > 0 ? `${radius}px` : "";
      return;
    }
    const kind = layer.gradientType === "radial" ? "radialGradient" : "linearGradient";
    if (!n.paint || n.paint.localName !== kind) {
      n.paint?.remove();
      n.paint = make(kind, defs);
      n.paint.id = prefix + "gradient-" + nodes.size + "-" + n.key.replace(/[^A-Za-z0-9_-]/g, "_");
      set(n.paint, "gradientUnits", "userSpaceOnUse");
    }
    const p = n.paint;
    if (kind === "linearGradient") {
      set(p, "x1", start[0]); set(p, "y1", start[1]); set(p, "x2", end[0]); set(p, "y2", end[1]);
    } else {
      // A unit circle mapped onto the ellipse; a vanishing axis kept just above 0, as the exporter does.
      const rx = Math.max(Math.abs(end[0] - start[0]), 1e-9);
      const ry = Math.max(Math.abs(end[1] - start[1]), 1e-9);
      set(p, "cx", 0); set(p, "cy", 0); set(p, "r", 1);
      set(p, "gradientTransform", `matrix(${rx} 0 0 ${ry} ${start[0]} ${start[1]})`);
    }
    while (p.childNodes.length > stops.length) p.lastChild.remove();
    while (p.childNodes.length < stops.length) make("stop", p);
    stops.forEach(({ offset, color }, i) => {
      set(p.childNodes[i], "offset", offset);
      set(p.childNodes[i], "stop-color", white ? "#ffffff" : hex(color));
      set(p.childNodes[i], "stop-opacity", alphaOf(color) < 1 ? alphaOf(color) : null);
    });
    set(n.fill, "d", roundedRectPath(bounds, radius));
    set(n.fill, "fill", `url(#${p.id})`);
  }

  function drawText(n, layer, white) {
    const visible = layer.string && alphaOf(layer.foregroundColor) > 0 && layer.fontSize > 0;
    set(n.text, "display", visible ? null : "none");
    if (!visible) return;
    const t = n.text;
    const bounds = standardized(layer.bounds);
    const mode = layer.alignmentMode;
    const x = mode === "center" ? bounds.x + bounds.width / 2 : mode === "right" ? bounds.x + bounds.width : bounds.x;
    set(t, "font-family", fontFamily(layer.font.family));
    set(t, "font-weight", WEIGHTS[layer.font.weight] ?? "400");
    set(t, "font-size", layer.fontSize);
    set(t, "text-anchor", mode === "center" ? "middle" : mode === "right" ? "end" : null);
    paint(t, "fill", layer.foregroundColor, white);
    const lines = layer.string.split("\n");
    while (t.childNodes.length > lines.length) t.lastChild.remove();
    while (t.childNodes.length < lines.length) make("tspan", t);
    lines.forEach((line, number) => {
      const span = t.childNodes[number];
      set(span, "x", x);
      // The first baseline 0.8 × fontSize below the top of the bounds, lines 1.2 × fontSize apart.
      set(span, "y", bounds.y + 0.8 * layer.fontSize + number * 1.2 * layer.fontSize);
      if (span.textContent !== line) span.textContent = line;
    });
  }

  // The canvas (with a 1-unit margin) mapped into a layer's coordinates: the mask region, so nothing visible is
  // cut by the mask's own extent.
  function canvasIn(matrix) {
    if (matrix.length === 16) return projectiveCanvasIn(matrix);
    const [a, b, c, d, e, f] = matrix;
    const det = a * d - b * c;
    const { width: w, height: h } = size;
    if (!det) return { x: -1, y: -1, width: w + 2, height: h + 2 };
    const invert = ([x, y]) => [(d * (x - e) - c * (y - f)) / det, (-b * (x - e) + a * (y - f)) / det];
    const corners = [[-1, -1], [w + 1, -1], [w + 1, h + 1], [-1, h + 1]].map(invert);
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs),
      height: Math.max(...ys) - Math.min(...ys) };
  }

  // canvasIn for a projective map: the canvas corners through the inverse homography, or (a corner behind the
  // eye) a region large enough for anything drawn.
  function projectiveCanvasIn(m) {
    const [a, b, p, c, d, q, e, f, r] = [m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]];
    // The adjugate of [[a b p] [c d q] [e f r]]: the inverse up to a factor, which the divide removes.
    const inv = [d * r - q * f, p * f - b * r, b * q - p * d, q * e - c * r, a * r - p * e, p * c - a * q,
      c * f - d * e, b * e - a * f, a * d - b * c];
    const { width: w, height: h } = size;
    const huge = { x: -1e6, y: -1e6, width: 2e6, height: 2e6 };
    const corners = [];
    let sign = 0;
    for (const [x, y] of [[-1, -1], [w + 1, -1], [w + 1, h + 1], [-1, h + 1]]) {
      const X = x * inv[0] + y * inv[3] + inv[6], Y = x * inv[1] + y * inv[4] + inv[7];
      const W = x * inv[2] + y * inv[5] + inv[8];
      // A corner on or across the horizon: the canvas is unbounded in the layer's plane.
      if (!(W * (sign || Math.sign(W)) > 0)) return huge;
      sign = Math.sign(W);
      corners.push([X / W, Y / W]);
    }
    const xs = corners.map((pt) => pt[0]);
    const ys = corners.map((pt) => pt[1]);
    if (![...xs, ...ys].every(Number.isFinite)) return huge;
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs),
      height: Math.max(...ys) - Math.min(...ys) };
  }

  // A definition of this renderer (a clip, a mask, a filter) for node `n`, made once.
  function definition(name, kind, key) {
    const element = make(name, defs);
    element.id = prefix + kind + "-" + nodes.size + "-" + key.replace(/[^A-Za-z0-9_-]/g, "_");
    return element;
  }

  // A filter whose region is the canvas seen from the layer, with the given primitives (made once per node).
  function filterFor(n, which, layer, primitives) {
    if (!n[which]) {
      n[which] = definition("filter", which, n.key);
      set(n[which], "filterUnits", "userSpaceOnUse");
      set(n[which], "color-interpolation-filters", "sRGB");
      for (const [name, attributes] of primitives) {
        const element = make(name, n[which]);
        for (const [attribute, value] of Object.entries(attributes)) set(element, attribute, value);
        if (name === "feMerge") { make("feMergeNode", element); set(make("feMergeNode", element), "in", "SourceGraphic"); }
      }
    }
    const region = canvasIn(layer.matrix ?? layer.matrix3d);
    set(n[which], "x", region.x); set(n[which], "y", region.y);
    set(n[which], "width", region.width); set(n[which], "height", region.height);
    return n[which];
  }

  // The shadow as the exporter draws it (SVGExporter+Shadow.swift): of the layer's alpha (or of shadowPath,
  // filled), blurred with σ = shadowRadius, moved by shadowOffset, coloured shadowColor × shadowOpacity, beneath
  // the layer; clipped by masksToBounds.
  function drawShadow(n, layer, key, bounds, radius, white) {
    const alpha = Math.min(Math.max(layer.shadowOpacity, 0), 1) * alphaOf(layer.shadowColor);
    const blur = Math.max(layer.shadowRadius, 0);
    const [dx, dy] = layer.shadowOffset;
    const flood = white ? "#ffffff" : hex(layer.shadowColor);
    const byPath = alpha > 0 && layer.shadowPath !== null && layer.shadowPath !== "";
    const byAlpha = alpha > 0 && layer.shadowPath === null;
    set(n.shadowPath, "display", byPath ? null : "none");
    if (byPath) {
      set(n.shadowPath, "d", layer.shadowPath);
      set(n.shadowPath, "transform", dx || dy ? `translate(${dx} ${dy})` : null);
      set(n.shadowPath, "fill", flood);
      set(n.shadowPath, "fill-opacity", alpha < 1 ? alpha : null);
      if (blur > 0) {
        const filter = filterFor(n, "blurFilter", layer, [["feGaussianBlur", {}]]);
        set(filter.firstChild, "stdDeviation", blur);
        set(n.shadowPath, "filter", `url(#${filter.id})`);
      } else {
        set(n.shadowPath, "filter", null);
      }
    }
    if (byAlpha) {
      const filter = filterFor(n, "shadowFilter", layer, [
        ["feGaussianBlur", { in: "SourceAlpha" }], ["feOffset", { result: "cast" }], ["feFlood", {}],
        ["feComposite", { in2: "cast", operator: "in" }], ["feMerge", {}],
      ]);
      const [gaussian, offset, floodElement] = filter.childNodes;
      // A zero deviation would blank the input in SVG 1.1 renderers: the offset reads the alpha directly instead.
      set(gaussian, "stdDeviation", blur > 0 ? blur : null);
      set(gaussian, "result", blur > 0 ? null : "unused");
      set(offset, "in", blur > 0 ? null : "SourceAlpha");
      set(offset, "dx", dx); set(offset, "dy", dy);
      set(floodElement, "flood-color", flood);
      set(floodElement, "flood-opacity", alpha < 1 ? alpha : null);
      set(n.body, "filter", `url(#${filter.id})`);
    } else {
      set(n.body, "filter", null);
    }
    if ((byPath || byAlpha) && layer.masksToBounds) {
      if (!n.shadowClip) { n.shadowClip = definition("clipPath", "shadow-clip", key); make("path", n.shadowClip); }
      set(n.shadowClip.firstChild, "d", roundedRectPath(bounds, radius));
      set(n.shadowed, "clip-path", `url(#${n.shadowClip.id})`);
    } else {
      set(n.shadowed, "clip-path", null);
    }
  }

  function paintOrder(list) {
    // Most layers have no sublayers or one: nothing to sort (and three arrays a frame saved per layer).
    if (list.length < 2) return list;
    return list.map((layer, offset) => ({ layer, offset }))
      .sort((l, r) => l.layer.zPosition !== r.layer.zPosition ? l.layer.zPosition - r.layer.zPosition : l.offset - r.offset)
      .map((entry) => entry.layer);
  }

  // Puts `groups` in `container` in this order with the fewest moves: the longest run of groups already in order
  // stays, the rest move in front of their successor. Animated zPositions reorder a few layers a frame, and each
  // element moved is restyled and laid out again with its subtree (1,000 layers all re-appended: most of a frame).
  let arranging = 0;
  function arrange(container, groups) {
    arranging += 1;
    let slot = 0;
    for (let child = container.firstChild; child; child = child.nextSibling) child.scenecSlot = slot++;
    const count = groups.length;
    let ordered = slot === count;
    for (let i = 0; i < count; i++) {
      const g = groups[i];
      g.scenecArranged = arranging;
      if (g.parentNode !== container) { g.scenecSlot = -1; ordered = false; }
      else if (g.scenecSlot !== i) ordered = false;
    }
    if (ordered) return;
    const keep = steadyRun(groups);
    let next = null;
    for (let i = count - 1; i >= 0; i--) {
      if (!keep[i]) container.insertBefore(groups[i], next);
      next = groups[i];
    }
    for (let child = container.firstChild; child;) {
      const after = child.nextSibling;
      if (child.scenecArranged !== arranging) child.remove();
      child = after;
    }
  }

  // Which groups keep their place: a longest increasing run of their current slots (−1: not in the container).
  function steadyRun(groups) {
    const count = groups.length;
    const tails = [];
    const previous = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const slot = groups[i].scenecSlot;
      previous[i] = -1;
      if (slot < 0) continue;
      let low = 0;
      let high = tails.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (groups[tails[middle]].scenecSlot < slot) low = middle + 1; else high = middle;
      }
      if (low > 0) previous[i] = tails[low - 1];
      tails[low] = i;
    }
    const keep = new Uint8Array(count);
    for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) keep[i] = 1;
    return keep;
  }

  function draw(layer, tree, white, superlayer) {
    const key = (white ? "white:" : "") + layer.id;
    const n = node(key, layer);
    const g = n.group;
    const replicator = tree.byId.get(layer.parent);
    const isCopy = replicator?.type === "replicator" && !layer.mask;
    // Through the superlayer's sublayerTransform (the sample prints matrix3d): drawn projectively, in a wrapper. A
    // replicator's copy is drawn through its instance map, which the sample holds only inside its map into the scene
    // (`matrix`, or `matrix3d` divided by the replicator's).
    let projected = null;
    if (superlayer && layer.matrix3d && !layer.mask) {
      projected = isCopy ? copyProjection(layer, replicator) : projectedMatrix(layer, superlayer);
    }
    let outer = g;
    if (projected) {
      const wrapper = n.wrapper();
      const css = `matrix3d(${projected.join(",")})`;
      if (wrapper.transform !== css) { wrapper.box.style.transform = css; wrapper.transform = css; }
      outer = wrapper.object;
    } else {
      n.unwrap();
    }
    const matrix = projected ? [1, 0, 0, 1, 0, 0]
      : (isCopy && inParent(layer.matrix, replicator.matrix)) || localMatrix(layer);
    const finite = matrix.every(Number.isFinite) && (layer.matrix ?? layer.matrix3d).every(Number.isFinite)
      && (!projected || projected.every(Number.isFinite));
    const shown = !layer.hidden && layer.opacity > 0 && finite && !isCulled(layer, sceneMap(layer));
    set(g, "display", shown ? null : "none");
    if (!shown) return outer;
    const identity = matrix[0] === 1 && matrix[1] === 0 && matrix[2] === 0 && matrix[3] === 1;
    set(g, "transform", identity && !matrix[4] && !matrix[5] ? null : `matrix(${matrix.join(" ")})`);
    set(g, "opacity", layer.opacity < 1 ? layer.opacity : null);
    tint(n, g, isCopy && !white ? ownModulation(layer, replicator) : null, layer.matrix ?? affineOf(sceneMap(layer)));

    const bounds = standardized(layer.bounds);
    const radius = clampRadius(layer.cornerRadius, bounds);
    const hasArea = bounds.width > 0 && bounds.height > 0;
    const bg = alphaOf(layer.backgroundColor) > 0 && hasArea;
    set(n.background, "display", bg ? null : "none");
    if (bg) {
      set(n.background, "x", bounds.x); set(n.background, "y", bounds.y);
      set(n.background, "width", bounds.width); set(n.background, "height", bounds.height);
      set(n.background, "rx", radius > 0 ? radius : null); set(n.background, "ry", radius > 0 ? radius : null);
      paint(n.background, "fill", layer.backgroundColor, white);
    }
    if (n.type === "shape") drawShape(n, layer, white);
    if (n.type === "text") drawText(n, layer, white);
    if (n.type === "gradient") drawGradient(n, layer, white);

    const children = paintOrder(tree.sublayers.get(layer.id) ?? []);
    arrange(n.sublayers, children.map((child) => draw(child, tree, white, layer)));

    if (layer.masksToBounds) {
      if (!n.clipPath) {
        n.clipPath = make("clipPath", defs);
        n.clipPath.id = prefix + "clip-" + nodes.size + "-" + key.replace(/[^A-Za-z0-9_-]/g, "_");
        make("path", n.clipPath);
      }
      set(n.clipPath.firstChild, "d", roundedRectPath(bounds, radius));
      set(n.clipped, "clip-path", `url(#${n.clipPath.id})`);
    } else {
      set(n.clipped, "clip-path", null);
    }

    const borderWidth = layer.borderWidth;
    const border = alphaOf(layer.borderColor) > 0 && borderWidth > 0 && hasArea;
    set(n.border, "display", border ? null : "none");
    if (border) {
      let data = roundedRectPath(bounds, radius);
      const inner = { x: bounds.x + borderWidth, y: bounds.y + borderWidth,
        width: bounds.width - 2 * borderWidth, height: bounds.height - 2 * borderWidth };
      if (inner.width > 0 && inner.height > 0) {
        data += " " + roundedRectPath(inner, clampRadius(layer.cornerRadius - borderWidth, inner));
      }
      set(n.border, "d", data);
      paint(n.border, "fill", layer.borderColor, white);
    }

    drawShadow(n, layer, key, bounds, radius, white);

    const maskLayer = white ? null : tree.mask.get(layer.id);
    if (maskLayer) {
      if (!n.mask) {
        n.mask = make("mask", defs);
        n.mask.id = prefix + "mask-" + nodes.size + "-" + key.replace(/[^A-Za-z0-9_-]/g, "_");
        set(n.mask, "maskUnits", "userSpaceOnUse");
      }
      const region = canvasIn(layer.matrix ?? layer.matrix3d);
      set(n.mask, "x", region.x); set(n.mask, "y", region.y);
      set(n.mask, "width", region.width); set(n.mask, "height", region.height);
      // The mask layer drawn white with its own alpha: the luminance mask equals its coverage.
      arrange(n.mask, [draw(maskLayer, tree, true)]);
      set(g, "mask", `url(#${n.mask.id})`);
    } else {
      set(g, "mask", null);
    }
    return outer;
  }

  // The copy's own modulation colour (the sample's is the product through every replicator above it), as an
  // sRGB colour matrix over the canvas: SVGExporter's filter.
  function tint(n, g, color, matrix) {
    if (!color || color.every((c) => c === 1)) {
      set(g, "filter", null);
      return;
    }
    if (!n.filter) {
      n.filter = make("filter", defs);
      n.filter.id = prefix + "tint-" + nodes.size + "-" + n.key.replace(/[^A-Za-z0-9_-]/g, "_");
      set(n.filter, "filterUnits", "userSpaceOnUse");
      set(n.filter, "color-interpolation-filters", "sRGB");
      set(make("feColorMatrix", n.filter), "type", "matrix");
    }
    const region = canvasIn(matrix);
    set(n.filter, "x", region.x); set(n.filter, "y", region.y);
    set(n.filter, "width", region.width); set(n.filter, "height", region.height);
    const [r, gr, b, a] = color;
    set(n.filter.firstChild, "values", `${r} 0 0 0 0 0 ${gr} 0 0 0 0 0 ${b} 0 0 0 0 0 ${a} 0`);
    set(g, "filter", `url(#${n.filter.id})`);
  }

  function render(sample) {
    seen = new Set();
    const tree = { roots: [], sublayers: new Map(), mask: new Map(), byId: new Map() };
    for (const layer of sample.layers) {
      tree.byId.set(layer.id, layer);
      if (layer.parent === null || layer.parent === undefined) tree.roots.push(layer);
      else if (layer.mask) tree.mask.set(layer.parent, layer);
      else {
        if (!tree.sublayers.has(layer.parent)) tree.sublayers.set(layer.parent, []);
        tree.sublayers.get(layer.parent).push(layer);
      }
    }
    arrange(root, paintOrder(tree.roots).map((layer) => draw(layer, tree, false)));
    // Layers gone from the plan (a live reload) leave with their definitions.
    for (const [key, n] of nodes) {
      if (seen.has(key)) continue;
      n.group.remove();
      n.projected?.object.remove();
      n.clipPath?.remove();
      n.mask?.remove();
      n.filter?.remove();
      n.paint?.remove();
      n.shadowFilter?.remove();
      n.blurFilter?.remove();
      n.shadowClip?.remove();
      nodes.delete(key);
    }
  }

  return {
    render,
    resize(width, height) { size = { width, height }; },
    get layerCount() { return nodes.size; },
  };
}
