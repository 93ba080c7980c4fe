import SceneCore

/// Writing Lottie's JSON forms: animatable properties (`{"a": 0, "k": …}` or keyframes), keyframes, béziers.
enum LottieJSON {
  /// Seconds → frames, rounded to a millionth of a frame (so 0.47 × 3 s is frame 84.6, not 84.60000000000001).
  static func frame(_ seconds: Double, frameRate: Double) -> Double {
    rounded(seconds * frameRate)
  }

  /// Every number is written to a millionth (`precision`): far below what a player can show, and above the float
  /// noise of sampling (199.99999985 is written 200, 0.1 + 0.2 is 0.3).
  static func number(_ x: Double) -> JSONValue {
    let value = rounded(x)
    return .number(value == 0 ? 0 : value)
  }

  static let precision = 1e6

  /// `x` to a millionth. From 1e9 on a double's own spacing nears a millionth, so larger values (up to the ±1.8e308
  /// an overflowing layer is clamped to, W0913) are written as they are: scaling them would overflow to infinity.
  /// Non-finite values never reach here (the exporter clamps them); should one, it is written as the nearest
  /// finite number, not as JSON's null.
  private static func rounded(_ x: Double) -> Double {
    guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude) }
    guard abs(x) < 1e9 else { return x }
    return (x * precision).rounded() / precision
  }

  static func numbers(_ values: [Double]) -> JSONValue { .array(values.map(number)) }

  /// A property: static `{"a":0,"k":value}` or `{"a":1,"k":[keyframes]}`; `form` turns a value into its JSON.
  static func property(
    _ animated: AnimatedValue, form: ([Double]) -> JSONValue, keyframeForm: (([Double]) -> JSONValue)? = nil
  )
    -> JSONValue
  {
    guard animated.isAnimated else { return ["a": 0, "k": form(animated.initial)] }
    var keyframes: [JSONValue] = []
    for (index, keyframe) in animated.keyframes.enumerated() {
      var object = JSONObject()
      object.append("t", .number(frame(keyframe.time, frameRate: animated.frameRate)))
      if let keyframeForm {
        object.append("s", keyframeForm(keyframe.value))
      } else {
        object.append("s", form(keyframe.value))
      }
      if index < animated.keyframes.count - 1 {
        switch keyframe.motion {
        case .hold:
          object.append("h", 1)
        case .eased(let easing):
          object.append("o", ["x": [number(easing.x1)], "y": [number(easing.y1)]])
          object.append("i", ["x": [number(easing.x2)], "y": [number(easing.y2)]])
        }
      }
      keyframes.append(object.value)
    }
    return ["a": 1, "k": .array(keyframes)]
  }

  static func staticValue(_ value: JSONValue) -> JSONValue { ["a": 0, "k": value] }

  /// Scalar properties: a bare number when static, a one-element array in keyframes.
  static func scalar(_ animated: AnimatedValue) -> JSONValue {
    property(animated, form: { number($0.first ?? 0) }, keyframeForm: { numbers(Array($0.prefix(1))) })
  }

  static func vector(_ animated: AnimatedValue) -> JSONValue { property(animated, form: numbers) }

  /// A transform whose every part is the identity but its opacity.
  static func identityTransform(opacity: JSONValue) -> JSONValue {
    [
      "a": staticValue([0, 0]), "p": staticValue([0, 0]), "s": staticValue([100, 100]), "r": staticValue(0),
      "o": opacity,
    ]
  }

  /// A shape group: its items, then the identity group transform Lottie requires last.
  static func group(_ name: String, _ items: [JSONValue]) -> JSONValue {
    let transform: JSONValue = [
      "ty": "tr", "p": staticValue([0, 0]), "a": staticValue([0, 0]), "s": staticValue([100, 100]),
      "r": staticValue(0), "o": staticValue(100), "sk": staticValue(0), "sa": staticValue(0),
    ]
    return ["ty": "gr", "nm": .string(name), "it": .array(items + [transform]), "np": .number(Double(items.count))]
  }
}

/// A path as Lottie béziers: one closed-or-open vertex list per subpath, with tangents relative to the vertices.
struct LottieBezier {
  /// Per subpath: whether it is closed, and its vertex count.
  var subpaths: [(closed: Bool, count: Int)]

  /// The structure of `path` (element kinds only): which subpaths, how many vertices each.
  init(structure path: BezierPath) {
    subpaths = Self.convert(path).map { ($0.closed, $0.vertices.count) }
  }

  struct Subpath {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]
  }

  /// Subpath `index` of `path` as numbers: v x y, i x y, o x y per vertex.
  static func numbers(_ path: BezierPath, subpath index: Int) -> [Double] {
    let subpaths = convert(path)
    guard index < subpaths.count else { return [] }
    let s = subpaths[index]
    var result: [Double] = []
    for k in s.vertices.indices {
      result += [
        s.vertices[k].x, s.vertices[k].y, s.inTangents[k].x, s.inTangents[k].y, s.outTangents[k].x,
        s.outTangents[k].y,
      ]
    }
    return result
  }

  static func json(closed: Bool, numbers: [Double]) -> JSONValue {
    var v: [JSONValue] = []
    var i: [JSONValue] = []
    var o: [JSONValue] = []
    var k = 0
    while k + 5 < numbers.count {
      v.append(LottieJSON.numbers([numbers[k], numbers[k + 1]]))
      i.append(LottieJSON.numbers([numbers[k + 2], numbers[k + 3]]))
      o.append(LottieJSON.numbers([numbers[k + 4], numbers[k + 5]]))
      k += 6
    }
    return ["c": .bool(closed), "v": .array(v), "i": .array(i), "o": .array(o)]
  }

  /// Move, line, quad (raised to a cubic exactly), cubic and close → vertex lists. A subpath that is a lone move
  /// draws nothing and is left out; after a close, drawing without a move starts again at the subpath's start.
  static func convert(_ path: BezierPath) -> [Subpath] {
    var result: [Subpath] = []
    var current: Subpath?
    var start = Point.zero
    var point = Point.zero
    var index = 0
    func next() -> Point {
      defer { index += 2 }
      return Point(path.coordinates[index], path.coordinates[index + 1])
    }
    func finish() {
      if let subpath = current, subpath.vertices.count > 1 || subpath.closed { result.append(subpath) }
      current = nil
    }
    func begin(at p: Point) {
      current = Subpath(closed: false, vertices: [p], inTangents: [.zero], outTangents: [.zero])
      start = p
    }
    for element in path.elements {
      switch element {
      case .move:
        finish()
        point = next()
        begin(at: point)
      case .line:
        let end = next()
        if current == nil { begin(at: point) }
        current!.vertices.append(end)
        current!.inTangents.append(.zero)
        current!.outTangents.append(.zero)
        point = end
      case .quad:
        let control = next()
        let end = next()
        if current == nil { begin(at: point) }
        let c1 = point + (2.0 / 3.0) * (control - point)
        let c2 = end + (2.0 / 3.0) * (control - end)
        current!.outTangents[current!.outTangents.count - 1] = c1 - point
        current!.vertices.append(end)
        current!.inTangents.append(c2 - end)
        current!.outTangents.append(.zero)
        point = end
      case .cubic:
        let c1 = next()
        let c2 = next()
        let end = next()
        if current == nil { begin(at: point) }
        current!.outTangents[current!.outTangents.count - 1] = c1 - point
        current!.vertices.append(end)
        current!.inTangents.append(c2 - end)
        current!.outTangents.append(.zero)
        point = end
      case .close:
        if current != nil {
          current!.closed = true
          finish()
        }
        point = start
      }
    }
    finish()
    return result
  }
}
