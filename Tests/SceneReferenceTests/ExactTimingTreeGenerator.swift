import SceneModel
import SceneTestSupport

/// Random trees for the exact timing model, and the spec text that says the same: every leaf is a linear
/// `position.x` probe from 0 to 1 on a layer of its own, so the presented value is its progress f; a second
/// timeline repeats the tree with `cumulative: true` probes on a second set of layers, whose value is f + n.
struct ExactTimingTreeGenerator {
  var random: SeededRandom
  private var leaves = 0

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// A decimal from a list of round values (which put boundaries on each other) or on a millisecond grid.
  private mutating func decimal(_ round: [String], grid: ClosedRange<Int>) -> ExactDecimal {
    if random.chance(60) { return ExactDecimal(random.pick(round)) }
    let value = random.int(grid)
    let sign = value < 0 ? "-" : ""
    let magnitude = abs(value)
    return ExactDecimal("\(sign)\(magnitude / 1000).\(String(magnitude % 1000 + 1000).dropFirst())")
  }

  /// `endless`: whether the node may repeat forever or freeze (speed 0); only a sequence's last child may.
  private mutating func timing(_ node: inout ExactTimingNode, isLeaf: Bool, endless: Bool) {
    if random.chance(40) {
      node.beginTime = decimal(["0", "0.1", "0.25", "0.5", "-0.2", "1", "0.3"], grid: -300...1000)
    }
    if isLeaf || random.chance(40) {
      node.duration = decimal(["0.1", "0.25", "0.5", "1", "1.5", "0.3", "0.7"], grid: 20...1500)
    }
    if random.chance(35) {
      node.speed = ExactDecimal(
        random.pick(endless ? ["2", "0.5", "-1", "0", "1.5", "-2", "0.25"] : ["2", "0.5", "-1", "1.5", "-2", "0.25"]))
    }
    if random.chance(30) {
      node.timeOffset = decimal(["0.1", "0.25", "0.5", "-0.3", "1", "0.3", "-0.1"], grid: -1000...2000)
    }
    if random.chance(45) {
      if endless && random.chance(15) {
        node.repeatsForever = true
      } else {
        node.repeatCount = ExactDecimal(random.pick(["2", "3", "1.5", "0.5", "2.25", "6", "7", "10", "0.75"]))
      }
    } else if random.chance(20) {
      node.repeatDuration = decimal(["0.7", "1.2", "0.3", "2", "0.6"], grid: 50...3000)
    }
    node.autoreverses = random.chance(30)
    node.fillMode = random.pick(FillMode.allCases)
    node.removedOnCompletion = random.chance(40)
  }

  private mutating func node(depth: Int, endless: Bool) -> ExactTimingNode {
    var result: ExactTimingNode
    if depth >= 3 || random.chance(40) {
      result = ExactTimingNode(kind: .leaf(leaves))
      leaves += 1
      timing(&result, isLeaf: true, endless: endless)
      return result
    }
    let sequence = random.chance(50)
    let count = random.int(1...3)
    let children = (0..<count).map { index in
      node(depth: depth + 1, endless: endless && (!sequence || index == count - 1))
    }
    result = ExactTimingNode(kind: sequence ? .sequence(children) : .group(children))
    timing(&result, isLeaf: false, endless: endless)
    return result
  }

  /// A tree and its leaf count.
  mutating func tree() -> (ExactTimingNode, Int) {
    leaves = 0
    let root = node(depth: 0, endless: true)
    return (root, leaves)
  }

  /// The spec: layers p0… (plain probes) then the cumulative ones, model position.x −1000.
  static func spec(_ root: ExactTimingNode, leaves: Int) -> String {
    var text = "scene: exact\nsize: [10, 10]\nlayers:\n"
    for index in 0..<(2 * leaves) { text += "  - id: p\(index)\n    position: [-1000, 0]\n    bounds: [0, 0, 1, 1]\n" }
    text += "timelines:\n"
    for (name, cumulative) in [("plain", false), ("cumulative", true)] {
      text += "  \(name):\n    autoplay: true\n"
      text += lines(root, indent: "    ", cumulative: cumulative, layerBase: cumulative ? leaves : 0)
    }
    return text
  }

  private static func lines(_ node: ExactTimingNode, indent: String, cumulative: Bool, layerBase: Int) -> String {
    var text = ""
    func add(_ line: String) { text += indent + line + "\n" }
    if node.beginTime.text != "0" { add("beginTime: \(node.beginTime.text)") }
    if let duration = node.duration { add("duration: \(duration.text)") }
    if node.speed.text != "1" { add("speed: \(node.speed.text)") }
    if node.timeOffset.text != "0" { add("timeOffset: \(node.timeOffset.text)") }
    if node.repeatsForever { add("repeatCount: inf") }
    if let count = node.repeatCount { add("repeatCount: \(count.text)") }
    if let duration = node.repeatDuration { add("repeatDuration: \(duration.text)") }
    if node.autoreverses { add("autoreverses: true") }
    add("fillMode: \(node.fillMode.rawValue)")
    add("removedOnCompletion: \(node.removedOnCompletion)")
    switch node.kind {
    case .leaf(let index):
      add("target: p\(layerBase + index)")
      add("keyPath: position.x")
      add("from: 0")
      add("to: 1")
      if cumulative { add("cumulative: true") }
    case .group(let children), .sequence(let children):
      if case .group = node.kind { add("group:") } else { add("sequence:") }
      for child in children {
        let body = lines(child, indent: indent + "    ", cumulative: cumulative, layerBase: layerBase)
        text += indent + "  - " + body.dropFirst(indent.count + 4)
      }
    }
    return text
  }
}
