import SceneCore
import SceneRuntime

/// Keyframe segments: a leaf piece cut where its progress crosses the track's key times, each part eased by the
/// curves involved.
extension TrackTiming {
  /// A leaf piece cut where its progress crosses key times; each part's easing from the curves involved.
  static func segmentPieces(plan: Plan, track: Int, leaf: LeafMap) -> [TimingPiece] {
    let tracks = plan.tracks
    let discrete = tracks.flags[track].contains(.discrete)
    if leaf.f0 == leaf.f1 { return [TimingPiece(start: leaf.t0, end: leaf.t1, kind: .constant)] }
    let keyBase = tracks.keyStarts[track]
    let keys = Array(tracks.keyTimes[keyBase..<tracks.keyStarts[track + 1]])
    let firstSegment = tracks.segmentStarts[track]
    let segmentCount = tracks.segmentStarts[track + 1] - firstSegment
    guard segmentCount > 0 else { return [TimingPiece(start: leaf.t0, end: leaf.t1, kind: .constant)] }
    func progress(_ f: Double) -> Double { leaf.curve.map { $0.value(at: f) } ?? f }
    let pa = progress(leaf.f0)
    let pb = progress(leaf.f1)
    // Cut where the progress crosses an interior key time.
    var cuts: [Double] = []  // in f
    if segmentCount > 1 {
      let interior = keys.dropFirst().prefix(segmentCount - 1)
      for key in interior where key > min(pa, pb) && key < max(pa, pb) {
        if let curve = leaf.curve {
          guard curve.isMonotoneInY else {
            return [TimingPiece(start: leaf.t0, end: leaf.t1, kind: .complex("an overshooting timing function"))]
          }
          cuts.append(curve.point(atParameter: curve.parameter(forY: key)).x)
        } else {
          cuts.append(key)
        }
      }
    }
    func time(atF f: Double) -> Double { leaf.t0 + (f - leaf.f0) / (leaf.f1 - leaf.f0) * (leaf.t1 - leaf.t0) }
    var fs = [leaf.f0, leaf.f1] + cuts
    fs.sort { leaf.f1 > leaf.f0 ? $0 < $1 : $0 > $1 }
    var pieces: [TimingPiece] = []
    for (fa, fb) in zip(fs, fs.dropFirst()) where fa != fb {
      let ta = time(atF: fa)
      let tb = time(atF: fb)
      guard tb > ta else { continue }
      let segment = segmentIndex(keys: keys, count: segmentCount, progress: progress((fa + fb) / 2))
      if holdsStill(plan: plan, track: track, segment: segment) {
        pieces.append(TimingPiece(start: ta, end: tb, kind: .constant))
        continue
      }
      let kind = segmentKind(
        plan: plan, segment: firstSegment + segment, keys: keys, local: segment, fa: fa, fb: fb, curve: leaf.curve,
        segmentCount: segmentCount)
      if discrete, case .constant = kind {
        pieces.append(TimingPiece(start: ta, end: tb, kind: .constant))
      } else if discrete {
        pieces.append(TimingPiece(start: ta, end: tb, kind: .step))
      } else {
        pieces.append(TimingPiece(start: ta, end: tb, kind: kind))
      }
    }
    return pieces
  }

  /// Whether segment `local` of a track moves between two equal values (`from: 1, to: 1`): then it holds still.
  /// Relative tracks read their ends from the running value, so they are never assumed still.
  static func holdsStill(plan: Plan, track: Int, segment local: Int) -> Bool {
    let tracks = plan.tracks
    guard tracks.flags[track].isDisjoint(with: TrackFlags.relative) else { return false }
    let byte = tracks.segmentKinds[tracks.segmentStarts[track] + local]
    let kind = byte & SegmentKind.kindMask
    guard
      kind == SegmentKind.linear || kind == SegmentKind.basic || kind == SegmentKind.hermite
        || kind == SegmentKind.spring
    else { return false }
    let count = tracks.components[track]
    let base = tracks.valueStarts[track] + local * count
    guard base + 2 * count <= tracks.valueStarts[track + 1] else { return false }
    for component in 0..<count where tracks.values[base + component] != tracks.values[base + count + component] {
      return false
    }
    if kind == SegmentKind.hermite {
      let c =
        tracks.coefficientStarts[tracks.segmentStarts[track] + local]
        + (byte & SegmentKind.eased != 0 ? SegmentKind.easingCount : 0)
      for k in 0..<(2 * count) where tracks.coefficients[c + k] != 0 { return false }
    }
    return true
  }

  /// The sampler's rule: the largest i with k_i ≤ p, 0 when none, at most count − 1.
  static func segmentIndex(keys: [Double], count: Int, progress p: Double) -> Int {
    var index = 0
    for i in 0..<count where keys[i] <= p { index = i }
    return index
  }

  static func segmentKind(
    plan: Plan, segment: Int, keys: [Double], local: Int, fa: Double, fb: Double, curve: BezierEasing?,
    segmentCount: Int
  ) -> TimingPiece.Kind {
    let tracks = plan.tracks
    let byte = tracks.segmentKinds[segment]
    switch byte & SegmentKind.kindMask {
    case SegmentKind.hold, SegmentKind.motionHold:
      return .constant
    case SegmentKind.hermite:
      return .complex("cubic keyframes (calculationMode cubic or cubicPaced)")
    case SegmentKind.spring:
      return .complex("a spring")
    case SegmentKind.motion:
      return .complex("a motion path")
    case SegmentKind.linear, SegmentKind.basic:
      let isBasic = byte & SegmentKind.kindMask == SegmentKind.basic
      if byte & SegmentKind.eased != 0 {
        if curve != nil { return .complex("keyframe timing functions inside an eased animation") }
        guard let function = tracks.timingFunction(ofSegment: segment) else { return .constant }
        let segmentCurve = BezierEasing(x1: function.x1, y1: function.y1, x2: function.x2, y2: function.y2)
        let k0 = keys[local]
        let k1 = keys[local + 1]
        guard k1 > k0 else { return .constant }
        let sa = (fa - k0) / (k1 - k0)
        let sb = (fb - k0) / (k1 - k0)
        if segmentCurve.isLinear { return .eased(.linear) }
        guard
          let part = segmentCurve.part(
            fromParameter: segmentCurve.parameter(forX: sa), to: segmentCurve.parameter(forX: sb))
        else { return .constant }
        return .eased(part)
      }
      if let curve {
        guard let part = curve.part(fromParameter: curve.parameter(forX: fa), to: curve.parameter(forX: fb)) else {
          return .constant
        }
        // A linear segment clamps its parameter; only a curve that stays within [0, 1] is exact (else verified).
        _ = isBasic
        return .eased(part)
      }
      return .eased(.linear)
    default:
      return .complex("an unknown segment kind")
    }
  }
}
