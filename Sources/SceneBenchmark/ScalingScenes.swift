import SceneCore

/// Spec texts for the scaling table: one generator per dimension of the input, each growing one thing (`units`)
/// and keeping the rest small, so that cost ÷ units shows whether the command's cost is linear in it. Every spec
/// is valid and deterministic; the ones that are deep are written in flow style, so their bytes grow linearly too.
public enum ScalingScenes {
  static let header = "scene: scaling\nversion: 1\nsize: [400, 400]\n"

  /// `count` layers (every sixteenth fully transparent and never shown, which the linter reports), one timeline
  /// animating every eighth.
  public static func layers(_ count: Int) -> String {
    var out = header + "layers:\n"
    for index in 0..<count {
      out += "  - {id: l\(index), frame: [\(index % 20 * 20), \(index / 20 % 20 * 20), 16, 16], "
      out += index % 16 == 15 ? "opacity: 0}\n" : "backgroundColor: \"#336699\"}\n"
    }
    out += "timelines:\n  main:\n    autoplay: true\n    group:\n"
    for index in stride(from: 0, to: count, by: 8) {
      out += "      - {target: l\(index), keyPath: position.x, from: 0, to: 100, duration: 1}\n"
    }
    return out
  }

  /// `count` timelines of one animation each, over 200 layers (so most properties are animated by several).
  public static func timelines(_ count: Int) -> String {
    var out = header + smallLayers(200) + "timelines:\n"
    for index in 0..<count {
      let keyPath = ["opacity", "position.x", "transform.scale"][index % 3]
      out += "  t\(index): {autoplay: \(index % 2 == 0), target: l\(index % 200), keyPath: \(keyPath), "
      out += "from: 0.5, to: 1, duration: \(1 + index % 4), fillMode: both, removedOnCompletion: false}\n"
    }
    return out
  }

  /// One timeline whose group holds `count` animations, over 200 layers.
  public static func animations(_ count: Int) -> String {
    var out = header + smallLayers(200) + "timelines:\n  main:\n    autoplay: true\n    group:\n"
    for index in 0..<count {
      let keyPath = ["opacity", "position.x", "transform.scale", "cornerRadius"][index % 4]
      out += "      - {target: l\(index % 200), keyPath: \(keyPath), from: 0.5, to: 1, "
      out += "beginTime: \(index % 10), duration: 1}\n"
    }
    return out
  }

  /// Four animations of `count / 4` keyframes each (linear, eased, cubic, discrete).
  public static func keyframes(_ count: Int) -> String {
    let each = max(2, count / 4)
    var out = header + smallLayers(4) + "timelines:\n  main:\n    autoplay: true\n    group:\n"
    for (index, mode) in ["linear", "eased", "cubic", "discrete"].enumerated() {
      out += "      - target: l\(index)\n        keyPath: position.x\n        duration: \(max(1, each / 10))\n"
      out += "        values: [" + (0..<each).map { String($0 * 7 % 400) }.joined(separator: ", ") + "]\n"
      switch mode {
      case "eased":
        out +=
          "        timingFunctions: [" + Array(repeating: "easeIn", count: each - 1).joined(separator: ", ") + "]\n"
      case "cubic", "discrete": out += "        calculationMode: \(mode)\n"
      default: break
      }
    }
    return out
  }

  /// A layer repeated `count` times with a sublayer, fanned out by one timeline (an animation per instance).
  public static func instances(_ count: Int) -> String {
    var out = header + "layers:\n"
    out += "  - id: dot\n    repeat: \(count)\n    frame: [i % 40 * 10, i / 40 % 40 * 10, 8, 8]\n"
    out += "    backgroundColor: \"#cc3366\"\n    sublayers:\n      - {id: dotCore, frame: [2, 2, 4, 4]}\n"
    out += "timelines:\n  main:\n    autoplay: true\n    target: dot\n"
    out += "    group:\n      - {keyPath: position.y, by: i % 7 * 3, duration: 1}\n"
    out += "      - {keyPath: opacity, from: 1, to: 0.5, beginTime: i % 10 / 10, duration: 1}\n"
    return out
  }

  /// Sublayers nested `depth` deep and a timeline of groups nested `depth` deep (needs the nesting and YAML depth
  /// limits raised: `nestingFlags`).
  public static func nesting(_ depth: Int) -> String {
    var out = header + "layers:\n  - "
    for level in 0..<depth { out += "{id: n\(level), frame: [1, 1, 300, 300], sublayers: [" }
    out += "{id: leaf, frame: [1, 1, 4, 4]}" + String(repeating: "]}", count: depth) + "\n"
    out += "timelines:\n  main:\n    autoplay: true\n    target: leaf\n    group: ["
    for _ in 0..<depth { out += "{group: [" }
    out += "{keyPath: opacity, from: 0, to: 1, duration: 1}" + String(repeating: "]}", count: depth) + "]\n"
    return out
  }

  /// The limit flags the nesting spec of `depth` needs (each level is two YAML levels in each part).
  public static func nestingFlags(_ depth: Int) -> [String] {
    ["--max-nesting", String(depth + 8), "--max-depth", String(2 * depth + 16)]
  }

  /// The limit flag the states spec of `count` needs: each state keeps the 50 layers' values (the state table
  /// grows with states × layers; at 16× the row's 4,000 states pass the default `--max-state-values`).
  public static func stateFlags(_ count: Int) -> [String] {
    ["--max-state-values", String(count * 50 * SlotLayout.count + 1_000)]
  }

  /// A named path of `count` elements (lines, quads, cubics, arcs), drawn by a shape and followed by a motion.
  public static func pathElements(_ count: Int) -> String {
    var out = header + "paths:\n  long:\n    - move: [0, 0]\n"
    for index in 1..<max(count, 2) {
      let x = index % 400
      let y = index * 7 % 400
      switch index % 4 {
      case 0: out += "    - line: [\(x), \(y)]\n"
      case 1: out += "    - quad: {to: [\(x), \(y)], control: [\(y), \(x)]}\n"
      case 2: out += "    - cubic: {to: [\(x), \(y)], control1: [\(y), \(x)], control2: [\(x), \(x)]}\n"
      default: out += "    - arc: {center: [\(x), \(y)], radius: 5, start: 0deg, end: 90deg}\n"
      }
    }
    out += "layers:\n  - {id: shape, type: shape, frame: [0, 0, 400, 400], path: long, strokeColor: \"#000000\"}\n"
    out += "  - {id: rider, frame: [0, 0, 4, 4]}\n"
    out += "timelines:\n  main:\n    autoplay: true\n    group:\n"
    out += "      - {target: rider, keyPath: position, path: long, duration: 10}\n"
    out += "      - {target: shape, keyPath: strokeEnd, from: 0, to: 1, duration: 10}\n"
    return out
  }

  /// `count` let names, each defined from the one before (a chain), the last used by a layer.
  public static func letNames(_ count: Int) -> String {
    var out = header + "let:\n  v0: 1\n"
    for index in 1..<max(count, 2) { out += "  v\(index): v\(index - 1) + \(index % 3)\n" }
    out += "layers:\n  - {id: box, frame: [0, 0, v\(max(count, 2) - 1) % 100, 10]}\n"
    return out
  }

  /// `count` states in a ring, each posing one of 50 layers, with a transition on `next` from each to the one
  /// after, and every fourth state a follow-up on completion.
  public static func states(_ count: Int) -> String {
    var out = header + smallLayers(50) + "states:\n  initial: s0\n  events: [next]\n"
    for index in 0..<count {
      out +=
        "  s\(index): {pose: {l\(index % 50): {opacity: \(Double(index % 10) / 10), position.x: \(index % 300)}}}\n"
    }
    out += "  transitions:\n"
    for index in 0..<count {
      let next = (index + 1) % count
      out += "    - {from: s\(index), on: \(index % 4 == 3 ? "completion" : "next"), to: s\(next), duration: 0.2}\n"
    }
    return out
  }

  /// The scene events are replayed on: a button of 20 layers toggled by `tap`, each toggle posing them all and
  /// playing a timeline.
  public static let eventScene: String = {
    var out = header + smallLayers(20)
    out += "timelines:\n  wiggle:\n    group:\n"
    for index in 0..<20 {
      out += "      - {target: l\(index), keyPath: transform.rotation.z, from: 0, to: 10deg, duration: 0.3}\n"
    }
    out += "states:\n  initial: off\n  events: [tap]\n  off: {}\n  on:\n    pose:\n"
    for index in 0..<20 { out += "      l\(index): {opacity: 0.5, position.y: \(100 + index)}\n" }
    out += "  transitions:\n    - {from: off, on: tap, to: on, timeline: wiggle}\n    - {from: on, on: tap, to: off}\n"
    return out
  }()

  /// `count` taps, one every 0.1 s, as a `--events` script.
  public static func events(_ count: Int) -> String {
    (0..<count).map { "tap@\(Double($0) / 10)" }.joined(separator: ",")
  }

  /// 20 sample times spread over the replay of `count` events.
  public static func eventSampleTimes(_ count: Int) -> String {
    (0..<20).map { String(Double(count) / 10 * Double($0) / 19) }.joined(separator: ",")
  }

  /// The scene frames are exported from: 20 layers × 4 animated properties of 6 keyframes.
  public static let exportScene = SyntheticScene(layers: 20, properties: 4, keyframes: 6).text()

  /// A replicator whose `instanceCount` a timeline takes from 1 to `count` over 2 s (121 frames at 60 fps), its
  /// copies staggered by `instanceDelay` under an opacity animation: each copy appears between two frames.
  public static func replicatorCopies(_ count: Int) -> String {
    """
    scene: copies
    size: [200, 200]
    layers:
      - id: ring
        type: replicator
        frame: [0, 0, 200, 200]
        instanceCount: \(count)
        instanceDelay: \(1.0 / Double(count))
        instanceTransform: {rotation: \(2 * Double.pi / Double(count))}
        sublayers:
          - {id: dot, frame: [98, 8, 4, 4], backgroundColor: red}
    timelines:
      grow: {target: ring, autoplay: true, keyPath: instanceCount, from: 1, to: \(count), duration: 2}
      fade: {target: dot, autoplay: true, keyPath: opacity, from: 1, to: 0.3, duration: 1}

    """
  }

  /// `count` plain layers l0 … l(count − 1) in a grid, as a `layers:` section.
  static func smallLayers(_ count: Int) -> String {
    var out = "layers:\n"
    for index in 0..<count {
      out += "  - {id: l\(index), frame: [\(index % 20 * 20), \(index / 20 % 20 * 20), 16, 16], cornerRadius: 2}\n"
    }
    return out
  }
}
