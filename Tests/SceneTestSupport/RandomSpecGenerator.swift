import Foundation
import SceneCore

/// Paths shared by the tests.
package enum CLIPaths {
  package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

/// Generates random but valid specs: nested groups and sequences with random timing fields, and every
/// animation kind on every key path of the table (shadows included), for the differential test. Deterministic for
/// a seed.
package struct RandomSpecGenerator {
  private var random: SeededRandom
  private let keyPaths: KeyPathPool
  /// `let` definitions of the spec being written: every other colour, point and rect value is written as a
  /// name defined under `let` (a count, not a draw, decides, so the random values are those of a spec without
  /// names and the plan is the same).
  private var lets: [String] = []
  private var namedValueCount = 0
  /// Whether the spec being written has the replicators `ring` and `inner` (and so `r`, `rr`, `q`): a share of the
  /// specs only, because their copies make a spec's layers two or three times as many, and every test over random
  /// specs (the differential test's 1,300 rounds, the web player's 500 plans) pays for each layer.
  private var replicated = true
  private static let replicatedPercent = 35

  /// The key paths animated on the plain layers (`a`, `b`, `dots`, the replicated `r`, `rr`, `q`), on the shape
  /// (`s`), on the gradient (`g`) and on the replicators (`ring`, `inner`).
  package struct KeyPathPool {
    package var layer: [AnimatableKeyPath]
    package var shape: [AnimatableKeyPath]
    package var gradient: [AnimatableKeyPath]
    package var replicator: [AnimatableKeyPath] = keyPaths(for: .replicator)

    package init(layer: [AnimatableKeyPath], shape: [AnimatableKeyPath], gradient: [AnimatableKeyPath] = []) {
      self.layer = layer
      self.shape = shape
      self.gradient = gradient.isEmpty ? layer : gradient
    }

    /// Every key path the property table lets each layer type animate.
    package static let table = KeyPathPool(
      layer: keyPaths(for: .layer), shape: keyPaths(for: .shape), gradient: keyPaths(for: .gradient))

    private static func keyPaths(for type: LayerType) -> [AnimatableKeyPath] {
      AnimatableKeyPath.all.filter { $0.layerTypes.contains(type) }
    }
  }

  /// Whether numbers are sometimes extreme (`extremeNumbers`, and `extremeTimes` for timing fields), and the spec
  /// has a layer with a frame, an anchorPoint and paths whose computed points may overflow: for the property test
  /// that every plan the compiler writes loads (issue 33). Off, the specs are exactly those of before.
  private let extremes: Bool
  private static let extremeNumbers = ["1e308", "-1e308", "1.7e308", "-1.7e308", "1e-308", "-5e-324", "1e300", "0"]
  private static let extremeTimes = ["1e308", "-1e308", "1e-308", "1.7e308", "-1.7e308", "1e300"]
  private static let extremePercent = 3

  package init(seed: UInt64, keyPaths: KeyPathPool = .table, extremes: Bool = false) {
    random = SeededRandom(seed: seed)
    self.keyPaths = keyPaths
    self.extremes = extremes
  }

  private mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }

  private mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

  private mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

  private mutating func number(_ range: ClosedRange<Double>) -> String {
    if extremes, chance(Self.extremePercent) { return pick(Self.extremeNumbers) }
    let steps = 20.0
    let value = range.lowerBound + Double(int(0...Int(steps))) / steps * (range.upperBound - range.lowerBound)
    return String(format: "%.3f", value)
  }

  private mutating func timing(indent: String, isRoot: Bool, isLeaf: Bool) -> String {
    var lines: [String] = []
    if chance(40) { lines.append("beginTime: \(time(["0", "0.1", "0.25", "0.5", "-0.2", "1"]))") }
    if isLeaf || chance(50) { lines.append("duration: \(time(["0.1", "0.25", "0.5", "1", "1.5", "0.3"]))") }
    if chance(25) { lines.append("speed: \(time(["2", "0.5", "-1", "0", "1.5", "-2"]))") }
    if chance(25) { lines.append("timeOffset: \(time(["0.1", "0.25", "0.5", "-0.3", "1"]))") }
    if chance(35) {
      lines.append("repeatCount: \(time(["2", "1.5", "0.5", "3", "inf", "2.25"]))")
    } else if chance(15) {
      lines.append("repeatDuration: \(time(["0.7", "1.2", "2"]))")
    }
    if chance(30) { lines.append("autoreverses: true") }
    if chance(50) { lines.append("fillMode: \(pick(["removed", "forwards", "backwards", "both"]))") }
    if chance(40) { lines.append("removedOnCompletion: \(pick(["true", "false"]))") }
    if chance(40) {
      lines.append(
        "timingFunction: \(pick(["easeIn", "easeOut", "easeInEaseOut", "default", "[0.3, -0.4, 0.7, 1.4]"]))")
    }
    return lines.map { indent + $0 + "\n" }.joined()
  }

  /// One of `choices`, or (with `extremes`) sometimes an extreme time.
  private mutating func time(_ choices: [String]) -> String {
    if extremes, chance(Self.extremePercent) { return pick(Self.extremeTimes) }
    return pick(choices)
  }

  /// With `extremes`: a layer placed by `frame` and `anchorPoint`, and a shape whose paths have every command that
  /// computes points (SVG `S`, `T`, `A` and relative ones, `arc`, `rect`, `ellipse`, `roundedRect`), their numbers
  /// sometimes extreme. Not animated, so their structure is free.
  private mutating func coordinate() -> String { number(-50...50) }

  /// `count` coordinates, separated by spaces (SVG path data).
  private mutating func points(_ count: Int) -> String {
    (0..<count).map { _ in coordinate() }.joined(separator: " ")
  }

  private mutating func extremeLayers() -> String {
    var text = "  - id: far\n"
    text += "    anchorPoint: [\(coordinate()), \(coordinate())]\n"
    text += "    frame: [\(coordinate()), \(coordinate()), \(number(0...50)), \(number(0...50))]\n"
    text += "    shadowOpacity: 0.5\n"
    text += "    shadowPath: \"M \(points(2)) Q \(points(3)) 0 t \(points(2))\"\n"
    text += "  - id: curves\n    type: shape\n"
    text +=
      "    path: \"M \(points(2)) C 0 0 \(points(4)) s \(points(4)) T \(points(2)) "
      + "a \(number(0...50)) \(number(0...50)) \(coordinate()) 0 1 \(points(2)) Z\"\n"
    text += "    sublayers:\n      - id: commands\n        type: shape\n        path:\n"
    text +=
      "          - arc: {center: [\(coordinate()), \(coordinate())], radius: \(number(0...50)), start: 0, end: 2}\n"
    text += "          - rect: [\(coordinate()), \(coordinate()), \(number(0...50)), \(number(0...50))]\n"
    text += "          - ellipse: [\(coordinate()), \(coordinate()), \(number(0...50)), \(number(0...50))]\n"
    text +=
      "          - roundedRect: {rect: [\(coordinate()), \(coordinate()), \(number(0...50)), \(number(0...50))], "
      + "cornerRadius: \(number(0...20))}\n"
    return text
  }

  private mutating func value(ofKind kind: ValueKind) -> String {
    value(of: AnimatableKeyPath.all.first { $0.kind == kind }!)
  }

  /// A value of the key path, drawn from its kind and its property's range in the table.
  private mutating func value(of keyPath: AnimatableKeyPath) -> String {
    // A replicator's count is a whole number of copies (E0240); a few, so the copies built stay few.
    if keyPath.name == PropertyName.instanceCount.rawValue { return String(int(0...4)) }
    let range = keyPath.name == keyPath.property ? LayerProperty.named(keyPath.property)?.range : nil
    switch keyPath.kind {
    case .number:
      guard let range else { return number(0...50) }
      return number(range.lowerBound...(range.isBoundedAbove ? range.upperBound : range.lowerBound + 50))
    case .angle: return number(-3...3)
    case .duration: return number(0...1)
    case .bool: return pick(["true", "false"])
    case .point: return named("[\(number(0...100)), \(number(0...100))]")
    case .size where keyPath.property == "bounds": return "[\(number(1...80)), \(number(1...80))]"
    case .size: return "[\(number(-20...20)), \(number(-20...20))]"
    // Origins at 0: the range bounds only the size (ValueRange).
    case .rect: return named("[0, 0, \(number(1...80)), \(number(1...80))]")
    case .color: return named("\"rgba(\(int(0...255)), \(int(0...255)), \(int(0...255)), \(number(0...1)))\"")
    case .transform:
      return "{translation: [\(number(-20...20)), \(number(-20...20))], rotation: \(number(-3...3)), "
        + "scale: \(number(0.2...2))}"
    case .perspectiveTransform:
      return "{perspective: \(number(100...1000)), translation: [\(number(-20...20)), \(number(-20...20))], "
        + "rotation: {x: \(number(-1...1)), y: \(number(-3...3))}, scale: \(number(0.5...2))}"
    // The shadowPath of every layer that has one is a triangle, `M L L Z` (CA interpolates same structures only).
    case .path where keyPath.property == PropertyName.shadowPath.rawValue:
      return "\"M \(number(0...50)) \(number(0...50)) L \(number(0...50)) 0 L 4 \(number(0...50)) Z\""
    case .path:
      return
        "\"M \(number(0...50)) \(number(0...50)) L \(number(0...50)) \(number(0...50)) C 1 2 \(number(0...50)) 4 5 "
        + "\(number(0...50)) Z\""
    // The gradient `g` has three stops.
    case .colorList: return "[\((0..<3).map { _ in value(ofKind: .color) }.joined(separator: ", "))]"
    case .locationList:
      let first = int(0...10)
      let second = int(first...20)
      return "[\(Double(first) / 20), \(Double(second) / 20), \(Double(int(second...20)) / 20)]"
    case .enumeration, .string, .numberList, .font:
      preconditionFailure("\(keyPath.name) is not animatable")
    }
  }

  /// The layers whose spec sets a `shadowPath`: only theirs can be animated or posed (E0225).
  private static let shadowPathTargets: Set<String> = ["a", "s", "g", "r", "dots", "dots[1]"]

  /// `pool` without `shadowPath` for a target that sets none.
  private static func usable(_ pool: [AnimatableKeyPath], on target: String) -> [AnimatableKeyPath] {
    shadowPathTargets.contains(target) ? pool : pool.filter { $0.property != PropertyName.shadowPath.rawValue }
  }

  /// `value`, or every other time a `let` name defined as `value`.
  private mutating func named(_ value: String) -> String {
    namedValueCount += 1
    guard namedValueCount % 2 == 0 else { return value }
    let name = "v\(lets.count)"
    lets.append("  \(name): \(value)\n")
    return name
  }

  private mutating func leaf(indent: String) -> String {
    let target = pick(
      replicated
        ? ["a", "b", "dots", "dots[1]", "s", "g", "r", "rr", "q", "ring", "inner"]
        : ["a", "b", "dots", "dots[1]", "s", "g"])
    var text = "\(indent)target: \(target)\n"
    let pool =
      target == "s"
      ? keyPaths.shape
      : target == "g" ? keyPaths.gradient : target == "ring" || target == "inner" ? keyPaths.replicator : keyPaths.layer
    let animated = pick(Self.usable(pool, on: target))
    let keyPath = animated.name
    text += "\(indent)keyPath: \(keyPath)\n"
    // Lists (paths, gradient stops) animate only from one whole list to another.
    let discrete = animated.kind == .bool || animated.kind.componentCount == nil
    func value() -> String { self.value(of: animated) }
    let kind = discrete ? pick(["basic", "keyframes"]) : pick(["basic", "keyframes", "spring", "motion"])
    switch kind {
    case "keyframes":
      let count = int(2...5)
      text += "\(indent)values: [\((0..<count).map { _ in value() }.joined(separator: ", "))]\n"
      let mode = pick(!discrete ? ["linear", "discrete", "paced", "cubic", "cubicPaced"] : ["linear", "discrete"])
      text += "\(indent)calculationMode: \(mode)\n"
      if mode == "linear" || mode == "cubic" || mode == "discrete", chance(60) {
        let n = mode == "discrete" ? count + 1 : count
        var times = (0..<n).map { Double($0) / Double(n - 1) }
        for index in 1..<(n - 1) where chance(50) { times[index] = (times[index - 1] + times[index]) / 2 }
        text += "\(indent)keyTimes: [\(times.map { String(format: "%.4f", $0) }.joined(separator: ", "))]\n"
      }
      if mode == "linear" || mode == "cubic", chance(50) {
        text +=
          "\(indent)timingFunctions: ["
          + (1..<count).map { _ in pick(["linear", "easeIn", "easeOut", "default"]) }.joined(separator: ", ")
          + "]\n"
      }
      if mode == "cubic", chance(50) {
        text += "\(indent)tension: [\((0..<count).map { _ in number(-1...1) }.joined(separator: ", "))]\n"
      }
    case "spring":
      text += "\(indent)from: \(value())\n\(indent)to: \(value())\n"
      text +=
        chance(50)
        ? "\(indent)spring: {mass: \(number(0.5...2)), stiffness: \(number(50...300)), "
          + "damping: \(number(0...30)), initialVelocity: \(number(-5...5))}\n"
        : "\(indent)spring: {duration: \(number(0.2...1)), bounce: \(number(-0.5...0.8))}\n"
    case "motion" where keyPath == "position":
      text += "\(indent)path: \"M 0 0 L \(number(0...50)) 10 Q 20 30 \(number(0...50)) 40 L 5 5\"\n"
      if chance(50) { text += "\(indent)rotationMode: \(pick(["auto", "autoReverse"]))\n" }
      if chance(30) { text += "\(indent)calculationMode: paced\n" }
    default:
      let combination = pick(["from to", "from by", "by to", "from", "to", "by"])
      for key in combination.split(separator: " ") {
        text += "\(indent)\(key): \(key == "by" && animated.kind == .bool ? "true" : value())\n"
      }
      if !discrete, chance(20) { text += "\(indent)additive: true\n" }
      if !discrete, chance(20) { text += "\(indent)cumulative: true\n" }
    }
    return text + timing(indent: indent, isRoot: false, isLeaf: true)
  }

  private mutating func node(indent: String, depth: Int) -> String {
    if depth >= 3 || chance(45) { return leaf(indent: indent) }
    let kind = pick(["group", "sequence"])
    var text = timing(indent: indent, isRoot: false, isLeaf: false)
    text += "\(indent)\(kind):\n"
    for _ in 0..<int(1...3) {
      let child = node(indent: indent + "    ", depth: depth + 1)
      text += indent + "  - " + child.dropFirst(indent.count + 4)
    }
    return text
  }

  package mutating func spec() -> String {
    let text = timelinesSpec()
    return text + letSection()
  }

  /// `let` may come anywhere in the file; last, it leaves every other part where a spec without names has it.
  private func letSection() -> String {
    lets.isEmpty ? "" : "let:\n" + lets.joined()
  }

  /// The layers and random timelines, without the `let` section their values' names need.
  private mutating func timelinesSpec() -> String {
    lets = []
    // Half the scenes look at `b` through `a`'s perspective, and `b` may hide its back (the sample's matrix3d).
    let perspective = chance(50) ? "\n    sublayerTransform: {perspective: \(number(200...800))}" : ""
    let doubleSided = chance(50) ? "\n        doubleSided: false" : ""
    let ringPerspective =
      chance(50) ? "\n    sublayerTransform: {perspective: \(number(200...800)), rotation: {x: 0.4}}" : ""
    replicated = chance(Self.replicatedPercent)
    var text = """
      scene: random
      size: [100, 100]
      layers:
        - id: a
          frame: [10, 10, 40, 40]\(perspective)
          shadowOpacity: 0.5
          shadowOffset: [1, 2]
          shadowPath: "M 0 0 L 40 0 L 20 40 Z"
          sublayers:
            - id: b
              frame: [5, 5, 10, 10]\(doubleSided)
        - id: dots
          repeat: 3
          as: k
          position: [k * 10, 50]
          bounds: [0, 0, 8, 8]
          shadowPath: "M 0 0 L 8 0 L 4 8 Z"
        - id: s
          type: shape
          path: "M 1 1 L 2 2 C 1 2 3 4 5 6 Z"
          shadowPath: "M 0 0 L 4 0 L 4 4 Z"
        - id: g
          type: gradient
          frame: [50, 50, 40, 30]
          colors: [red, "#00FF0080", blue]
          gradientType: radial
          startPoint: [0.5, 0.5]
          endPoint: [1, 1]
          shadowOpacity: 0.3
          shadowPath: "M 0 0 L 40 0 L 40 30 Z"
      timelines:

      """
    if replicated {
      text = text.replacingOccurrences(
        of: "timelines:\n", with: replicatorLayers(perspective: ringPerspective) + "timelines:\n")
    }
    if extremes { text = text.replacingOccurrences(of: "timelines:\n", with: extremeLayers() + "timelines:\n") }
    for index in 0..<int(1...3) {
      text += "  t\(index):\n" + node(indent: "    ", depth: 0)
    }
    return text
  }

  /// The replicators' layers, last of the `layers:` list.
  private mutating func replicatorLayers(perspective ringPerspective: String) -> String {
    """
      # Copies of `r` (and its sublayer `rr`) play `instanceDelay` apart; `inner`'s copies of `q` add their own.
      # Half the rings look at their copies in perspective (matrix3d through the instance map); `r` casts a shadow.
      - id: ring
        type: replicator
        bounds: [0, 0, 60, 60]
        position: [50, 50]\(ringPerspective)
        instanceCount: \(int(1...3))
        instanceDelay: \(time(["0", "0.15", "-0.1", "0.3"]))
        instanceTransform: {rotation: 0.5, translation: [3, 0]}
        instanceColor: "rgba(200, 100, 50, 0.9)"
        instanceAlphaOffset: -0.2
        sublayers:
          - id: r
            frame: [5, 5, 10, 10]
            shadowOpacity: 0.4
            shadowPath: "M 0 0 L 10 0 L 5 10 Z"
            sublayers:
              - id: rr
                frame: [1, 1, 3, 3]
          - id: inner
            type: replicator
            frame: [20, 20, 20, 20]
            instanceCount: 2
            instanceDelay: \(pick(["0.1", "0.25"]))
            sublayers:
              - id: q
                frame: [0, 0, 4, 4]

    """
  }

  /// `spec()` with a `states:` section: three states posing random key paths of the layers, events `tap` and
  /// `press`, and transitions that are springs in either form or durations, some `interrupt: replace` — so the web
  /// player's random plans replay spring transitions and their interruptions too. No transition plays a timeline
  /// here (the fixtures' do): over random timelines, chains of interruptions carry velocities that are differences
  /// over 1 µs, which turn the last-place differences of the browser's and the C library's exp and cos into
  /// differences above the web player test's 1e-9 in `matrix`.
  package mutating func interactiveSpec() -> String {
    var text = timelinesSpec() + "states:\n  initial: s0\n  events: [tap, press]\n  s0: {}\n"
    for state in 1...2 {
      var poses: [String] = []
      // One key path per target, and `dots` or `dots[1]`, never both: no two values of a pose overlap (E0210).
      for target in ["a", "b", pick(["dots", "dots[1]"]), "s"] + (replicated ? ["ring"] : []) where chance(60) {
        let pool = target == "s" ? keyPaths.shape : target == "ring" ? keyPaths.replicator : keyPaths.layer
        let keyPath = pick(Self.usable(pool, on: target))
        poses.append("\"\(target)\": {\(keyPath.name): \(value(of: keyPath))}")
      }
      text += "  s\(state):\n    pose: {\(poses.joined(separator: ", "))}\n"
    }
    text += "  transitions:\n"
    for (from, event, to) in [(0, "tap", 1), (1, "tap", 2), (2, "tap", 0), (1, "press", 0), (2, "press", 1)] {
      var keys = ["from: s\(from)", "on: \(event)", "to: s\(to)"]
      switch int(0...3) {
      case 0: keys.append("spring: {duration: \(number(0.1...1)), bounce: \(number(-0.5...0.8))}")
      case 1:
        keys.append(
          "spring: {mass: \(number(0.5...2)), stiffness: \(number(50...500)), damping: \(number(4...30)), "
            + "initialVelocity: \(number(-2...2))}")
      case 2: keys.append("spring: {}")
      default: keys.append("duration: \(number(0...0.6))")
      }
      if chance(20) { keys.append("interrupt: replace") }
      if chance(30) { keys.append("discrete: end") }
      text += "    - {\(keys.joined(separator: ", "))}\n"
    }
    // The poses' values may be `let` names too: the section comes after them.
    return text + letSection()
  }
}
