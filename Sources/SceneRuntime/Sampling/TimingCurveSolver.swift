import SceneCore

/// The eased segments' timing curves, solved faster than `CubicTimingCurve.progress(at:)` with the same contract:
/// the parameter s returned satisfies |X(s) − x| ≤ 1e-12 (or comes from the same bisection fallback), so the
/// eased progress Y(s) agrees with the reference evaluator's to rounding (docs/performance.md).
///
/// Newton's method from s = x needs about six evaluations of X on a typical curve and falls back to bisection
/// (about forty more) on ~3 % of inputs. Starting it instead from a small table of the inverse X⁻¹ at x = j/8,
/// built once per distinct curve when the program loads, halves the evaluations and nearly removes the fallback.
enum TimingCurveSolver {
  /// Knots of the inverse table: s_j = X⁻¹(j / intervals) and its slope ds/dx there, for j = 0…intervals, as
  /// `Float`s (a starting guess only), two to a `Double` slot; s_0 = 0 and s_intervals = 1 are not stored.
  static let intervals = 8
  /// `Double` slots per table.
  static let tableSlots = intervals

  /// Y(s) where X(s) = x, x clamped to [0, 1], for the curve (ax, bx, cx, ay, by, cy) at `c` whose inverse table
  /// is at `table`. 0 for x ≤ 0 and 1 for x ≥ 1, as `CubicTimingCurve.progress(at:)`.
  @inline(__always)
  static func progress(_ c: UnsafePointer<Double>, table: UnsafePointer<Double>, at x: Double) -> Double {
    guard x > 0 && x < 1 else {
      if x <= 0 { return 0 }
      if x >= 1 { return 1 }
      return CubicTimingCurve(ax: c[0], bx: c[1], cx: c[2], ay: c[3], by: c[4], cy: c[5]).progress(at: x)  // NaN
    }
    let s = parameter(c, table: table, forX: x)
    return ((c[3] * s + c[4]) * s + c[5]) * s
  }

  /// The parameter s ∈ [0, 1] with |X(s) − x| ≤ 1e-12 for x ∈ (0, 1) (or the bisection's answer where that
  /// fails, as `CubicTimingCurve.parameter(forX:)`).
  @inline(__always)
  static func parameter(_ c: UnsafePointer<Double>, table: UnsafePointer<Double>, forX x: Double) -> Double {
    let (ax, bx, cx) = (c[0], c[1], c[2])
    // The reference's first iterate is s = x: where that is already within the tolerance (x within ~1e-12 of a
    // flat end, a nearly linear X), it is the answer, as there; the band of admissible s is wide there and a
    // different point in it could move Y by far more than 1e-12.
    if abs(((ax * x + bx) * x + cx) * x - x) <= 1e-12 { return x }
    let guess = self.guess(table: UnsafeRawPointer(table), x: x)
    // Two Newton steps without a test in between (from the table's guess they almost always land within 1e-12,
    // and a fixed count keeps the branch predictable), then the tolerance test; what fails it (flat ends, a
    // vanishing slope) takes the reference's loop from where the steps got to (the guess if they left [0, 1]),
    // and the reference's bisection, which gives the reference's answer whatever the start.
    var s = guess
    for _ in 0..<2 {
      let error = ((ax * s + bx) * s + cx) * s - x
      let slope = (3 * ax * s + 2 * bx) * s + cx
      s -= error / slope
    }
    let error = ((ax * s + bx) * s + cx) * s - x
    if !(abs(error) <= 1e-12 && s >= 0 && s <= 1) {
      s = parameter(ax: ax, bx: bx, cx: cx, forX: x, from: s >= 0 && s <= 1 ? s : guess)
    }
    return s
  }

  /// The table's cubic Hermite interpolation of X⁻¹ at x ∈ (0, 1), within [0, 1].
  @inline(__always)
  static func guess(table: UnsafeRawPointer, x: Double) -> Double {
    let f = x * Double(intervals)  // exact: a power of two
    let j = Int(f)  // 0 ..< intervals, as x < 1
    let u = f - Double(j)
    // Floats: m_0, then s_k, m_k for k = 1 ..< intervals, then m_intervals (s_0 = 0 and s_intervals = 1).
    @inline(__always) func float(_ index: Int) -> Double {
      Double(table.load(fromByteOffset: index &* 4, as: Float.self))
    }
    let last = 2 * intervals - 1
    let s0 = j == 0 ? 0 : float(max(2 &* j &- 1, 0))
    let m0 = float(2 &* j)
    let s1 = j == intervals - 1 ? 1 : float(2 &* j &+ 1)
    let m1 = float(min(2 &* j &+ 2, last))
    let u2 = u * u
    let u3 = u2 * u
    let h = 1 / Double(intervals)
    let g =
      (2 * u3 - 3 * u2 + 1) * s0 + (u3 - 2 * u2 + u) * h * m0 + (3 * u2 - 2 * u3) * s1 + (u3 - u2) * h * m1
    return min(max(g, 0), 1)
  }

  /// The parameter s ∈ [0, 1] with |X(s) − x| ≤ 1e-12 for x ∈ (0, 1): Newton's method from `guess`, with
  /// `CubicTimingCurve.parameter(forX:)`'s stopping rules and its bisection where Newton stalls or leaves [0, 1]
  /// (from `guess` = x, the same operations as `CubicTimingCurve.parameter(forX:)`, so the same answer).
  @inline(never)
  static func parameter(ax: Double, bx: Double, cx: Double, forX target: Double, from guess: Double) -> Double {
    let tolerance = 1e-12
    var s = guess
    for _ in 0..<8 {
      let error = ((ax * s + bx) * s + cx) * s - target
      if abs(error) <= tolerance { return s }
      let slope = (3 * ax * s + 2 * bx) * s + cx
      if abs(slope) < 1e-9 { break }
      s -= error / slope
      if s < 0 || s > 1 { break }
    }
    return bisect(ax: ax, bx: bx, cx: cx, target: target)
  }

  /// The bisection fallback of `CubicTimingCurve.parameter(forX:)`, step for step.
  @inline(never)
  static func bisect(ax: Double, bx: Double, cx: Double, target: Double) -> Double {
    let tolerance = 1e-12
    var low = 0.0
    var high = 1.0
    var s = target
    for _ in 0..<200 {
      s = (low + high) / 2
      let value = ((ax * s + bx) * s + cx) * s
      if abs(value - target) <= tolerance || high - low <= tolerance { break }
      if value < target { low = s } else { high = s }
    }
    return s
  }

  /// The inverse table of the curve with X coefficients (ax, bx, cx), appended to `tables` (`tableSlots` slots).
  static func appendTable(ax: Double, bx: Double, cx: Double, to tables: inout [Double]) {
    let curve = CubicTimingCurve(ax: ax, bx: bx, cx: cx, ay: 0, by: 0, cy: 1)
    let knots = (0...intervals).map { j -> Double in
      j == 0 ? 0 : j == intervals ? 1 : curve.parameter(forX: Double(j) / Double(intervals))
    }
    var floats: [Float] = []
    for j in 0...intervals {
      // ds/dx = 1 / X'(s); where X is nearly flat (the inverse's slope blows up) the neighbouring chord instead.
      let slope = curve.xDerivative(atParameter: knots[j])
      let before = max(j - 1, 0)
      let after = min(j + 1, intervals)
      let chord = (knots[after] - knots[before]) / (Double(after - before) / Double(intervals))
      if j > 0 && j < intervals { floats.append(Float(knots[j])) }
      floats.append(Float(slope > 1e-3 ? 1 / slope : chord))
    }
    for slot in 0..<tableSlots {
      let pair = UInt64(floats[2 * slot].bitPattern) | UInt64(floats[2 * slot + 1].bitPattern) << 32
      tables.append(Double(bitPattern: pair))
    }
  }
}

/// The timing curves of a plan's eased segments with their inverse tables, one record per distinct curve (many
/// segments share one): the polynomial's six numbers (`CubicTimingCurve` ax, bx, cx, ay, by, cy, derived here
/// from the plan's control points), then `TimingCurveSolver.tableSlots` numbers of its table.
struct CurveTables {
  static let stride = 6 + TimingCurveSolver.tableSlots
  var records: [Double] = []
  /// Per segment, the index of its record, or −1 for a segment without a timing curve.
  var recordOf: [Int32]

  init(segmentKinds: [UInt8], coefficientStarts: [Int], coefficients: [Double]) {
    recordOf = [Int32](repeating: -1, count: segmentKinds.count)
    var index: [[UInt64]: Int32] = [:]
    for segment in segmentKinds.indices where segmentKinds[segment] & SegmentKind.eased != 0 {
      let c = coefficientStarts[segment]
      let points = coefficients[c..<c + SegmentKind.easingCount]
      let key = points.map(\.bitPattern)
      if let existing = index[key] {
        recordOf[segment] = existing
      } else {
        let record = Int32(records.count / Self.stride)
        let curve = CubicTimingCurve(TimingFunction(points[c], points[c + 1], points[c + 2], points[c + 3]))
        records += [curve.ax, curve.bx, curve.cx, curve.ay, curve.by, curve.cy]
        TimingCurveSolver.appendTable(ax: curve.ax, bx: curve.bx, cx: curve.cx, to: &records)
        index[key] = record
        recordOf[segment] = record
      }
    }
  }
}
