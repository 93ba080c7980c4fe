// scenec-player.js: a player of scenec's compiled plans (plan format 2) for the web, an ES module with no
// dependencies and no build step. It samples with the same arithmetic as Sources/SceneRuntime, in the same order,
// so a sample equals `scenec sample` to rounding, and replays the state machine (docs/web-player.md).

/** Every property of the layer model in PropertyName's order (Sources/SceneCore/Properties/LayerProperty+Table):
 * name, kind, the layer types that have it, and its default for the numeric slots. */
export const PROPERTIES = [
  ['position', 'point', 'all', [0, 0]],
  ['bounds', 'rect', 'all', [0, 0, 0, 0]],
  ['anchorPoint', 'point', 'all', [0.5, 0.5]],
  ['zPosition', 'number', 'all', [0]],
  ['transform', 'transform', 'all', [0, 0, 0, 0, 0, 0, 1, 1, 1]],
  ['opacity', 'number', 'all', [1]],
  ['hidden', 'bool', 'all', [0]],
  ['backgroundColor', 'color', 'all', [0, 0, 0, 0]],
  ['borderColor', 'color', 'all', [0, 0, 0, 1]],
  ['borderWidth', 'number', 'all', [0]],
  ['cornerRadius', 'number', 'all', [0]],
  ['masksToBounds', 'bool', 'all', [0]],
  ['sublayerTransform', 'perspectiveTransform', 'all', [0, 0, 0, 0, 0, 0, 1, 1, 1, 0]],
  ['doubleSided', 'bool', 'all', [1]],
  ['shadowColor', 'color', 'all', [0, 0, 0, 1]],
  ['shadowOpacity', 'number', 'all', [0]],
  ['shadowRadius', 'number', 'all', [3]],
  ['shadowOffset', 'size', 'all', [0, -3]],
  ['shadowPath', 'path', 'all', null],
  ['path', 'path', 'shape', null],
  ['fillColor', 'color', 'shape', [0, 0, 0, 1]],
  ['fillRule', 'enumeration', 'shape', null],
  ['strokeColor', 'color', 'shape', [0, 0, 0, 0]],
  ['lineWidth', 'number', 'shape', [1]],
  ['lineCap', 'enumeration', 'shape', null],
  ['lineJoin', 'enumeration', 'shape', null],
  ['miterLimit', 'number', 'shape', [10]],
  ['lineDashPattern', 'numberList', 'shape', null],
  ['lineDashPhase', 'number', 'shape', [0]],
  ['strokeStart', 'number', 'shape', [0]],
  ['strokeEnd', 'number', 'shape', [1]],
  ['string', 'string', 'text', null],
  ['fontSize', 'number', 'text', [36]],
  ['font', 'font', 'text', null],
  ['foregroundColor', 'color', 'text', [1, 1, 1, 1]],
  ['alignmentMode', 'enumeration', 'text', null],
  ['colors', 'colorList', 'gradient', null],
  ['locations', 'locationList', 'gradient', null],
  ['startPoint', 'point', 'gradient', [0.5, 0]],
  ['endPoint', 'point', 'gradient', [0.5, 1]],
  ['gradientType', 'enumeration', 'gradient', null],
  ['instanceCount', 'number', 'replicator', [1]],
  ['instanceDelay', 'duration', 'replicator', [0]],
  ['instanceTransform', 'transform', 'replicator', [0, 0, 0, 0, 0, 0, 1, 1, 1]],
  ['instanceColor', 'color', 'replicator', [1, 1, 1, 1]],
  ['instanceRedOffset', 'number', 'replicator', [0]],
  ['instanceGreenOffset', 'number', 'replicator', [0]],
  ['instanceBlueOffset', 'number', 'replicator', [0]],
  ['instanceAlphaOffset', 'number', 'replicator', [0]],
].map(([name, kind, types, defaults]) => ({ name, kind, types, defaults, first: -1 }));

/** The slot layout of this runtime (PlanSlots.current): numeric properties one after another. */
export const SLOTS = (() => {
  const slots = {};
  let next = 0;
  for (const property of PROPERTIES) {
    if (!property.defaults) continue;
    property.first = next;
    slots[property.name] = { first: next, width: property.defaults.length, kind: property.kind };
    next += property.defaults.length;
  }
  slots.count = next;
  slots.defaults = PROPERTIES.flatMap((p) => p.defaults ?? []);
  return slots;
})();
export const SLOT_COUNT = SLOTS.count;
const ROTATION_Z = SLOTS.transform.first + 5;
export const HIDDEN = SLOTS.hidden.first;
const INSTANCE_COUNT = SLOTS.instanceCount.first;
/** Slots that switch rather than interpolate (MachineTable.discreteSlots). */
export const DISCRETE_SLOTS = (() => {
  const flags = new Array(SLOT_COUNT).fill(false);
  for (const property of PROPERTIES) if (property.kind === 'bool') flags[property.first] = true;
  return flags;
})();

export const SEGMENT = { hold: 0, linear: 1, hermite: 2, spring: 3, motion: 4, motionHold: 5, basic: 6, eased: 0x10 };
export const TRACK_FLAGS = {
  broadcast: 1, additive: 2, cumulative: 4, discrete: 8, startFromBase: 16, endAtBase: 32, endAddsBase: 64,
  rotateAuto: 128, rotateAutoReverse: 256,
};
const RELATIVE = 16 | 32 | 64;
const GENERAL = RELATIVE | 4 | 128 | 256;
export const STAGE_FLAGS = { autoreverses: 1, fillsBackwards: 2, fillsForwards: 4, removed: 8 };

// ---- Numbers -------------------------------------------------------------------------------------------------

const scratch = new DataView(new ArrayBuffer(8));

/** Swift's `Double.ulp` of |x|. */
export function ulp(x) {
  x = Math.abs(x);
  if (!Number.isFinite(x)) return NaN;
  scratch.setFloat64(0, x);
  const exponent = (scratch.getUint16(0) >> 4) & 0x7ff;
  if (exponent === 0) return 5e-324;
  return Math.pow(2, exponent - 1075);
}

/** NumberFormatting.shortest: integers without a fraction, plain decimals from 1e-6 to 2^53, Swift's exponent form
 * (`1e-07`, `1.5e+300`) outside, `0` for ±0. */
export function shortest(x) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x < 0 ? '-inf' : 'inf';
  if (x === 0) return '0';
  const magnitude = Math.abs(x);
  if (magnitude < 9007199254740992 && Number.isInteger(x)) return String(x);
  // JavaScript writes plain decimals from 1e-6 to 1e21, Swift up to 2^53 (and NumberFormatting keeps them from 1e-6).
  if (magnitude >= 1e-6 && magnitude <= 9007199254740992) return String(x);
  // Outside, Swift writes the same shortest digits with a signed exponent of at least two digits.
  const [mantissa, exponent] = x.toExponential().split('e');
  const sign = exponent[0] === '-' ? '-' : '+';
  const digits = exponent.replace(/^[+-]/, '');
  return `${mantissa}e${sign}${digits.length < 2 ? '0' + digits : digits}`;
}

export function lerp(a, b, s) {
  const difference = b - a;
  if (Number.isFinite(difference)) return a + difference * s;
  return a * (1 - s) + b * s;
}

// ---- Timing curves (TimingFunction+Solve.swift and TimingCurveSolver.swift) ---------------------------------

/** The polynomial form (ax, bx, cx, ay, by, cy) of control points [x1, y1, x2, y2]. */
export function cubicCurve(points) {
  const cx = 3 * points[0];
  const bx = 3 * (points[2] - points[0]) - cx;
  const cy = 3 * points[1];
  const by = 3 * (points[3] - points[1]) - cy;
  return [1 - cx - bx, bx, cx, 1 - cy - by, by, cy];
}

export function isLinear(points) {
  return points[0] === points[1] && points[2] === points[3];
}

function bisect(ax, bx, cx, target) {
  let low = 0;
  let high = 1;
  let s = target;
  for (let i = 0; i < 200; i++) {
    s = (low + high) / 2;
    const value = ((ax * s + bx) * s + cx) * s;
    if (Math.abs(value - target) <= 1e-12 || high - low <= 1e-12) break;
    if (value < target) low = s;
    else high = s;
  }
  return s;
}

/** CubicTimingCurve.parameter(forX:). */
function referenceParameter(c, x) {
  const target = Math.min(Math.max(x, 0), 1);
  return newtonThenBisect(c[0], c[1], c[2], target, target);
}

function newtonThenBisect(ax, bx, cx, target, guess) {
  let s = guess;
  for (let i = 0; i < 8; i++) {
    const error = ((ax * s + bx) * s + cx) * s - target;
    if (Math.abs(error) <= 1e-12) return s;
    const slope = (3 * ax * s + 2 * bx) * s + cx;
    if (Math.abs(slope) < 1e-9) break;
    s -= error / slope;
    if (s < 0 || s > 1) break;
  }
  return bisect(ax, bx, cx, target);
}

/** CubicTimingCurve.progress(at:): stages and transitions. */
export function curveProgress(c, x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const s = referenceParameter(c, x);
  return ((c[3] * s + c[4]) * s + c[5]) * s;
}

const INTERVALS = 8;

/** An eased segment's curve with the inverse table TimingCurveSolver builds (its knots rounded to Float). */
export function solverCurve(points) {
  const c = cubicCurve(points);
  const knots = [];
  for (let j = 0; j <= INTERVALS; j++) {
    knots.push(j === 0 ? 0 : j === INTERVALS ? 1 : referenceParameter([c[0], c[1], c[2], 0, 0, 1], j / INTERVALS));
  }
  const floats = [];
  for (let j = 0; j <= INTERVALS; j++) {
    const s = knots[j];
    const slope = (3 * c[0] * s + 2 * c[1]) * s + c[2];
    const before = Math.max(j - 1, 0);
    const after = Math.min(j + 1, INTERVALS);
    const chord = (knots[after] - knots[before]) / ((after - before) / INTERVALS);
    if (j > 0 && j < INTERVALS) floats.push(Math.fround(knots[j]));
    floats.push(Math.fround(slope > 1e-3 ? 1 / slope : chord));
  }
  return { c, table: floats };
}

function guess(table, x) {
  const f = x * INTERVALS;
  const j = Math.trunc(f);
  const u = f - j;
  const last = 2 * INTERVALS - 1;
  const s0 = j === 0 ? 0 : table[Math.max(2 * j - 1, 0)];
  const m0 = table[2 * j];
  const s1 = j === INTERVALS - 1 ? 1 : table[2 * j + 1];
  const m1 = table[Math.min(2 * j + 2, last)];
  const u2 = u * u;
  const u3 = u2 * u;
  const h = 1 / INTERVALS;
  const g = (2 * u3 - 3 * u2 + 1) * s0 + (u3 - 2 * u2 + u) * h * m0 + (3 * u2 - 2 * u3) * s1 + (u3 - u2) * h * m1;
  return Math.min(Math.max(g, 0), 1);
}

// TimingCurveSolver's refinement: two Newton steps from the table's guess, then Newton and bisection where they
// do not land within 1e-12 inside [0, 1].
function refinedParameter(ax, bx, cx, x, start) {
  let s = start;
  for (let i = 0; i < 2; i++) {
    const error = ((ax * s + bx) * s + cx) * s - x;
    const slope = (3 * ax * s + 2 * bx) * s + cx;
    s -= error / slope;
  }
  const error = ((ax * s + bx) * s + cx) * s - x;
  if (!(Math.abs(error) <= 1e-12 && s >= 0 && s <= 1)) {
    s = newtonThenBisect(ax, bx, cx, x, s >= 0 && s <= 1 ? s : start);
  }
  return s;
}

/** TimingCurveSolver.progress: eased keyframe segments. */
export function solverProgress(curve, x) {
  const c = curve.c;
  if (!(x > 0 && x < 1)) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    return curveProgress(c, x);
  }
  const ax = c[0];
  const bx = c[1];
  const cx = c[2];
  let s;
  if (Math.abs(((ax * x + bx) * x + cx) * x - x) <= 1e-12) {
    s = x;
  } else {
    s = refinedParameter(ax, bx, cx, x, guess(curve.table, x));
  }
  return ((c[3] * s + c[4]) * s + c[5]) * s;
}

// ---- Springs (SpringCurve.swift) ------------------------------------------------------------------------------

export function springCurve(mass, stiffness, damping, initialVelocity, allowsOverdamping) {
  const omega0 = Math.sqrt(stiffness / mass);
  const ratio = damping / (2 * Math.sqrt(stiffness * mass));
  const zeta = allowsOverdamping ? ratio : Math.min(ratio, 1);
  const v0 = initialVelocity;
  // One shape for the three regimes (every member present), so that springProgress reads them monomorphically.
  if (Math.abs(zeta - 1) <= 1e-9) {
    return { regime: 0, decay: -omega0, factor: omega0 - v0, frequency: 0, slow: 0, fast: 0, velocityScale: 0 };
  }
  if (zeta < 1) {
    const omegaD = omega0 * Math.sqrt(1 - zeta * zeta);
    const factor = (zeta * omega0 - v0) / omegaD;
    return {
      regime: 1, decay: -zeta * omega0, factor, frequency: omegaD, slow: Math.hypot(1, factor),
      fast: Math.atan2(factor, 1), velocityScale: 1 / omegaD,
    };
  }
  const omegaStar = omega0 * Math.sqrt(zeta * zeta - 1);
  const k = (zeta * omega0 - v0) / omegaStar;
  return {
    regime: 2, decay: -zeta * omega0 + omegaStar, factor: 0, frequency: -zeta * omega0 - omegaStar, slow: 1 + k,
    fast: 1 - k, velocityScale: 1 / (2 * omegaStar),
  };
}

/** SpringCurve.velocityResponse(at:): the spring's motion from rest position with unit velocity. */
export function springVelocityResponse(spring, t) {
  if (!(t > 0)) return 0;
  switch (spring.regime) {
    case 0: {
      const envelope = Math.exp(spring.decay * t);
      return envelope === 0 ? 0 : t * envelope;
    }
    case 1: return Math.exp(spring.decay * t) * Math.sin(spring.frequency * t) * spring.velocityScale;
    default: return (Math.exp(spring.decay * t) - Math.exp(spring.frequency * t)) * spring.velocityScale;
  }
}

export function springProgress(spring, t) {
  if (!(t > 0)) return 0;
  switch (spring.regime) {
    case 0: return 1 - Math.exp(spring.decay * t) * (1 + spring.factor * t);
    case 1: return 1 - Math.exp(spring.decay * t) * (spring.slow * Math.cos(spring.frequency * t - spring.fast));
    default: return 1 - (spring.slow * Math.exp(spring.decay * t) + spring.fast * Math.exp(spring.frequency * t)) / 2;
  }
}

// ---- Motion (MotionGeometry.swift) ----------------------------------------------------------------------------

/** The point of the element whose nine numbers start at c[o], at s, into out[0], out[1]. */
export function motionPoint(c, o, s, out) {
  const degree = Math.trunc(c[o]);
  const x0 = c[o + 1], y0 = c[o + 2], x1 = c[o + 3], y1 = c[o + 4];
  const x2 = c[o + 5], y2 = c[o + 6], x3 = c[o + 7], y3 = c[o + 8];
  const r = 1 - s;
  if (degree === 0) {
    out[0] = x0; out[1] = y0;
  } else if (degree === 1) {
    out[0] = x0 + (x3 - x0) * s; out[1] = y0 + (y3 - y0) * s;
  } else if (degree === 2) {
    const w0 = r * r, w1 = 2 * r * s, w2 = s * s;
    out[0] = w0 * x0 + w1 * x1 + w2 * x3; out[1] = w0 * y0 + w1 * y1 + w2 * y3;
  } else {
    const w0 = r * r * r, w1 = 3 * r * r * s, w2 = 3 * r * s * s, w3 = s * s * s;
    out[0] = w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3; out[1] = w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3;
  }
}

/** The tangent angle (atan2) of the element at s; NaN where it has no direction. */
export function motionAngle(c, o, s) {
  const degree = Math.trunc(c[o]);
  const x0 = c[o + 1], y0 = c[o + 2], x1 = c[o + 3], y1 = c[o + 4];
  const x2 = c[o + 5], y2 = c[o + 6], x3 = c[o + 7], y3 = c[o + 8];
  const r = 1 - s;
  let dx = 0, dy = 0;
  if (degree === 1) {
    dx = x3 - x0; dy = y3 - y0;
  } else if (degree === 2) {
    dx = (2 * r) * (x1 - x0) + (2 * s) * (x3 - x1);
    dy = (2 * r) * (y1 - y0) + (2 * s) * (y3 - y1);
  } else if (degree >= 3) {
    dx = (3 * r * r) * (x1 - x0) + (6 * r * s) * (x2 - x1) + (3 * s * s) * (x3 - x2);
    dy = (3 * r * r) * (y1 - y0) + (6 * r * s) * (y2 - y1) + (3 * s * s) * (y3 - y2);
  }
  const limit = 1e-12 * Math.max(Math.abs(x0), Math.abs(y0), Math.abs(x3), Math.abs(y3), 1);
  let tx = 0, ty = 0;
  if (Math.sqrt(dx * dx + dy * dy) > limit) {
    tx = dx; ty = dy;
  } else {
    const chords = s < 0.5
      ? [[x1 - x0, y1 - y0], [x2 - x0, y2 - y0], [x3 - x0, y3 - y0]]
      : [[x3 - x2, y3 - y2], [x3 - x1, y3 - y1], [x3 - x0, y3 - y0]];
    for (const [cx, cy] of chords) {
      if (Math.sqrt(cx * cx + cy * cy) > limit) { tx = cx; ty = cy; break; }
    }
  }
  return tx === 0 && ty === 0 ? NaN : Math.atan2(ty, tx);
}

// ---- Timing (CycleClock.swift, LeafTime.swift) ----------------------------------------------------------------

const TOLERANCE = 1e-12;
/** AnimatableKeyPath.showsTrueFrom: a boolean shows true from ½ less the rounding a number meant as ½ carries. */
const SHOWS_TRUE_FROM = 0.5 - 1e-12;

function slack(quotient, atEnd) {
  const relative = Math.min(TOLERANCE * Math.max(1, Math.abs(quotient)), 1e-3);
  return atEnd ? Math.max(relative, 4 * ulp(Math.abs(quotient))) : relative;
}

/** CycleClock.entering: the cycle t is in and its position; a boundary starts the next cycle. */
export function entering(t, cycle, atEnd = false) {
  enter(t, cycle, atEnd);
  return [entered.iteration, entered.position];
}

// entering's answer for the sampler's hot path, which must not allocate an array per node per sample.
const entered = { iteration: 0, position: 0 };

function enter(t, cycle, atEnd) {
  if (!Number.isFinite(cycle)) return setEntered(0, t);
  if (!(cycle > 0)) return setEntered(0, 0);
  const quotient = t / cycle;
  const iteration = Math.floor(quotient);
  const s = slack(quotient, atEnd);
  const fraction = quotient - iteration;
  if (fraction >= 1 - s) return setEntered(iteration + 1, 0);
  if (fraction <= s) return setEntered(iteration, 0);
  return setEntered(iteration, Math.min(Math.max(t - cycle * iteration, 0), cycle));
}

function setEntered(iteration, position) {
  entered.iteration = iteration;
  entered.position = position;
}

/** CycleClock.leaving: the cycle t closes; a boundary ends the cycle before it. */
export function leaving(t, cycle, atEnd = false) {
  if (!Number.isFinite(cycle)) return [0, t];
  if (!(cycle > 0)) return [0, 0];
  const quotient = t / cycle;
  const above = Math.ceil(quotient);
  const s = slack(quotient, atEnd);
  const shortfall = above - quotient;
  if (shortfall >= 1 - s) return [above - 2, cycle];
  if (shortfall <= s) return [above - 1, cycle];
  const iteration = above - 1;
  return [iteration, Math.min(Math.max(t - cycle * iteration, 0), cycle)];
}

/**
 * CycleClock.terminal: the repeat and position a node ends in, from the end in cycles as a sum of quotients (AD / C
 * near the repeat count, timeOffset / C near its own ratio) so it meets the key times exact arithmetic meets.
 */
export function terminal(active, offset, cycle, speed) {
  if (!(Number.isFinite(cycle) && cycle > 0)) {
    return speed > 0 ? leaving(active + offset, cycle, true) : entering(offset - active, cycle, true);
  }
  const quotient = (speed > 0 ? active : -active) / cycle + offset / cycle;
  const whole = Math.round(quotient);
  const onBoundary = Math.abs(quotient - whole) <= slack(quotient, true);
  if (speed > 0) {
    // Going forwards the window closes a cycle: (0, C].
    const iteration = onBoundary ? whole - 1 : Math.ceil(quotient) - 1;
    return [iteration, onBoundary ? cycle : Math.min(Math.max((quotient - iteration) * cycle, 0), cycle)];
  }
  // Going backwards it opens one: [0, C).
  const iteration = onBoundary ? whole : Math.floor(quotient);
  return [iteration, onBoundary ? 0 : Math.min(Math.max((quotient - iteration) * cycle, 0), cycle)];
}

function phaseSlack(active, cycle, begin, speed) {
  const extent = Number.isFinite(active) ? active : Number.isFinite(cycle) ? cycle : 0;
  return TOLERANCE * ((speed !== 0 ? extent / Math.abs(speed) : 0) + Math.abs(begin));
}

/** One timing node (TimeNode): a stage under its parent node, with what is solved once. */
function makeNode(parent, stage) {
  const { beginTime: begin, speed, timeOffset: offset, duration, cycle, activeDuration: active } = stage;
  const slackTime = phaseSlack(active, cycle, begin, speed);
  let end;
  if (speed !== 0 && Number.isFinite(active)) {
    end = terminal(active, offset, cycle, speed);
  } else {
    end = [speed < 0 ? -Infinity : Infinity, 0];
  }
  const eased = !isLinear(stage.timingFunction);
  return {
    parent, begin, speed, offset, duration, cycle, flags: stage.flags,
    activeLimit: Number.isFinite(active) ? active - Math.abs(speed) * slackTime : active,
    beginSlack: slackTime, endIteration: end[0], endPosition: end[1], eased,
    curve: eased ? cubicCurve(stage.timingFunction) : null,
  };
}

// A timeline's nodes packed NODE numbers apiece (N_… offsets), parents before children; N_CURVE indexes the
// timeline's stage curves (−1: linear).
const NODE = 12;
const N_BEGIN = 0, N_SPEED = 1, N_OFFSET = 2, N_DURATION = 3, N_CYCLE = 4, N_FLAGS = 5, N_ACTIVE_LIMIT = 6;
const N_BEGIN_SLACK = 7, N_END_ITERATION = 8, N_END_POSITION = 9, N_CURVE = 10, N_PARENT = 11;

function packNodes(list, curves) {
  const nodes = new Float64Array(list.length * NODE);
  list.forEach((node, index) => {
    const base = index * NODE;
    nodes[base + N_BEGIN] = node.begin;
    nodes[base + N_SPEED] = node.speed;
    nodes[base + N_OFFSET] = node.offset;
    nodes[base + N_DURATION] = node.duration;
    nodes[base + N_CYCLE] = node.cycle;
    nodes[base + N_FLAGS] = node.flags;
    nodes[base + N_ACTIVE_LIMIT] = node.activeLimit;
    nodes[base + N_BEGIN_SLACK] = node.beginSlack;
    nodes[base + N_END_ITERATION] = node.endIteration;
    nodes[base + N_END_POSITION] = node.endPosition;
    nodes[base + N_CURVE] = node.eased ? curves.push(node.curve) - 1 : -1;
    nodes[base + N_PARENT] = node.parent;
  });
  return nodes;
}

// A node's time in one sample (LeafTime), LEAF numbers per node rewritten by every sample; whether it is in
// effect is a byte beside (`live`), and the numbers of a node not in effect are never read.
const LEAF = 4;
const L_PROGRESS = 0, L_SECONDS = 1, L_ITERATION = 2, L_CHILD_TIME = 3;

/** TimeNode.time: the parent's time run through node `n`, into leaves[n * LEAF …] and live[n]. */
function nodeTime(nodes, n, parentTime, leaves, live, curves) {
  const base = n * NODE;
  const speed = nodes[base + N_SPEED];
  const offset = nodes[base + N_OFFSET];
  const duration = nodes[base + N_DURATION];
  const cycle = nodes[base + N_CYCLE];
  const flags = nodes[base + N_FLAGS];
  let sinceBegin = parentTime - nodes[base + N_BEGIN];
  let localTime = offset;
  let terminal = false;
  if (sinceBegin < 0 && sinceBegin >= -nodes[base + N_BEGIN_SLACK]) sinceBegin = 0;
  if (speed === 0) {
    localTime = offset;
  } else if (sinceBegin < 0) {
    if (!(flags & STAGE_FLAGS.fillsBackwards)) {
      live[n] = 0;
      return;
    }
  } else if (Math.abs(sinceBegin * speed) < nodes[base + N_ACTIVE_LIMIT]) {
    localTime = sinceBegin * speed + offset;
  } else {
    if (flags & STAGE_FLAGS.removed || !(flags & STAGE_FLAGS.fillsForwards)) {
      live[n] = 0;
      return;
    }
    terminal = true;
  }
  const endIteration = nodes[base + N_END_ITERATION];
  let u;
  let iteration;
  if (terminal) {
    iteration = endIteration;
    u = nodes[base + N_END_POSITION];
  } else {
    enter(localTime, cycle, false);
    iteration = entered.iteration;
    u = entered.position;
    if (speed > 0 ? iteration > endIteration : speed < 0 && iteration < endIteration) {
      iteration = endIteration;
      u = nodes[base + N_END_POSITION];
    }
  }
  const tau = flags & STAGE_FLAGS.autoreverses && u > duration ? cycle - u : u;
  const fraction = tau / duration;
  const curve = nodes[base + N_CURVE];
  let progress;
  if (!Number.isFinite(duration)) progress = 0;
  else if (curve >= 0) progress = curveProgress(curves[curve], fraction);
  else progress = fraction;
  const at = n * LEAF;
  leaves[at + L_PROGRESS] = progress;
  leaves[at + L_SECONDS] = tau;
  leaves[at + L_ITERATION] = iteration;
  leaves[at + L_CHILD_TIME] = Number.isFinite(duration) ? progress * duration : tau;
  live[n] = 1;
}

// ---- The sampler (Sampler.swift, SamplerProgram.swift, HotSegment.swift, Sampler+Segments.swift,
// Sampler+Compose.swift) ---------------------------------------------------------------------------------------

/**
 * A layer's running state during a sample: its slot values and list numbers (path coordinates, gradient stops),
 * each a view into one buffer for all layers (`frames.slots`, SLOT_COUNT numbers a layer, and `frames.lists`),
 * which the sampler writes through track offsets into them.
 */
export function makeFrames(layers, values, paths) {
  const slots = new Float64Array(layers.length * SLOT_COUNT);
  let total = 0;
  for (let index = 0; index < layers.length; index++) total += paths[index].length;
  const lists = new Float64Array(total);
  const frames = new Array(layers.length);
  let at = 0;
  for (let index = 0; index < layers.length; index++) {
    const frame = { values: slots.subarray(index * SLOT_COUNT, (index + 1) * SLOT_COUNT),
      path: lists.subarray(at, at + paths[index].length) };
    frame.values.set(values[index]);
    frame.path.set(paths[index]);
    at += paths[index].length;
    frames[index] = frame;
  }
  frames.slots = slots;
  frames.lists = lists;
  return frames;
}

export function resetFrames(frames, values, paths) {
  for (let index = 0; index < frames.length; index++) {
    frames[index].values.set(values[index]);
    frames[index].path.set(paths[index]);
  }
}

/** ReplicaVisibility: [copy layer, its replicator, copy index] for every direct non-mask sublayer of a replicator. */
export function replicaCopies(layers) {
  const copies = [];
  layers.forEach((layer, index) => {
    if (layer.parent >= 0 && layers[layer.parent].type === 'replicator' && !layer.mask) {
      copies.push(index, layer.parent, layer.replica);
    }
  });
  return copies;
}

/** ReplicaVisibility.hideUndrawn: copy k is drawn while k < the replicator's presentation instanceCount read as
 * an NSInteger (truncated); the others are marked hidden. */
export function hideUndrawnCopies(copies, frames) {
  for (let index = 0; index < copies.length; index += 3) {
    const count = frames[copies[index + 1]].values[INSTANCE_COUNT];
    if (!(copies[index + 2] + 1 <= count)) frames[copies[index]].values[HIDDEN] = 1;
  }
}

// Per track, TRACK integers (T_… offsets): its fixed numbers, then its current segment's (refilled when the
// progress leaves it). T_TARGET is the track's first number in frames.slots, or in frames.lists when T_LIST.
const TRACK = 16;
const T_NODE = 0, T_TARGET = 1, T_COUNT = 2, T_FLAGS = 3, T_LIST = 4, T_ROTATION = 5, T_FIRST_SEGMENT = 6;
const T_SEGMENTS = 7, T_FIRST_KEY = 8, T_FIRST_VALUE = 9, T_LAST_VALUE = 10, T_CURSOR = 11;
const T_BYTE = 12, T_CURRENT = 13, T_COEFFICIENTS = 14, T_AUX = 15;
// Per track, HOT numbers: the progress range its current segment covers (lo ≤ p < hi; lo > hi before the first
// fill) and the segment's key times.
const HOT = 4;
const H_LO = 0, H_HI = 1, H_K0 = 2, H_K1 = 3;
// An eased segment's curve (6 numbers) and inverse table (2 × INTERVALS), and a spring's constants.
const CURVE = 6 + 2 * INTERVALS;
const SPRING = 7;
// Tracks that need more than evaluating their segment and writing it (composeGeneral), and flags that make the
// write more than a copy.
const WRITE = TRACK_FLAGS.additive | TRACK_FLAGS.broadcast | TRACK_FLAGS.discrete;
const ROTATES = TRACK_FLAGS.rotateAuto | TRACK_FLAGS.rotateAutoReverse;
const EASED_LINEAR = SEGMENT.linear | SEGMENT.eased;

function packSpring(springs, at, spring) {
  springs[at] = spring.regime;
  springs[at + 1] = spring.decay;
  springs[at + 2] = spring.factor;
  springs[at + 3] = spring.frequency;
  springs[at + 4] = spring.slow;
  springs[at + 5] = spring.fast;
  springs[at + 6] = spring.velocityScale;
}

/** springProgress of the spring packed at springs[b …]. */
function packedSpringProgress(springs, b, t) {
  if (!(t > 0)) return 0;
  const regime = springs[b];
  if (regime === 0) return 1 - Math.exp(springs[b + 1] * t) * (1 + springs[b + 2] * t);
  if (regime === 1) {
    return 1 - Math.exp(springs[b + 1] * t) * (springs[b + 4] * Math.cos(springs[b + 3] * t - springs[b + 5]));
  }
  return 1 - (springs[b + 4] * Math.exp(springs[b + 1] * t) + springs[b + 5] * Math.exp(springs[b + 3] * t)) / 2;
}

/** solverProgress of the curve packed at curves[b …] (its polynomial, then its table). */
function packedSolverProgress(curves, b, x) {
  if (!(x > 0 && x < 1)) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    return curveProgress(curves.subarray(b, b + 6), x);
  }
  const ax = curves[b];
  const bx = curves[b + 1];
  const cx = curves[b + 2];
  let s;
  if (Math.abs(((ax * x + bx) * x + cx) * x - x) <= 1e-12) {
    s = x;
  } else {
    s = refinedParameter(ax, bx, cx, x, packedGuess(curves, b + 6, x));
  }
  return ((curves[b + 3] * s + curves[b + 4]) * s + curves[b + 5]) * s;
}

/** guess of the table at table[t …]. */
function packedGuess(table, t, x) {
  const f = x * INTERVALS;
  const j = Math.trunc(f);
  const u = f - j;
  const last = 2 * INTERVALS - 1;
  const s0 = j === 0 ? 0 : table[t + Math.max(2 * j - 1, 0)];
  const m0 = table[t + 2 * j];
  const s1 = j === INTERVALS - 1 ? 1 : table[t + 2 * j + 1];
  const m1 = table[t + Math.min(2 * j + 2, last)];
  const u2 = u * u;
  const u3 = u2 * u;
  const h = 1 / INTERVALS;
  const g = (2 * u3 - 3 * u2 + 1) * s0 + (u3 - 2 * u2 + u) * h * m0 + (3 * u2 - 2 * u3) * s1 + (u3 - u2) * h * m1;
  return Math.min(Math.max(g, 0), 1);
}

/**
 * The plan's tracks as SamplerProgram holds them: every track's key times, values and coefficients in one
 * Float64Array each, its segments' bytes and offsets in typed arrays, its fixed numbers and current segment in
 * one Int32Array record and one Float64Array record (the hot record of HotSegment.swift), so that a sample walks
 * contiguous numbers in track order; the stage chains merged per timeline into nodes evaluated once per sample.
 */
export class Sampler {
  constructor(plan) {
    this.plan = plan;
    this.copies = replicaCopies(plan.layers);
    const tracks = plan.tracks;
    this.nodes = [];
    this.nodeCurves = [];
    this.leaves = [];
    this.live = [];
    this.ranges = new Int32Array(2 * plan.timelines.length);
    const trackNodes = new Int32Array(tracks.length).fill(-1);
    // Stage chains → shared nodes per timeline, as the Swift sampler builds them, so a group is evaluated once.
    for (let timeline = 0; timeline < plan.timelines.length; timeline++) {
      const list = [];
      const index = new Map();
      const [first, end] = plan.timelines[timeline].tracks;
      this.ranges[2 * timeline] = first;
      this.ranges[2 * timeline + 1] = end;
      for (let t = first; t < end; t++) {
        let parent = -1;
        for (const stage of tracks[t].stages) {
          const key = `${parent}|${stage.key}`;
          let found = index.get(key);
          if (found === undefined) {
            found = list.length;
            list.push(makeNode(parent, stage));
            index.set(key, found);
          }
          parent = found;
        }
        trackNodes[t] = parent;
      }
      const curves = [];
      this.nodes.push(packNodes(list, curves));
      this.nodeCurves.push(curves);
      this.leaves.push(new Float64Array(list.length * LEAF));
      this.live.push(new Uint8Array(list.length));
    }
    this.pack(tracks, trackNodes);
    this.modelSlots = new Float64Array(plan.layers.length * SLOT_COUNT);
    plan.modelValues.forEach((values, layer) => this.modelSlots.set(values, layer * SLOT_COUNT));
    this.modelLists = new Float64Array(this.listStarts[plan.layers.length]);
    plan.modelPaths.forEach((path, layer) => this.modelLists.set(path, this.listStarts[layer]));
    this.playingFor = null;
    this.playing = [];
    const width = Math.max(3, ...tracks.map((track) => track.components));
    this.value = new Float64Array(width);
    this.start = new Float64Array(width);
    this.end = new Float64Array(width);
    this.point = new Float64Array(2);
  }

  /** Packs the tracks' numbers (SamplerProgram's tables) and their records. */
  pack(tracks, trackNodes) {
    const layers = this.plan.layers;
    this.listStarts = new Int32Array(layers.length + 1);
    layers.forEach((layer, index) => {
      this.listStarts[index + 1] = this.listStarts[index] + layer.coordinates.length;
    });
    let keyCount = 0, valueCount = 0, coefficientCount = 0, curveCount = 0, springCount = 0;
    for (const track of tracks) {
      keyCount += track.keyTimes.length;
      valueCount += track.values.length;
      coefficientCount += track.coefficients.length;
      for (const segment of track.segments) {
        if (segment.curve) curveCount += 1;
        if (segment.spring) springCount += 1;
      }
    }
    const segmentCount = keyCount - tracks.length;
    this.keyTimes = new Float64Array(keyCount);
    this.values = new Float64Array(valueCount);
    this.coefficients = new Float64Array(coefficientCount);
    this.segmentBytes = new Uint8Array(segmentCount);
    this.segmentCoefficients = new Int32Array(segmentCount);
    this.segmentAux = new Int32Array(segmentCount);
    this.curves = new Float64Array(curveCount * CURVE);
    this.springs = new Float64Array(springCount * SPRING);
    this.records = new Int32Array(tracks.length * TRACK);
    this.hot = new Float64Array(tracks.length * HOT);
    let key = 0, value = 0, coefficient = 0, segment = 0, curve = 0, spring = 0;
    tracks.forEach((track, t) => {
      const r = t * TRACK;
      const records = this.records;
      records[r + T_NODE] = trackNodes[t];
      records[r + T_COUNT] = track.components;
      records[r + T_FLAGS] = track.flags;
      records[r + T_LIST] = track.slot < 0 ? 1 : 0;
      records[r + T_TARGET] = track.slot < 0
        ? this.listStarts[track.layer] - 1 - track.slot : track.layer * SLOT_COUNT + track.slot;
      records[r + T_ROTATION] = track.layer * SLOT_COUNT + ROTATION_Z;
      records[r + T_FIRST_SEGMENT] = segment;
      records[r + T_SEGMENTS] = track.segments.length;
      records[r + T_FIRST_KEY] = key;
      records[r + T_FIRST_VALUE] = value;
      records[r + T_LAST_VALUE] = value + track.values.length - track.components;
      this.hot[t * HOT + H_LO] = Infinity;
      this.hot[t * HOT + H_HI] = -Infinity;
      this.keyTimes.set(track.keyTimes, key);
      this.values.set(track.values, value);
      this.coefficients.set(track.coefficients, coefficient);
      for (const item of track.segments) {
        this.segmentBytes[segment] = item.kind | (item.curve ? SEGMENT.eased : 0);
        this.segmentCoefficients[segment] = coefficient + item.offset;
        if (item.curve) {
          this.curves.set(item.curve.c, curve * CURVE);
          this.curves.set(item.curve.table, curve * CURVE + 6);
          this.segmentAux[segment] = curve * CURVE;
          curve += 1;
        }
        if (item.spring) {
          packSpring(this.springs, spring * SPRING, item.spring);
          this.segmentAux[segment] = spring * SPRING;
          spring += 1;
        }
        segment += 1;
      }
      key += track.keyTimes.length;
      value += track.values.length;
      coefficient += track.coefficients.length;
    });
  }

  /** Sampler.sample(at:playing:): the timelines (indices) from 0 over the layers' own values, in file order, into
   * frames from makeFrames. */
  sample(time, timelines, frames) {
    frames.slots.set(this.modelSlots);
    frames.lists.set(this.modelLists);
    // The same list as the last call (the autoplay set, every frame of a preview): its order is known.
    if (timelines !== this.playingFor) {
      this.playing = [...new Set(timelines)].filter((t) => t >= 0 && t < this.plan.timelines.length);
      this.playing.sort((a, b) => a - b);
      this.playingFor = Object.isFrozen(timelines) ? timelines : null;
    }
    for (const timeline of this.playing) this.compose(timeline, time, frames);
    hideUndrawnCopies(this.copies, frames);
  }

  /** Composes timeline `timeline` at `localTime` of its own clock onto the frames as they stand. */
  compose(timeline, localTime, frames) {
    const nodes = this.nodes[timeline];
    const leaves = this.leaves[timeline];
    const live = this.live[timeline];
    const curves = this.nodeCurves[timeline];
    const nodeCount = live.length;
    for (let n = 0; n < nodeCount; n++) {
      const parent = nodes[n * NODE + N_PARENT];
      if (parent < 0) nodeTime(nodes, n, localTime, leaves, live, curves);
      else if (live[parent] !== 0) nodeTime(nodes, n, leaves[parent * LEAF + L_CHILD_TIME], leaves, live, curves);
      else live[n] = 0;
    }
    const slots = frames.slots;
    const lists = frames.lists;
    const records = this.records;
    const hot = this.hot;
    const values = this.values;
    const end = this.ranges[2 * timeline + 1];
    for (let t = this.ranges[2 * timeline]; t < end; t++) {
      const r = t * TRACK;
      const node = records[r + T_NODE];
      if (node < 0 || live[node] === 0) continue;
      const flags = records[r + T_FLAGS];
      const target = records[r + T_LIST] !== 0 ? lists : slots;
      const at = records[r + T_TARGET];
      const leaf = node * LEAF;
      if ((flags & (GENERAL | WRITE)) !== 0) {
        this.composeGeneral(t, leaves, leaf, target, at, slots);
        continue;
      }
      // The common case: the segment evaluated straight into the frame; linear and hold inline.
      const p = leaves[leaf + L_PROGRESS];
      const h = t * HOT;
      if (!(hot[h + H_LO] <= p && p < hot[h + H_HI])) this.refill(t, p);
      const byte = records[r + T_BYTE];
      const count = records[r + T_COUNT];
      const current = records[r + T_CURRENT];
      if (byte === SEGMENT.linear) {
        const k0 = hot[h + H_K0];
        const k1 = hot[h + H_K1];
        const span = k1 - k0;
        const s = span > 0 ? (p - k0) / span : p >= k1 ? 1 : 0;
        for (let i = 0; i < count; i++) {
          const a = values[current + i];
          const b = values[current + count + i];
          const difference = b - a;
          // lerp, inline: difference - difference is 0 exactly when the difference is finite.
          target[at + i] = difference - difference === 0 ? a + difference * s : a * (1 - s) + b * s;
        }
      } else if (byte === SEGMENT.hold) {
        for (let i = 0; i < count; i++) target[at + i] = values[current + i];
      } else if (byte === EASED_LINEAR) {
        const k0 = hot[h + H_K0];
        const k1 = hot[h + H_K1];
        const span = k1 - k0;
        const s = packedSolverProgress(this.curves, records[r + T_AUX], span > 0 ? (p - k0) / span : p >= k1 ? 1 : 0);
        for (let i = 0; i < count; i++) target[at + i] = lerp(values[current + i], values[current + count + i], s);
      } else if (byte === SEGMENT.hermite) {
        const k0 = hot[h + H_K0];
        const k1 = hot[h + H_K1];
        const span = k1 - k0;
        const s = span > 0 ? (p - k0) / span : p >= k1 ? 1 : 0;
        const s2 = s * s;
        const s3 = s2 * s;
        const h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
        const c = this.coefficients;
        const o = records[r + T_COEFFICIENTS];
        for (let i = 0; i < count; i++) {
          target[at + i] = h00 * values[current + i] + h10 * c[o + i] + h01 * values[current + count + i]
            + h11 * c[o + count + i];
        }
      } else if (byte === SEGMENT.spring) {
        const progress = packedSpringProgress(this.springs, records[r + T_AUX], leaves[leaf + L_SECONDS]);
        for (let i = 0; i < count; i++) {
          target[at + i] = lerp(values[current + i], values[current + count + i], progress);
        }
      } else {
        this.evaluate(t, p, leaves[leaf + L_SECONDS], false, target, at);
      }
    }
  }

  /** SamplerProgram.composeGeneral: one track with relative ends, repeats that accumulate, motion rotation or a
   * write other than a copy, onto target[at …]. */
  composeGeneral(t, leaves, leaf, target, at, slots) {
    const records = this.records;
    const r = t * TRACK;
    const count = records[r + T_COUNT];
    const flags = records[r + T_FLAGS];
    const values = this.values;
    const value = this.value;
    const p = leaves[leaf + L_PROGRESS];
    const iteration = leaves[leaf + L_ITERATION];
    let angle = 0;
    let rotates = false;
    if (flags & RELATIVE) {
      // to-only, by-only, from-only: the missing end is the running value below this track, read now.
      const start = this.start;
      const end = this.end;
      const first = records[r + T_FIRST_VALUE];
      for (let component = 0; component < count; component++) {
        const running = target[at + component];
        start[component] = flags & TRACK_FLAGS.startFromBase ? running : values[first + component];
        end[component] = flags & TRACK_FLAGS.endAtBase
          ? running : flags & TRACK_FLAGS.endAddsBase ? running + values[first + count + component]
            : values[first + count + component];
      }
      const segment = records[r + T_FIRST_SEGMENT];
      const weight = (this.segmentBytes[segment] & 0x0f) === SEGMENT.spring
        ? packedSpringProgress(this.springs, this.segmentAux[segment], leaves[leaf + L_SECONDS]) : p;
      for (let component = 0; component < count; component++) {
        value[component] = start[component] + (end[component] - start[component]) * weight;
        if (flags & TRACK_FLAGS.cumulative) value[component] += iteration * end[component];
      }
    } else {
      const h = t * HOT;
      if (!(this.hot[h + H_LO] <= p && p < this.hot[h + H_HI])) this.refill(t, p);
      rotates = (flags & ROTATES) !== 0;
      angle = this.evaluate(t, p, leaves[leaf + L_SECONDS], rotates, value, 0);
      if (flags & TRACK_FLAGS.cumulative) {
        const last = records[r + T_LAST_VALUE];
        for (let component = 0; component < count; component++) {
          value[component] += iteration * values[last + component];
        }
      }
    }
    const additive = (flags & TRACK_FLAGS.additive) !== 0;
    if (records[r + T_LIST] !== 0) {
      for (let c = 0; c < count; c++) target[at + c] = additive ? target[at + c] + value[c] : value[c];
    } else {
      const broadcast = (flags & TRACK_FLAGS.broadcast) !== 0;
      const discrete = (flags & TRACK_FLAGS.discrete) !== 0;
      const written = broadcast ? 3 : count;
      for (let offset = 0; offset < written; offset++) {
        const component = broadcast ? 0 : offset;
        let result = additive ? target[at + offset] + value[component] : value[component];
        if (discrete) result = result >= SHOWS_TRUE_FROM ? 1 : 0;
        target[at + offset] = result;
      }
    }
    if (rotates) {
      const direction = flags & TRACK_FLAGS.rotateAutoReverse && Number.isFinite(angle) ? angle + Math.PI : angle;
      slots[records[r + T_ROTATION]] += Number.isFinite(direction) ? direction : 0;
    }
  }

  /**
   * SamplerProgram.refill: moves track t's cursor to the segment of progress p (the largest i with k_i ≤ p, 0 when
   * none), the cursor and its successor tried first, then a binary search; and copies the segment into the track's
   * records.
   */
  refill(t, p) {
    const records = this.records;
    const r = t * TRACK;
    const keys = this.keyTimes;
    const firstKey = records[r + T_FIRST_KEY];
    const count = records[r + T_SEGMENTS];
    let local = -1;
    const last = Math.min(records[r + T_CURSOR] + 1, count - 1);
    for (let candidate = records[r + T_CURSOR]; candidate <= last; candidate++) {
      if ((candidate === 0 || keys[firstKey + candidate] <= p) && (candidate === count - 1
        || p < keys[firstKey + candidate + 1])) {
        local = candidate;
        break;
      }
    }
    if (local < 0) {
      let base = 0;
      let length = count;
      while (length > 1) {
        const half = length >> 1;
        base = keys[firstKey + base + half] <= p ? base + half : base;
        length -= half;
      }
      local = base;
    }
    records[r + T_CURSOR] = local;
    const segment = records[r + T_FIRST_SEGMENT] + local;
    records[r + T_BYTE] = this.segmentBytes[segment];
    records[r + T_CURRENT] = records[r + T_FIRST_VALUE] + local * records[r + T_COUNT];
    records[r + T_COEFFICIENTS] = this.segmentCoefficients[segment];
    records[r + T_AUX] = this.segmentAux[segment];
    const h = t * HOT;
    const k0 = keys[firstKey + local];
    const k1 = keys[firstKey + local + 1];
    this.hot[h + H_LO] = local === 0 ? -Infinity : k0;
    this.hot[h + H_HI] = local === count - 1 ? Infinity : k1;
    this.hot[h + H_K0] = k0;
    this.hot[h + H_K1] = k1;
  }

  /** Track t's current segment at progress p (seconds into its node) into out[at …]; the motion tangent angle when
   * asked (0 otherwise). */
  evaluate(t, p, seconds, wantsAngle, out, at) {
    const records = this.records;
    const r = t * TRACK;
    const h = t * HOT;
    const byte = records[r + T_BYTE];
    const count = records[r + T_COUNT];
    const current = records[r + T_CURRENT];
    const next = current + count;
    const v = this.values;
    const k0 = this.hot[h + H_K0];
    const k1 = this.hot[h + H_K1];
    const span = k1 - k0;
    let s = span > 0 ? (p - k0) / span : p >= k1 ? 1 : 0;
    if (byte & SEGMENT.eased) s = packedSolverProgress(this.curves, records[r + T_AUX], s);
    const c = this.coefficients;
    const o = records[r + T_COEFFICIENTS];
    switch (byte & 0x0f) {
      case SEGMENT.hold:
        for (let i = 0; i < count; i++) out[at + i] = v[current + i];
        break;
      case SEGMENT.basic:
        for (let i = 0; i < count; i++) out[at + i] = lerp(v[current + i], v[next + i], p);
        break;
      case SEGMENT.linear:
        for (let i = 0; i < count; i++) out[at + i] = lerp(v[current + i], v[next + i], s);
        break;
      case SEGMENT.hermite: {
        const s2 = s * s;
        const s3 = s2 * s;
        const h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
        for (let i = 0; i < count; i++) {
          out[at + i] = h00 * v[current + i] + h10 * c[o + i] + h01 * v[next + i] + h11 * c[o + count + i];
        }
        break;
      }
      case SEGMENT.spring: {
        const progress = packedSpringProgress(this.springs, records[r + T_AUX], seconds);
        for (let i = 0; i < count; i++) out[at + i] = lerp(v[current + i], v[next + i], progress);
        break;
      }
      case SEGMENT.motion:
      case SEGMENT.motionHold: {
        const parameter = (byte & 0x0f) === SEGMENT.motionHold ? c[o + 9] : s;
        motionPoint(c, o, parameter, this.point);
        out[at] = this.point[0];
        out[at + 1] = this.point[1];
        if (wantsAngle) return motionAngle(c, o, parameter);
        break;
      }
      default:
        break;
    }
    return 0;
  }
}

// ---- The state machine (Sources/SceneRuntime/Machine) ---------------------------------------------------------

const EPISODE_LIMIT = 100000;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** EventScript(parsing:): `press@0,release@1.2`, sorted by time, stably. */
export function parseEvents(text) {
  const events = [];
  for (const item of String(text).split(',')) {
    const trimmed = item.replace(/^ +| +$/g, '');
    const at = trimmed.indexOf('@');
    if (at <= 0) throw new Error(`expected name@seconds, got '${trimmed}'`);
    const name = trimmed.slice(0, at);
    const timeText = trimmed.slice(at + 1);
    const time = NUMBER.test(timeText) ? Number(timeText) : NaN;
    if (!Number.isFinite(time)) throw new Error(`'${timeText}' in '${trimmed}' is not a finite number of seconds`);
    events.push({ name, time });
  }
  return events.map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.time !== b.event.time ? a.event.time - b.event.time : a.index - b.index))
    .map((entry) => entry.event);
}

/** MachineTable.Transition.progress(elapsed:) and velocityResponse(elapsed:): a spring keeps its own clock. */
function transitionProgress(transition, elapsed) {
  if (transition.spring) {
    return { progress: springProgress(transition.spring, elapsed),
      response: springVelocityResponse(transition.spring, elapsed) };
  }
  const fraction = Math.min(Math.max(elapsed / transition.duration, 0), 1);
  return { progress: transition.curve ? curveProgress(transition.curve, fraction) : fraction, response: 0 };
}

/** PoseAnimation.value(progress:response:). */
function poseValue(pose, progress, response) {
  if (pose.holds) return pose.from;
  const eased = pose.from + (pose.to - pose.from) * progress;
  return pose.velocity === 0 ? eased : eased + pose.velocity * response;
}

/** The Hermite fade of a blend offset (BlendOffset.offset). */
function blendAmount(blend, elapsed, window) {
  if (!(elapsed < window)) return 0;
  const s = Math.max(elapsed, 0) / window;
  const rest = 1 - s;
  return rest * rest * ((1 + 2 * s) * blend.value + s * window * blend.velocity);
}

/** MachineReplay.startingSlope: the first difference, or minmod of the first two where they disagree by half. */
function startingSlope(first, second) {
  return Math.abs(first - second) <= 0.5 * Math.max(Math.abs(first), Math.abs(second)) ? first : minmod(first, second);
}

function minmod(a, b) {
  if (!(a * b > 0)) return 0;
  return Math.abs(a) < Math.abs(b) ? a : b;
}

function read(frames, layer, target) {
  return target < 0 ? frames[layer].path[-1 - target] : frames[layer].values[target];
}

/** MachineReplay: the plan's machine driven by events, sampled at any time; episodes are found lazily. */
export class MachineReplay {
  constructor(plan, events = []) {
    this.plan = plan;
    this.machine = plan.machine ?? {
      events: [], initial: 0, transitions: [],
      states: [{ name: '', values: plan.modelValues, paths: plan.modelPaths, loop: null, loopLength: 0 }],
    };
    this.sampler = new Sampler(plan);
    this.autoplay = plan.autoplay;
    this.events = [];
    this.ignored = [];
    this.halt = null;
    this.instantFollowUps = 0;
    const initial = this.machine.states[this.machine.initial];
    const complete = initial.loop === null ? 0 : initial.loopLength;
    this.episodes = [{ start: 0, state: this.machine.initial, transition: null, completion: 0, complete, poses: [],
      blends: [] }];
    this.pending = this.followUp(this.machine.initial, complete);
    for (const event of events) {
      this.events.push(event);
      this.take(this.events.length - 1);
    }
    let budget = this.machine.states.length;
    while (budget > 0 && this.halt === null && this.pending) {
      this.fireFollowUp(this.pending);
      budget -= 1;
    }
  }

  newFrames() {
    return makeFrames(this.plan.layers, this.plan.modelValues, this.plan.modelPaths);
  }

  sample(time, frames) {
    this.advance(time);
    this.composeEpisode(this.episodeIndex(time), time, frames);
    // Only what is shown: the machine's own compositions (the values a transition starts from) keep the copies.
    hideUndrawnCopies(this.sampler.copies, frames);
  }

  episodeAt(time) {
    this.advance(time);
    return this.episodes[this.episodeIndex(time)];
  }

  advance(time) {
    while (this.halt === null && this.pending && this.pending.time <= time) this.fireFollowUp(this.pending);
  }

  episodeIndex(time) {
    let low = 0;
    let high = this.episodes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.episodes[middle].start <= time) low = middle + 1;
      else high = middle;
    }
    return Math.max(low - 1, 0);
  }

  composeEpisode(index, time, frames) {
    const episode = this.episodes[index];
    const state = this.machine.states[episode.state];
    resetFrames(frames, state.values, state.paths);
    for (const timeline of this.autoplay) this.sampler.compose(timeline, time, frames);
    if (episode.transition !== null) {
      const transition = this.machine.transitions[episode.transition];
      const elapsed = time - episode.start;
      if (elapsed < transition.duration) {
        const { progress, response } = transitionProgress(transition, elapsed);
        for (const pose of episode.poses) {
          const value = poseValue(pose, progress, response);
          if (pose.target < 0) frames[pose.layer].path[-1 - pose.target] = value;
          else frames[pose.layer].values[pose.target] = value;
        }
      }
      if (transition.timeline !== null) this.sampler.compose(transition.timeline, time - episode.start, frames);
      if (elapsed < transition.duration) {
        for (const blend of episode.blends) {
          const amount = blendAmount(blend, elapsed, transition.duration);
          if (blend.target < 0) frames[blend.layer].path[-1 - blend.target] += amount;
          else frames[blend.layer].values[blend.target] += amount;
        }
      }
    }
    if (state.loop !== null && time >= episode.completion) {
      this.sampler.compose(state.loop, time - episode.completion, frames);
    }
  }

  transitionFrom(state, trigger) {
    return this.machine.transitions.findIndex((t) => t.from === state && t.trigger === trigger);
  }

  take(index) {
    const event = this.events[index];
    const ignore = (reason) => this.ignored.push({ index, name: event.name, time: event.time, reason });
    if (this.halt !== null) return ignore('halted');
    if (!Number.isFinite(event.time)) return ignore('notFinite');
    const declared = this.machine.events.indexOf(event.name);
    if (declared < 0) return ignore('undeclared');
    if (!(event.time >= 0)) return ignore('beforeStart');
    this.advance(event.time);
    if (this.halt !== null) return ignore('halted');
    this.instantFollowUps = 0;
    const current = this.episodes[this.episodes.length - 1].state;
    const transition = this.transitionFrom(current, declared);
    if (transition < 0) return ignore(`noTransition:${this.machine.states[current].name}`);
    if (!this.begin(transition, event.time)) ignore('halted');
    return undefined;
  }

  fireFollowUp(due) {
    this.pending = null;
    const current = this.episodes[this.episodes.length - 1];
    this.instantFollowUps = current.start === due.time ? this.instantFollowUps + 1 : 0;
    if (this.instantFollowUps > this.machine.states.length) {
      this.halt = { kind: 'instantCycle', state: this.machine.states[current.state].name, time: due.time };
      return;
    }
    this.begin(due.transition, due.time);
  }

  followUp(state, time) {
    if (!Number.isFinite(time)) return null;
    const transition = this.transitionFrom(state, 'completion');
    return transition < 0 ? null : { transition, time };
  }

  begin(index, time) {
    if (this.episodes.length >= EPISODE_LIMIT) {
      this.halt = { kind: 'episodeLimit', time };
      this.pending = null;
      return false;
    }
    const transition = this.machine.transitions[index];
    const state = this.machine.states[transition.to];
    const previous = this.episodes.length - 1;
    const latest = this.episodes[previous];
    const interrupting = latest.transition !== null && time < latest.completion;
    const frames = this.newFrames();
    this.composeEpisode(previous, time, frames);
    const completion = time + transition.length;
    const complete = state.loop === null ? completion : completion + state.loopLength;
    const poses = this.poseAnimations(frames, state, transition);
    if (interrupting && transition.interrupt === 'blend' && transition.spring) {
      this.carryVelocities(poses, transition, frames, previous, time);
    }
    this.episodes.push({ start: time, state: transition.to, transition: index, completion, complete, poses,
      blends: [] });
    if (interrupting && transition.interrupt === 'blend' && transition.duration > 0) {
      this.episodes[this.episodes.length - 1].blends = this.blendOffsets(frames, previous);
    }
    this.pending = this.followUp(transition.to, complete);
    return true;
  }

  /** One animation per number on screen that differs from the state's (targets: slot, or −1 − path index). */
  poseAnimations(frames, state, transition) {
    if (!(transition.duration > 0)) return [];
    const poses = [];
    for (let layer = 0; layer < frames.length; layer++) {
      const values = state.values[layer];
      for (let slot = 0; slot < SLOT_COUNT; slot++) {
        const from = frames[layer].values[slot];
        const to = values[slot];
        if (from === to) continue;
        if (DISCRETE_SLOTS[slot]) {
          if (transition.discrete === 'end') poses.push({ layer, target: slot, from, to, holds: true, velocity: 0 });
        } else {
          poses.push({ layer, target: slot, from, to, holds: false, velocity: 0 });
        }
      }
      const path = state.paths[layer];
      for (let i = 0; i < frames[layer].path.length; i++) {
        const from = frames[layer].path[i];
        const to = path[i];
        if (from === to) continue;
        poses.push({ layer, target: -1 - i, from, to, holds: false, velocity: 0 });
      }
    }
    return poses;
  }

  /** MachineReplay.carryVelocities: an interrupting spring starts each number with its velocity on screen. */
  carryVelocities(poses, transition, onScreen, previous, start) {
    if (poses.length === 0) return;
    const step = Math.max(1e-6, 16 * ulp(start));
    const earlier = start - step;
    const later = start + step;
    const before = this.newFrames();
    const after = this.newFrames();
    this.composeEpisode(this.episodeIndex(earlier), earlier, before);
    this.composeEpisode(previous, later, after);
    const unseen = this.unseenLayers(onScreen);
    const back = start - earlier;
    const forward = later - start;
    for (const pose of poses) {
      if (pose.holds || unseen[pose.layer]) continue;
      const shown = read(onScreen, pose.layer, pose.target);
      const screen = minmod((shown - read(before, pose.layer, pose.target)) / back,
        (read(after, pose.layer, pose.target) - shown) / forward);
      const velocity = screen - transition.springParameters[3] * (pose.to - pose.from);
      pose.velocity = Number.isFinite(velocity) ? velocity : 0;
    }
  }

  unseenLayers(frames) {
    const parents = this.plan.parents;
    const unseen = [];
    for (let layer = 0; layer < frames.length; layer++) {
      unseen.push(frames[layer].values[HIDDEN] !== 0 || (parents[layer] >= 0 && unseen[parents[layer]]));
    }
    return unseen;
  }

  blendOffsets(onScreen, previous) {
    const index = this.episodes.length - 1;
    const start = this.episodes[index].start;
    const step = Math.max(1e-6, 16 * ulp(start));
    const earlier = start - step;
    const later = start + step;
    const now = this.newFrames();
    const next = this.newFrames();
    const further = this.newFrames();
    const before = this.newFrames();
    const after = this.newFrames();
    const twice = later + step;
    this.composeEpisode(index, start, now);
    this.composeEpisode(index, later, next);
    this.composeEpisode(index, twice, further);
    this.composeEpisode(this.episodeIndex(earlier), earlier, before);
    this.composeEpisode(previous, later, after);
    const back = start - earlier;
    const forward = later - start;
    const unseen = this.unseenLayers(onScreen);
    const springStarts = this.springStarts(this.episodes[index], forward);
    const offsets = [];
    const consider = (layer, target) => {
      const shown = read(onScreen, layer, target);
      const pose = springStarts.poses.get(`${layer}|${target}`);
      if (pose && read(now, layer, target) === pose.from
        && read(next, layer, target) === poseValue(pose, springStarts.progress, springStarts.response)) return;
      const value = shown - read(now, layer, target);
      const continued = read(after, layer, target);
      const following = read(next, layer, target);
      if (value === 0 && continued === following) return;
      const interrupted = minmod((shown - read(before, layer, target)) / back, (continued - shown) / forward);
      const own = startingSlope((following - read(now, layer, target)) / forward,
        (read(further, layer, target) - following) / (twice - later));
      const difference = interrupted - own;
      const velocity = Number.isFinite(difference) ? difference : 0;
      if (value === 0 && velocity === 0) return;
      offsets.push({ layer, target, value, velocity });
    };
    for (let layer = 0; layer < onScreen.length; layer++) {
      if (unseen[layer]) continue;
      for (let slot = 0; slot < SLOT_COUNT; slot++) if (!DISCRETE_SLOTS[slot]) consider(layer, slot);
      for (let i = 0; i < onScreen[layer].path.length; i++) consider(layer, -1 - i);
    }
    return offsets;
  }

  /** MachineReplay.SpringStarts: a spring transition's pose animations by number, and their progress a step in. */
  springStarts(episode, step) {
    const poses = new Map();
    const transition = this.machine.transitions[episode.transition];
    if (!transition.spring) return { poses, progress: 0, response: 0 };
    const { progress, response } = transitionProgress(transition, step);
    for (const pose of episode.poses) if (!pose.holds) poses.set(`${pose.layer}|${pose.target}`, pose);
    return { poses, progress, response };
  }

  /** MachineReplay.receive: one more event, no earlier than the last; returns how it was ignored, or null. */
  receive(name, time) {
    if (Number.isNaN(time) || typeof time !== 'number') {
      throw new Error(`event '${name}' has a time that is not a number`);
    }
    const last = this.events[this.events.length - 1];
    if (last && time < last.time) {
      throw new Error(`event '${name}' at ${shortest(time)} s comes before the last one, at ${shortest(last.time)} s`);
    }
    const kept = this.episodeIndex(time) + 1;
    const haltedLater = this.halt !== null && this.halt.time > time;
    if (kept < this.episodes.length || haltedLater) {
      this.episodes.length = kept;
      if (haltedLater) this.halt = null;
      const latest = this.episodes[this.episodes.length - 1];
      this.pending = this.halt === null ? this.followUp(latest.state, latest.complete) : null;
      this.instantFollowUps = 0;
    }
    const ignoredBefore = this.ignored.length;
    this.events.push({ name, time });
    this.take(this.events.length - 1);
    return this.ignored.length > ignoredBefore ? this.ignored[this.ignored.length - 1] : null;
  }
}

// ---- Loading a plan (Sources/SceneRuntime/Serialization) -------------------------------------------------------

function fail(where, message) {
  throw new Error(`scenec plan: ${where}: ${message}`);
}

function number(value, where) {
  if (typeof value === 'number' && !Number.isNaN(value)) return value;
  if (value === 'inf') return Infinity;
  if (value === '-inf') return -Infinity;
  return fail(where, 'expected a number');
}

function numbers(value, where) {
  if (!Array.isArray(value)) fail(where, 'expected an array');
  return value.map((item, index) => number(item, `${where}[${index}]`));
}

function integer(value, where, end) {
  if (!Number.isInteger(value) || value < 0 || value >= end) fail(where, `expected an integer in 0..<${end}`);
  return value;
}

function flagBits(list, table, where) {
  if (!Array.isArray(list)) fail(where, 'expected an array');
  let bits = 0;
  list.forEach((name, index) => {
    if (!(name in table)) fail(`${where}[${index}]`, 'unknown flag');
    bits |= table[name];
  });
  return bits;
}

/** A transition's `spring` (MachineTable.decodeSpring): five finite numbers, a spring that moves and settles. */
function transitionSpring(transition, where) {
  const c = numbers(transition.spring, `${where}.spring`);
  if (c.length !== 5 || !c.every(Number.isFinite) || !(c[4] === 0 || c[4] === 1)) {
    fail(`${where}.spring`, 'expected [mass, stiffness, damping, initialVelocity, allowsOverdamping (0 or 1)]');
  }
  const frequency = Math.sqrt(c[1] / c[0]);
  const ratio = c[2] / (2 * Math.sqrt(c[1] * c[0]));
  if (!(c[0] > 0 && c[1] > 0 && c[2] > 0 && Number.isFinite(frequency) && frequency > 0 && Number.isFinite(ratio)
    && number(transition.duration, `${where}.duration`) > 0)) {
    fail(`${where}.spring`, 'a spring transition needs mass, stiffness, damping and duration > 0');
  }
  return [c[0], c[1], c[2], c[3], c[4] !== 0];
}

function timingFunction(value, where) {
  const points = numbers(value, where);
  if (points.length !== 4 || !(points[0] >= 0 && points[0] <= 1) || !(points[2] >= 0 && points[2] <= 1)
    || !(Math.abs(points[1]) <= 1e6) || !(Math.abs(points[3]) <= 1e6)) {
    fail(where, 'expected control points [x1, y1, x2, y2], x1 and x2 in [0, 1]');
  }
  return points;
}

const COORDINATES = { M: 2, L: 2, Q: 4, C: 6, Z: 0 };
/** The words the language accepts for the style's enumerations (Sources/SceneCore/Properties/StyleWords.swift). */
const STYLE_WORDS = [
  ['fillRule', ['nonZero', 'evenOdd']], ['lineCap', ['butt', 'round', 'square']],
  ['lineJoin', ['miter', 'round', 'bevel']],
  ['fontWeight', ['ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', 'black']],
  ['alignmentMode', ['natural', 'left', 'right', 'center', 'justified']],
];

function coefficientCount(byte, components) {
  const eased = (byte & SEGMENT.eased) !== 0;
  const easing = eased ? 4 : 0;
  switch (byte & 0x0f) {
    case SEGMENT.hold: return eased ? null : 0;
    case SEGMENT.linear: return easing;
    case SEGMENT.hermite: return easing + 2 * components;
    case SEGMENT.spring: return eased ? null : 5;
    case SEGMENT.motion: return components === 2 ? easing + 9 : null;
    case SEGMENT.motionHold: return components === 2 && !eased ? 10 : null;
    case SEGMENT.basic: return eased ? null : 0;
    default: return null;
  }
}

/** Reads a plan format 2 object into the tables the sampler uses; throws an Error naming the member. */
export function readPlan(json) {
  if (json === null || typeof json !== 'object') fail('plan', 'expected a JSON object');
  if (json.format !== 'scenec-plan') fail('format', 'expected "scenec-plan"');
  if (json.formatVersion !== 2) {
    fail('formatVersion', `this plan is format ${json.formatVersion} and this player reads format 2: compile the spec `
      + 'again with this scenec');
  }
  const warnings = [];
  if (!Array.isArray(json.slots)) fail('slots', 'expected an array');
  const runs = [];
  const known = {};
  let planCount = 0;
  json.slots.forEach((slot, index) => {
    planCount = slot.first + slot.width;
    const here = SLOTS[slot.name];
    if (!here || typeof here !== 'object') {
      warnings.push(`slots: the plan's slot '${slot.name}' is unknown to this runtime; its values are ignored`);
    } else if (here.width !== slot.width || here.kind !== slot.kind) {
      warnings.push(`slots[${index}]: the plan's slot '${slot.name}' differs here; its values are ignored`);
    } else {
      runs.push([slot.first, here.first, slot.width]);
      known[slot.name] = here;
    }
  });
  const mapValues = (values, where) => {
    const plan = numbers(values, where);
    if (plan.length !== planCount || !plan.every(Number.isFinite)) fail(where, `expected ${planCount} finite numbers`);
    const result = SLOTS.defaults.slice();
    for (const [from, to, width] of runs) for (let i = 0; i < width; i++) result[to + i] = plan[from + i];
    return result;
  };
  if (!Array.isArray(json.size) || json.size.length !== 2) fail('size', 'expected [width, height]');
  if (!Array.isArray(json.layers)) fail('layers', 'expected an array');
  const layers = json.layers.map((layer, index) => {
    const where = `layers[${index}]`;
    const parent = layer.parent === null ? -1 : integer(layer.parent, `${where}.parent`, index);
    if (!['layer', 'shape', 'text', 'gradient', 'replicator'].includes(layer.type)) {
      fail(`${where}.type`, 'expected layer, shape, text, gradient or replicator');
    }
    // Optional, 0 when absent: which copy of its replicator superlayer the layer is (ReplicaGeometry).
    const replica = layer.replica === undefined ? 0 : integer(layer.replica, `${where}.replica`, Number.MAX_SAFE_INTEGER);
    if (replica > 0 && (parent < 0 || json.layers[parent].type !== 'replicator' || layer.mask === true)) {
      fail(`${where}.replica`, 'only a sublayer of a replicator is one of its copies');
    }
    if (typeof layer.pathElements !== 'string') fail(`${where}.pathElements`, 'expected a string');
    let coordinates = numbers(layer.pathCoordinates, `${where}.pathCoordinates`);
    let expected = 0;
    for (const letter of layer.pathElements) {
      if (!(letter in COORDINATES)) fail(`${where}.pathElements`, `unknown element '${letter}'`);
      expected += COORDINATES[letter];
    }
    if (coordinates.length !== expected) fail(`${where}.pathCoordinates`, `the elements need ${expected} coordinates`);
    if (!layer.style || typeof layer.style !== 'object') fail(`${where}.style`, 'expected an object');
    if (layer.mask === true && parent < 0) fail(`${where}.mask`, 'a mask needs the layer it masks as parent');
    if (!coordinates.every(Number.isFinite)) fail(`${where}.pathCoordinates`, 'expected finite numbers');
    for (const [name, words] of STYLE_WORDS) {
      if (!words.includes(layer.style[name])) fail(`${where}.style.${name}`, `expected one of ${words.join(', ')}`);
    }
    let style = layer.style;
    if (layer.type === 'gradient') {
      coordinates = gradientStops(layer, where);
      if (!GRADIENT_TYPES.includes(layer.gradientType)) {
        fail(`${where}.gradientType`, `expected one of ${GRADIENT_TYPES.join(', ')}`);
      }
      style = { ...layer.style, gradientType: layer.gradientType };
    }
    // Optional (plans from before shadows have none): null, or a path as `pathElements` and coordinates. Its
    // coordinates follow the layer's other list numbers, where shadowPath tracks and states write them.
    const shadowPath = layer.style.shadowPath;
    let shadowCount = 0;
    if (shadowPath !== undefined && shadowPath !== null) {
      const at = `${where}.style.shadowPath`;
      if (typeof shadowPath !== 'object' || typeof shadowPath.elements !== 'string') fail(at, 'expected null or a path');
      const shadowCoordinates = numbers(shadowPath.coordinates, `${at}.coordinates`);
      let needed = 0;
      for (const letter of shadowPath.elements) {
        if (!(letter in COORDINATES)) fail(`${at}.elements`, `unknown element '${letter}'`);
        needed += COORDINATES[letter];
      }
      if (shadowCoordinates.length !== needed || !shadowCoordinates.every(Number.isFinite)) {
        fail(`${at}.coordinates`, `the elements need ${needed} finite coordinates`);
      }
      coordinates = coordinates.concat(shadowCoordinates);
      shadowCount = needed;
    }
    return {
      id: String(layer.id), parent, type: layer.type, mask: layer.mask === true, replica,
      values: mapValues(layer.values, `${where}.values`), elements: layer.pathElements, coordinates, style,
      shadowCount,
    };
  });
  if (!Array.isArray(json.tracks)) fail('tracks', 'expected an array');
  if (!Array.isArray(json.timelines)) fail('timelines', 'expected an array');
  const kept = [];
  const tracks = [];
  json.tracks.forEach((item, index) => {
    const track = readTrack(item, `tracks[${index}]`, layers, known, warnings);
    if (track) {
      tracks.push(track);
      kept.push(index);
    }
  });
  let previousEnd = 0;
  const timelines = json.timelines.map((timeline, index) => {
    const where = `timelines[${index}]`;
    const range = timeline.tracks;
    if (!Array.isArray(range) || range.length !== 2 || range[0] !== previousEnd || range[1] < range[0]) {
      fail(`${where}.tracks`, 'timelines must own consecutive, non-overlapping track ranges');
    }
    previousEnd = range[1];
    const keptIndex = (end) => {
      const found = kept.findIndex((k) => k >= end);
      return found < 0 ? kept.length : found;
    };
    return { name: String(timeline.name), autoplay: timeline.autoplay === true,
      tracks: [keptIndex(range[0]), keptIndex(range[1])] };
  });
  if (previousEnd !== json.tracks.length) {
    fail('timelines', `the timelines own ${previousEnd} of ${json.tracks.length} tracks`);
  }
  const plan = {
    scene: String(json.scene), width: json.size[0], height: json.size[1], layers, timelines, tracks, warnings,
    // Typed, for the copy each sample starts from (resetFrames).
    modelValues: layers.map((layer) => Float64Array.from(layer.values)),
    modelPaths: layers.map((layer) => Float64Array.from(layer.coordinates)),
    parents: layers.map((layer) => layer.parent),
    autoplay: Object.freeze(timelines.flatMap((timeline, index) => (timeline.autoplay ? [index] : []))),
    machine: null,
  };
  if (json.machine !== undefined && json.machine !== null) plan.machine = readMachine(json.machine, plan, mapValues);
  return plan;
}

const GRADIENT_TYPES = ['axial', 'radial', 'conic'];
/** ListLayout (Sources/SceneCore/Properties/ListLayout.swift): a gradient's list numbers are its n locations, then
 * its n colours' r, g, b, a; a shape's are its path's coordinates; the last `shadowCount` are the shadowPath's. */
export const MAX_STOPS = 64;
export function listRange(property, count, shadowCount) {
  const base = count - shadowCount;
  if (property === 'locations') return [0, base / 5];
  if (property === 'colors') return [base / 5, base];
  if (property === 'shadowPath') return [base, count];
  return [0, base];
}

function gradientStops(layer, where) {
  const colors = numbers(layer.colors, `${where}.colors`);
  const locations = numbers(layer.locations, `${where}.locations`);
  if (colors.length !== 4 * locations.length || locations.length > MAX_STOPS || !colors.every(Number.isFinite)) {
    fail(`${where}.colors`, `expected 4 finite numbers per location, at most ${MAX_STOPS} stops`);
  }
  if (!locations.every((l, i) => l >= 0 && l <= 1 && (i === 0 || locations[i - 1] <= l))) {
    fail(`${where}.locations`, 'expected numbers from 0 to 1 that never decrease');
  }
  return locations.concat(colors);
}

function readTrack(item, where, layers, known, warnings) {
  const layer = integer(item.layer, `${where}.layer`, layers.length);
  const components = item.components;
  if (!Number.isInteger(components) || components < 1) fail(`${where}.components`, 'expected a positive integer');
  let slot;
  const isList = ['path', 'colors', 'locations', 'shadowPath'].includes(item.slot);
  if (isList) {
    if (item.component !== 0) fail(`${where}.component`, `a ${item.slot} track starts at component 0`);
    const owned = item.slot === 'shadowPath'
      ? Boolean(layers[layer].style.shadowPath)
      : (item.slot === 'path') === (layers[layer].type !== 'gradient');
    if (!owned) fail(`${where}.slot`, `'${item.slot}' is not a list of a ${layers[layer].type} layer`);
    const [start, end] = listRange(item.slot, layers[layer].coordinates.length, layers[layer].shadowCount);
    // The sampler's hot record keeps −1 − offset in a signed byte (HotSegment.swift).
    if (start > 127) fail(`${where}.slot`, `a ${item.slot} track starts past the list's first 128 numbers`);
    slot = -1 - start;
    if (components !== end - start) {
      fail(`${where}.components`, `a ${item.slot} track has the layer's ${end - start} numbers`);
    }
  } else if (known[item.slot]) {
    const here = known[item.slot];
    if (!Number.isInteger(item.component) || item.component < 0 || item.component >= here.width) {
      fail(`${where}.component`, `'${item.slot}' has ${here.width} components`);
    }
    slot = here.first + item.component;
  } else {
    warnings.push(`${where}: dropped: it writes slot '${item.slot}', unknown to this runtime`);
    return null;
  }
  const flags = flagBits(item.flags, TRACK_FLAGS, `${where}.flags`);
  if (!Array.isArray(item.stages) || item.stages.length === 0) fail(`${where}.stages`, 'a track needs a stage');
  const stages = item.stages.map((stage, index) => {
    const at = `${where}.stages[${index}]`;
    const read = {
      beginTime: number(stage.beginTime, `${at}.beginTime`), speed: number(stage.speed, `${at}.speed`),
      timeOffset: number(stage.timeOffset, `${at}.timeOffset`), duration: number(stage.duration, `${at}.duration`),
      cycle: number(stage.cycle, `${at}.cycle`), activeDuration: number(stage.activeDuration, `${at}.activeDuration`),
      flags: flagBits(stage.flags, STAGE_FLAGS, `${at}.flags`),
      timingFunction: timingFunction(stage.timingFunction, `${at}.timingFunction`),
    };
    // A member of a sequence after an endless sibling begins at +Infinity (it never starts).
    if (!((Number.isFinite(read.beginTime) || read.beginTime === Infinity) && Number.isFinite(read.speed)
      && Number.isFinite(read.timeOffset) && read.duration > 0 && read.cycle > 0 && read.activeDuration >= 0)) {
      fail(at, 'beginTime finite or "inf"; speed, timeOffset finite; duration, cycle > 0; activeDuration ≥ 0');
    }
    read.key = [read.beginTime, read.speed, read.timeOffset, read.duration, read.cycle, read.activeDuration,
      read.flags, ...read.timingFunction].map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(',');
    return read;
  });
  const keyTimes = numbers(item.keyTimes, `${where}.keyTimes`);
  if (keyTimes.length < 2 || !keyTimes.every((k, i) => Number.isFinite(k) && (i === 0 || keyTimes[i - 1] <= k))) {
    fail(`${where}.keyTimes`, 'expected at least two finite, non-decreasing key times');
  }
  const values = numbers(item.values, `${where}.values`);
  if (values.length % components !== 0 || !values.every(Number.isFinite)) {
    fail(`${where}.values`, `expected finite numbers, a multiple of ${components}`);
  }
  if (!coefficientsFinite(item.coefficients)) fail(`${where}.coefficients`, 'expected finite numbers');
  if (!isList && flags & TRACK_FLAGS.broadcast
    ? components !== 1 || slot + 3 > known[item.slot].first + known[item.slot].width
    : !isList && slot + components > known[item.slot].first + known[item.slot].width) {
    fail(`${where}.components`, 'the components run past the slot');
  }
  if (flags & (TRACK_FLAGS.rotateAuto | TRACK_FLAGS.rotateAutoReverse) && components !== 2) {
    fail(`${where}.flags`, 'rotation modes belong to motion tracks');
  }
  const kinds = item.segmentKinds;
  if (!Array.isArray(kinds) || kinds.length !== keyTimes.length - 1) {
    fail(`${where}.segmentKinds`, 'expected one segment per pair of key times');
  }
  const coefficients = numbers(item.coefficients, `${where}.coefficients`);
  let offset = 0;
  const segments = kinds.map((byte, index) => {
    const needed = coefficientCount(byte, components);
    if (needed === null) fail(`${where}.segmentKinds[${index}]`, `segment kind ${byte} does not fit`);
    const reads = [SEGMENT.linear, SEGMENT.hermite, SEGMENT.spring, SEGMENT.basic].includes(byte & 0x0f) ? 2 : 1;
    if (index + reads > values.length / components) fail(`${where}.segmentKinds[${index}]`, 'reads past the values');
    const kind = byte & 0x0f;
    const base = offset + (byte & SEGMENT.eased ? 4 : 0);
    if ((kind === SEGMENT.motion || kind === SEGMENT.motionHold) && ![0, 1, 2, 3].includes(coefficients[base])) {
      fail(`${where}.segmentKinds[${index}]`, 'motion degree must be 0 to 3');
    }
    if (kind === SEGMENT.spring) {
      const [mass, stiffness, damping] = coefficients.slice(offset, offset + 3);
      const frequency = Math.sqrt(stiffness / mass);
      if (!(mass > 0 && stiffness > 0 && damping >= 0 && Number.isFinite(frequency) && frequency > 0
        && Number.isFinite(damping / (2 * Math.sqrt(stiffness * mass))))) {
        fail(`${where}.segmentKinds[${index}]`, 'a spring needs mass, stiffness > 0 and a finite frequency');
      }
    }
    if (offset + needed > coefficients.length) fail(`${where}.coefficients`, 'too few coefficients');
    const segment = { kind: byte & 0x0f, offset, curve: null, spring: null };
    if (byte & SEGMENT.eased) {
      segment.curve = solverCurve(timingFunction(coefficients.slice(offset, offset + 4), `${where}.coefficients`));
      segment.offset += 4;
    }
    if (segment.kind === SEGMENT.spring) {
      const c = coefficients.slice(offset, offset + 5);
      segment.spring = springCurve(c[0], c[1], c[2], c[3], c[4] !== 0);
    }
    offset += needed;
    return segment;
  });
  if (offset !== coefficients.length) fail(`${where}.coefficients`, 'too many coefficients');
  if (flags & RELATIVE && !(segments.length === 1
    && (segments[0].kind === SEGMENT.basic || segments[0].kind === SEGMENT.spring))) {
    fail(`${where}.flags`, 'relative tracks are one basic or spring segment');
  }
  // The numbers a sample reads as typed arrays: unboxed doubles whatever the JSON held, and no elements-kind checks.
  return { keyPath: item.keyPath, layer, slot, components, flags, stages, keyTimes: Float64Array.from(keyTimes),
    values: Float64Array.from(values), segments, coefficients: Float64Array.from(coefficients) };
}

function coefficientsFinite(list) {
  return Array.isArray(list) && list.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function readMachine(json, plan, mapValues) {
  if (!json || !Array.isArray(json.events) || !Array.isArray(json.states) || !Array.isArray(json.transitions)) {
    fail('machine', 'expected events, states and transitions');
  }
  const events = json.events.map(String);
  if (new Set(events).size !== events.length || events.includes('completion')) {
    fail('machine.events', 'event names must be unique and not "completion"');
  }
  const states = json.states.map((state, index) => ({
    name: String(state.name),
    loop: state.loop === null ? null : integer(state.loop, `machine.states[${index}].loop`, plan.timelines.length),
    loopLength: number(state.loopLength, `machine.states[${index}].loopLength`),
    final: state.final === true,
    values: state.values.map((values, layer) => mapValues(values, `machine.states[${index}].values[${layer}]`)),
    paths: state.pathCoordinates.map(
      (path, layer) => numbers(path, `machine.states[${index}].pathCoordinates[${layer}]`)),
  }));
  const transitions = json.transitions.map((transition, index) => {
    const where = `machine.transitions[${index}]`;
    const points = timingFunction(transition.timingFunction, `${where}.timingFunction`);
    const spring = transition.spring === undefined ? null : transitionSpring(transition, where);
    return {
      from: integer(transition.from, `${where}.from`, states.length),
      to: integer(transition.to, `${where}.to`, states.length),
      trigger: transition.trigger === 'completion' ? 'completion' : integer(transition.trigger, `${where}.trigger`,
        events.length),
      duration: number(transition.duration, `${where}.duration`),
      curve: isLinear(points) ? null : cubicCurve(points),
      spring: spring && springCurve(...spring), springParameters: spring,
      timeline: transition.timeline === null ? null
        : integer(transition.timeline, `${where}.timeline`, plan.timelines.length),
      discrete: transition.discrete, interrupt: transition.interrupt ?? 'blend',
      length: number(transition.length, `${where}.length`),
    };
  });
  const triggers = new Set();
  transitions.forEach((transition, index) => {
    const where = `machine.transitions[${index}]`;
    if (!(Number.isFinite(transition.duration) && transition.duration >= 0 && transition.length >= 0)) {
      fail(where, 'duration must be finite and ≥ 0, length ≥ 0');
    }
    if (!['start', 'end'].includes(transition.discrete)) fail(`${where}.discrete`, 'expected "start" or "end"');
    if (!['blend', 'replace'].includes(transition.interrupt)) {
      fail(`${where}.interrupt`, 'expected "blend" or "replace"');
    }
    const key = `${transition.from}|${transition.trigger}`;
    if (triggers.has(key)) fail(where, 'a second transition from the same state on the same trigger');
    triggers.add(key);
  });
  states.forEach((state, index) => {
    const where = `machine.states[${index}]`;
    if (!(state.loopLength >= 0)) fail(`${where}.loopLength`, 'expected a number ≥ 0 or "inf"');
    if (state.values.length !== plan.layers.length || state.paths.length !== plan.layers.length) {
      fail(where, `values and pathCoordinates need one array per layer (${plan.layers.length})`);
    }
    state.paths.forEach((path, layer) => {
      if (path.length !== plan.layers[layer].coordinates.length || !path.every(Number.isFinite)) {
        fail(`${where}.pathCoordinates[${layer}]`, "expected the layer's finite coordinates");
      }
    });
  });
  return { events, initial: integer(json.initial, 'machine.initial', states.length), states, transitions };
}

// ---- Presentation (PresentationJSON.swift) ---------------------------------------------------------------------

const HALF_PI = Math.PI / 2;

function cosineAndSine(angle) {
  const quarters = angle / HALF_PI;
  const nearest = Math.round(quarters) - (quarters < 0 && quarters % 1 === -0.5 ? 1 : 0);
  if (Math.abs(quarters - nearest) <= 1e-12 * Math.max(1, Math.abs(nearest)) && Math.abs(nearest) < 1e15) {
    switch (((nearest % 4) + 4) % 4) {
      case 0: return [1, 0];
      case 1: return [0, 1];
      case 2: return [-1, 0];
      default: return [0, -1];
    }
  }
  return [Math.cos(angle), Math.sin(angle)];
}

function multiply(m, o) {
  return multiplyInto(m, o, new Array(16));
}

// localMatrix's 4×4 products in two scratch buffers and one operand: the same sums in the same order as
// `multiply`, without the seven arrays a layer and sample allocated (1,000 layers a frame in a preview).
const PRODUCT = [new Float64Array(16), new Float64Array(16)];
const OPERAND = new Float64Array(16);

function multiplyInto(m, o, product) {
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 4; column++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += m[row * 4 + k] * o[k * 4 + column];
      product[row * 4 + column] = sum;
    }
  }
  return product;
}

// The operand with the identity's rows but for the given diagonal (a scale) or translation row.
function operand(x, y, z, translates) {
  OPERAND.fill(0);
  OPERAND[0] = translates ? 1 : x;
  OPERAND[5] = translates ? 1 : y;
  OPERAND[10] = translates ? 1 : z;
  OPERAND[15] = 1;
  if (translates) { OPERAND[12] = x; OPERAND[13] = y; OPERAND[14] = z; }
  return OPERAND;
}

// The operand of a rotation about axis 0 (x), 1 (y) or 2 (z) with the given cosine and sine.
function rotationOperand(axis, c, s) {
  OPERAND.fill(0);
  OPERAND[15] = 1;
  if (axis === 2) { OPERAND[0] = c; OPERAND[1] = s; OPERAND[4] = -s; OPERAND[5] = c; OPERAND[10] = 1; }
  else if (axis === 1) { OPERAND[0] = c; OPERAND[2] = -s; OPERAND[5] = 1; OPERAND[8] = s; OPERAND[10] = c; }
  else { OPERAND[0] = 1; OPERAND[5] = c; OPERAND[6] = s; OPERAND[9] = -s; OPERAND[10] = c; }
  return OPERAND;
}

/** LayerMatrix.local: the layer's own affine matrix (a, b, c, d, tx, ty) into its superlayer. */
export function localMatrix(v) {
  const p = SLOTS.position.first, b = SLOTS.bounds.first, a = SLOTS.anchorPoint.first, t = SLOTS.transform.first;
  const ax = v[b] + v[a] * v[b + 2];
  const ay = v[b + 1] + v[a + 1] * v[b + 3];
  const [cz, sz] = cosineAndSine(v[t + 5]);
  const [cy, sy] = cosineAndSine(v[t + 4]);
  const [cx, sx] = cosineAndSine(v[t + 3]);
  const [one, other] = PRODUCT;
  const start = other.fill(0);
  start[0] = 1; start[5] = 1; start[10] = 1; start[12] = -ax; start[13] = -ay; start[15] = 1;
  multiplyInto(start, operand(v[t + 6], v[t + 7], v[t + 8], false), one);
  multiplyInto(one, rotationOperand(2, cz, sz), other);
  multiplyInto(other, rotationOperand(1, cy, sy), one);
  multiplyInto(one, rotationOperand(0, cx, sx), other);
  multiplyInto(other, operand(v[t], v[t + 1], v[t + 2], true), one);
  const m = multiplyInto(one, operand(v[p], v[p + 1], 0, true), other);
  return [m[0], m[1], m[4], m[5], m[12], m[13]];
}

/** ReplicaGeometry.instanceMatrix: copy `copy`'s map in its replicator's space, T(−c) · Mᵏ · T(c) about the centre
 * of the replicator's bounds, Mᵏ by repeated squaring in 4×4, as the Swift runtime multiplies. */
export function instanceMatrix(v, copy) {
  if (copy === 0) return [1, 0, 0, 1, 0, 0];
  const b = SLOTS.bounds.first;
  const step = decomposed(v, SLOTS.instanceTransform.first, false);
  let power = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  let square = step;
  let exponent = copy;
  while (exponent > 0) {
    if (exponent % 2 === 1) power = multiply(power, square);
    exponent = Math.floor(exponent / 2);
    if (exponent > 0) square = multiply(square, square);
  }
  const centreX = v[b] + v[b + 2] / 2;
  const centreY = v[b + 1] + v[b + 3] / 2;
  let m = multiply([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -centreX, -centreY, 0, 1], power);
  m = multiply(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, centreX, centreY, 0, 1]);
  return [m[0], m[1], m[4], m[5], m[12], m[13]];
}

/** ReplicaGeometry.modulation: instanceColor + copy × the offsets, each component clamped to [0, 1]. */
export function modulation(v, copy) {
  const color = SLOTS.instanceColor.first, offsets = SLOTS.instanceRedOffset.first;
  const result = [];
  for (let i = 0; i < 4; i++) result.push(Math.min(Math.max(v[color + i] + copy * v[offsets + i], 0), 1));
  return result;
}

/** Transform3D.decomposed: scale, rotation z, y, x, translation, then (ten components) the perspective m34. */
function decomposed(v, t, perspective) {
  const [cz, sz] = cosineAndSine(v[t + 5]);
  const [cy, sy] = cosineAndSine(v[t + 4]);
  const [cx, sx] = cosineAndSine(v[t + 3]);
  let m = [v[t + 6], 0, 0, 0, 0, v[t + 7], 0, 0, 0, 0, v[t + 8], 0, 0, 0, 0, 1];
  m = multiply(m, [cz, sz, 0, 0, -sz, cz, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  m = multiply(m, [cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1]);
  m = multiply(m, [1, 0, 0, 0, 0, cx, sx, 0, 0, -sx, cx, 0, 0, 0, 0, 1]);
  m = multiply(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, v[t], v[t + 1], v[t + 2], 1]);
  if (perspective && v[t + 9] !== 0) m = multiply(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, v[t + 9], 0, 0, 0, 1]);
  return m;
}

const translation3D = (x, y, z) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
const anchorOf = (v) => {
  const b = SLOTS.bounds.first, a = SLOTS.anchorPoint.first;
  return [v[b] + v[a] * v[b + 2], v[b + 1] + v[a + 1] * v[b + 3]];
};

/** LayerProjection.local: a layer's map into its superlayer's plane (a replicator's copy map `instance`
 * [a, b, c, d, tx, ty] when given, then the superlayer's sublayerTransform about its anchor point, when `parent`
 * is given), flattened to a 3×3 homography [m11 m12 m14 m21 m22 m24 m41 m42 m44]. */
export function projectiveLocal(v, parent, instance = null) {
  const [ax, ay] = anchorOf(v);
  const p = SLOTS.position.first;
  let m = multiply(translation3D(-ax, -ay, 0), decomposed(v, SLOTS.transform.first, false));
  m = multiply(m, translation3D(v[p], v[p + 1], v[SLOTS.zPosition.first]));
  if (instance) {
    const [a, b, c, d, tx, ty] = instance;
    m = multiply(m, [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]);
  }
  if (parent) {
    const [sx, sy] = anchorOf(parent);
    let s = multiply(translation3D(-sx, -sy, 0), decomposed(parent, SLOTS.sublayerTransform.first, true));
    s = multiply(s, translation3D(sx, sy, 0));
    m = multiply(m, s);
  }
  return [m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]];
}

export function concatenateProjective(m, o) {
  const product = new Array(9);
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      product[row * 3 + column] = m[row * 3] * o[column] + m[row * 3 + 1] * o[3 + column]
        + m[row * 3 + 2] * o[6 + column];
    }
  }
  return product;
}

/** ProjectiveTransform.matrix3D: as a CATransform3D (and CSS matrix3d()) with the identity's z row and column. */
export const matrix3D = (h) => [h[0], h[1], 0, h[2], h[3], h[4], 0, h[5], 0, 0, 1, 0, h[6], h[7], 0, h[8]];
const affineAsProjective = (m) => [m[0], m[1], 0, m[2], m[3], 0, m[4], m[5], 1];

/** ProjectiveTransform.facesBack at the centre of the bounds, and LayerProjection.isCulled. */
export function isCulled(v, h) {
  if (v[SLOTS.doubleSided.first] >= 0.5 - 1e-12) return false;
  const b = SLOTS.bounds.first;
  const x = v[b] + v[b + 2] / 2, y = v[b + 1] + v[b + 3] / 2;
  const det = h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6])
    + h[2] * (h[3] * h[7] - h[4] * h[6]);
  return det * (x * h[2] + y * h[5] + h[8]) < 0;
}

const IDENTITY_SUBLAYER = [0, 0, 0, 0, 0, 0, 1, 1, 1, 0];

/** LayerProjection.throughSublayerTransform: whether each layer is drawn through a sublayerTransform in use (not
 * the identity in the model or a state's pose, or written by a track) on a superlayer; such layers print
 * `matrix3d`. Computed once per plan. */
export function throughSublayerTransform(plan) {
  if (plan.throughSublayerTransform) return plan.throughSublayerTransform;
  const first = SLOTS.sublayerTransform.first;
  const differs = (values) => IDENTITY_SUBLAYER.some((x, i) => values[first + i] !== x);
  const uses = plan.layers.map((layer, index) => differs(plan.modelValues[index]));
  for (const state of plan.machine?.states ?? []) {
    state.values.forEach((values, index) => { if (differs(values)) uses[index] = true; });
  }
  for (const track of plan.tracks) {
    if (track.slot >= first && track.slot < first + IDENTITY_SUBLAYER.length) uses[track.layer] = true;
  }
  const result = [];
  plan.layers.forEach((layer, index) => {
    const parent = layer.parent;
    result.push(parent >= 0 && (result[parent] || (uses[parent] && !layer.mask)));
  });
  plan.throughSublayerTransform = result;
  return result;
}

export function concatenate(m, o) {
  return [
    m[0] * o[0] + m[1] * o[2], m[0] * o[1] + m[1] * o[3], m[2] * o[0] + m[3] * o[2], m[2] * o[1] + m[3] * o[3],
    m[4] * o[0] + m[5] * o[2] + o[4], m[4] * o[1] + m[5] * o[3] + o[5],
  ];
}

/** What a sample holds for a slot value: NaN as 0, infinities as the largest doubles. */
export function finite(x) {
  if (Number.isFinite(x)) return x;
  if (Number.isNaN(x)) return 0;
  return x > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
}

function formatPath(elements, coordinates) {
  const tokens = [];
  let index = 0;
  for (const letter of elements) {
    const count = COORDINATES[letter];
    const parts = [];
    for (let i = 0; i < count; i++) parts.push(shortest(finite(coordinates[index + i])));
    index += count;
    tokens.push(letter + parts.join(' '));
  }
  return tokens.join(' ');
}

// The properties a layer of each type has, in PropertyName's order: filtered once, not per layer and sample.
const PROPERTIES_BY_TYPE = new Map();
function propertiesOf(type) {
  let list = PROPERTIES_BY_TYPE.get(type);
  if (!list) {
    list = PROPERTIES.filter((property) => property.types === 'all' || property.types === type);
    PROPERTIES_BY_TYPE.set(type, list);
  }
  return list;
}

const SAMPLE_TEMPLATES = new Map();

function slotList(v, first, width) {
  const result = new Array(width);
  for (let i = 0; i < width; i++) result[i] = finite(v[first + i]);
  return result;
}

/** One element of `scenec sample`'s `samples` array: the time and every layer, members in its order. */
export function presentation(plan, time, frames) {
  const matrices = [];
  const modulations = [];
  const through = throughSublayerTransform(plan);
  const maps = [];
  const layers = plan.layers.map((layer, index) => {
    const v = frames[index].values;
    let local = localMatrix(v);
    let color = null;
    let instance = null;
    if (layer.parent >= 0) {
      const parent = plan.layers[layer.parent];
      color = modulations[layer.parent];
      if (parent.type === 'replicator' && !layer.mask) {
        const parentValues = frames[layer.parent].values;
        if (layer.replica !== 0) instance = instanceMatrix(parentValues, layer.replica);
        if (instance) local = concatenate(local, instance);
        const own = modulation(parentValues, layer.replica);
        color = color ? color.map((c, i) => c * own[i]) : own;
      }
    }
    modulations.push(color);
    const matrix = layer.parent < 0 ? local : concatenate(local, matrices[layer.parent]);
    matrices.push(matrix);
    if (through[index]) {
      const superlayer = layer.mask ? null : frames[layer.parent].values;
      maps.push(concatenateProjective(projectiveLocal(v, superlayer, instance), maps[layer.parent]));
    } else {
      maps.push(affineAsProjective(matrix));
    }
    // Some forty members added by computed name would turn the object into a dictionary (V8 does so past a dozen
    // keyed additions), slow to build and to read; a copy of a template with the same members in the same order
    // stays a fast object, and the stores below only overwrite. Each member present only sometimes belongs in the
    // signature.
    const signature = `${layer.type}|${through[index]}|${color !== null}|${layer.mask}`;
    const template = SAMPLE_TEMPLATES.get(signature);
    const object = template ? { ...template } : {};
    object.id = layer.id;
    object.parent = layer.parent < 0 ? null : plan.layers[layer.parent].id;
    object.type = layer.type;
    for (const property of propertiesOf(layer.type)) {
      const first = property.first;
      const width = property.defaults ? property.defaults.length : 0;
      switch (property.kind) {
        case 'number': case 'duration': object[property.name] = finite(v[first]); break;
        case 'bool': object[property.name] = v[first] >= 0.5; break;
        case 'point': case 'size': case 'rect': case 'color': object[property.name] = slotList(v, first, width); break;
        case 'transform': {
          object[property.name] = {
            translation: slotList(v, first, 3), rotation: slotList(v, first + 3, 3), scale: slotList(v, first + 6, 3),
          };
          if (property.name !== 'transform') break;
          if (through[index]) object.matrix3d = matrix3D(maps[index]).map(finite);
          else object.matrix = matrix.map(finite);
          if (color) object.modulationColor = color.map(finite);
          break;
        }
        case 'perspectiveTransform': {
          const all = slotList(v, first, width);
          object[property.name] = {
            translation: all.slice(0, 3), rotation: all.slice(3, 6), scale: all.slice(6, 9), m34: all[9],
          };
          break;
        }
        case 'path':
          if (property.name === 'shadowPath') {
            const shadowPath = layer.style.shadowPath;
            const list = frames[index].path;
            object.shadowPath = shadowPath
              ? formatPath(shadowPath.elements, list.subarray(list.length - layer.shadowCount)) : null;
          } else {
            object.path = formatPath(layer.elements, frames[index].path);
          }
          break;
        case 'colorList': {
          const list = frames[index].path;
          const [start, end] = listRange('colors', list.length, layer.shadowCount);
          const colors = [];
          for (let i = start; i < end; i += 4) colors.push([list[i], list[i + 1], list[i + 2], list[i + 3]].map(finite));
          object.colors = colors;
          break;
        }
        case 'locationList': {
          const list = frames[index].path;
          const [start, end] = listRange('locations', list.length, layer.shadowCount);
          object.locations = Array.from(list.subarray(start, end), finite);
          break;
        }
        case 'enumeration': object[property.name] = String(layer.style[property.name] ?? ''); break;
        case 'string': object.string = String(layer.style.string ?? ''); break;
        case 'numberList': object.lineDashPattern = (layer.style.lineDashPattern ?? []).map(finite); break;
        case 'font': object.font = { family: String(layer.style.fontFamily), weight: String(layer.style.fontWeight) };
          break;
        default: break;
      }
    }
    if (layer.mask) object.mask = true;
    if (!template) SAMPLE_TEMPLATES.set(signature, JSON.parse(JSON.stringify(object, (key, value) => (key ? null : value))));
    return object;
  });
  return { time: Number.isFinite(time) ? time : Number.isNaN(time) ? 'nan' : time > 0 ? 'inf' : '-inf', layers };
}

// ---- The public API ---------------------------------------------------------------------------------------------

/** A player's live playback: events sent as they happen (times non-decreasing), sampled at any time. */
export class LiveSession {
  constructor(player) {
    this.player = player;
    this.replay = new MachineReplay(player.plan);
    this.frames = this.replay.newFrames();
  }

  /** Sends a declared event at scene time `time`; returns null when it started a transition, else why it did not
   * ({name, time, reason}). Throws when `time` is earlier than the last event's. */
  send(eventName, time) {
    return this.replay.receive(String(eventName), Number(time));
  }

  sample(time) {
    return presentation(this.player.plan, time, this.sampleFrames(time));
  }

  /** As `Player.sampleFrames`: the session's own buffer, overwritten by the next call. */
  sampleFrames(time) {
    this.replay.sample(time, this.frames);
    return this.frames;
  }

  stateName(time) {
    return this.replay.machine.states[this.replay.episodeAt(time).state].name;
  }

  /** The events that did nothing, in the order sent. */
  get ignored() {
    return this.replay.ignored.slice();
  }
}

export class Player {
  constructor(plan) {
    this.plan = plan;
    this.sampler = new Sampler(plan);
    this.frames = makeFrames(plan.layers, plan.modelValues, plan.modelPaths);
    this.replays = new Map();
    this.timelineNames = plan.timelines.map((t) => t.name);
    this.eventNames = plan.machine ? plan.machine.events.slice() : [];
    this.stateNames = plan.machine ? plan.machine.states.map((s) => s.name) : [];
    this.layerIDs = plan.layers.map((l) => l.id);
    this.warnings = plan.warnings.slice();
  }

  get scene() {
    return this.plan.scene;
  }

  get size() {
    return [this.plan.width, this.plan.height];
  }

  /** As `scenec sample` at one time: options {timeline: NAME} or {events: "press@0,release@1.2"}; without
   * either, a scene with states replays no events from its initial state, any other plays its autoplay set. */
  sample(time, options = {}) {
    return presentation(this.plan, time, this.sampleFrames(time, options));
  }

  /** The same sample as raw frames, for a renderer: per layer (paint order) `{values, path}`, Float64Arrays of the
   * slot values (`SLOTS[name].first` …) and the path coordinates. The player's own buffer: the next call
   * overwrites it. */
  sampleFrames(time, options = {}) {
    const { timeline, events } = options ?? {};
    if (timeline !== undefined && timeline !== null) {
      if (events !== undefined && events !== null) throw new Error('give either events or timeline');
      const index = this.timelineNames.indexOf(timeline);
      if (index < 0) throw new Error(`no timeline named '${timeline}'`);
      this.sampler.sample(time, [index], this.frames);
    } else if ((events !== undefined && events !== null) || this.plan.machine) {
      this.replay(events ?? '').sample(time, this.frames);
    } else {
      this.sampler.sample(time, this.plan.autoplay, this.frames);
    }
    return this.frames;
  }

  /** The name of the state in effect at `time` under the events given ("" without states). */
  stateName(time, events = '') {
    const replay = this.replay(events);
    return replay.machine.states[replay.episodeAt(time).state].name;
  }

  /** The events of `events` that did nothing, as {name, time, reason}. */
  ignoredEvents(events) {
    const replay = this.replay(events);
    return replay.ignored.slice();
  }

  replay(events) {
    const key = String(events);
    let replay = this.replays.get(key);
    if (!replay) {
      const script = key === '' ? [] : parseEvents(key);
      const declared = this.eventNames;
      for (const event of script) {
        if (!declared.includes(event.name)) {
          throw new Error(declared.length === 0
            ? `scene '${this.plan.scene}' has no states, so it takes no events ('${event.name}')`
            : `no event named '${event.name}' (the scene declares ${declared.map((n) => `'${n}'`).join(', ')})`);
        }
      }
      replay = new MachineReplay(this.plan, script);
      if (this.replays.size > 32) this.replays.clear();
      this.replays.set(key, replay);
    }
    return replay;
  }

  live() {
    return new LiveSession(this);
  }
}

/** Loads a plan format 2 object (as `scenec compile` writes it, parsed); throws an Error naming what is wrong. */
export function loadPlan(planObject) {
  if (typeof planObject === 'string') planObject = JSON.parse(planObject);
  return new Player(readPlan(planObject));
}
