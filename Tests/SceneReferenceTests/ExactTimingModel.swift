import SceneModel

/// A number exactly as the spec writes it: its decimal text and its exact value.
struct ExactDecimal {
  var text: String
  var value: Rational

  init(_ text: String) {
    self.text = text
    value = Rational(decimal: text)
  }
}

/// A positive extent that may be endless (repeatCount inf, speed 0, a group over such a child).
enum Extent {
  case finite(Rational)
  case endless

  static func max(_ a: Extent, _ b: Extent) -> Extent {
    guard case .finite(let x) = a, case .finite(let y) = b else { return .endless }
    return .finite(Swift.max(x, y))
  }
}

/// The exact-arithmetic model of docs/semantics.md's timing phases: a random tree of timing nodes whose inputs are
/// decimals, laid out and resolved as the checker does (sequences end to end, a group's duration the latest end
/// of its children), and evaluated in rationals — no rounding anywhere, so boundaries are where the decimals put
/// them. Leaves are linear and groups unwarped (a timing curve is not rational); leaves report their un-eased
/// progress f = τ/d and repeat index n.
struct ExactTimingNode {
  enum Kind {
    case leaf(Int)
    case group([ExactTimingNode])
    case sequence([ExactTimingNode])
  }

  var kind: Kind
  var beginTime = ExactDecimal("0")
  var duration: ExactDecimal?
  var speed = ExactDecimal("1")
  var timeOffset = ExactDecimal("0")
  var repeatCount: ExactDecimal?
  var repeatsForever = false
  var repeatDuration: ExactDecimal?
  var autoreverses = false
  var fillMode = FillMode.removed
  var removedOnCompletion = true

  /// The timing with everything resolved, and the children laid out.
  struct Resolved {
    var begin: Rational
    var duration: Extent
    var speed: Rational
    var offset: Rational
    var active: Extent
    var autoreverses: Bool
    var fillMode: FillMode
    var removedOnCompletion: Bool
    var leaf: Int?
    var children: [Resolved]

    var cycle: Extent {
      guard case .finite(let d) = duration else { return .endless }
      return .finite(autoreverses ? d + d : d)
    }

    /// beginTime + AD/|speed| in the parent's time.
    var end: Extent {
      guard speed != .zero, case .finite(let window) = active else { return .endless }
      return .finite(begin + window / speed.magnitude)
    }
  }

  func resolved() -> Resolved {
    var children: [Resolved] = []
    switch kind {
    case .leaf: break
    case .group(let nodes): children = nodes.map { $0.resolved() }
    case .sequence(let nodes):
      children = nodes.map { $0.resolved() }
      // Each child begins where the previous one's active duration ends, plus its own beginTime (the generator
      // gives only the last child an endless extent).
      var cursor = Rational.zero
      for index in children.indices {
        let extent = children[index].end
        children[index].begin = children[index].begin + cursor
        if case .finite(let end) = extent { cursor = cursor + end }
      }
    }
    var resolvedDuration: Extent
    if let duration {
      resolvedDuration = .finite(duration.value)
    } else if case .leaf = kind {
      resolvedDuration = .finite(Rational(1, 4))
    } else {
      resolvedDuration = children.map(\.end).reduce(Extent.finite(Rational(-1_000_000))) { Extent.max($0, $1) }
      if case .finite(let value) = resolvedDuration, value <= .zero { resolvedDuration = .finite(Rational(1, 4)) }
    }
    var result = Resolved(
      begin: beginTime.value, duration: resolvedDuration, speed: speed.value, offset: timeOffset.value,
      active: .endless,
      autoreverses: autoreverses, fillMode: fillMode, removedOnCompletion: removedOnCompletion, leaf: nil,
      children: children)
    if case .leaf(let index) = kind { result.leaf = index }
    if let repeatDuration {
      result.active = .finite(repeatDuration.value)
    } else if !repeatsForever, case .finite(let cycle) = result.cycle {
      result.active = .finite((repeatCount?.value ?? .one) * cycle)
    }
    return result
  }
}

extension ExactTimingNode.Resolved {
  /// Each leaf in effect at parent time `parentTime`: (f, n).
  func evaluate(at parentTime: Rational, isRoot: Bool, into results: inout [Int: (f: Rational, n: Rational)]) {
    // Phase and local time t (or the terminal position).
    var local: Rational
    var terminal = false
    if speed == .zero {
      local = offset
    } else if parentTime - begin < .zero {
      guard fillMode.fillsBackwards else { return }
      local = offset
    } else if case .finite(let window) = active, ((parentTime - begin) * speed).magnitude >= window {
      if isRoot && removedOnCompletion { return }
      guard fillMode.fillsForwards else { return }
      local = (speed.isNegative ? -window : window) + offset
      terminal = true
    } else {
      local = (parentTime - begin) * speed + offset
    }
    // Position in the cycle: the limit from inside at the end (u ∈ (0, C] forwards, [0, C) backwards).
    var u = local
    var n = Rational.zero
    if case .finite(let cycle) = cycle {
      let quotient = local / cycle
      let index = terminal && !speed.isNegative ? quotient.ceil - 1 : quotient.floor
      n = Rational(index)
      u = local - n * cycle
    }
    var tau = u
    if case .finite(let d) = duration, autoreverses, d < u, case .finite(let cycle) = cycle { tau = cycle - u }
    if let leaf {
      guard case .finite(let d) = duration else { return }
      results[leaf] = (tau / d, n)
      return
    }
    // Linear groups: the children's parent time is τ (f·d).
    for child in children { child.evaluate(at: tau, isRoot: false, into: &results) }
  }
}
