import SceneCore

/// JSON has no infinities, and plans need them (`repeatCount: inf`, a group around one): they are written as the
/// strings "inf" and "-inf". NaN never occurs in a plan and is rejected on load.
enum PlanNumbers {
  static func json(_ x: Double) -> JSONValue {
    if x.isFinite { return .number(x) }
    if x.isNaN { return .string("nan") }
    return .string(x > 0 ? "inf" : "-inf")
  }

  static func json(_ numbers: some Sequence<Double>) -> JSONValue { .array(numbers.map { json($0) }) }

  static func json(_ integers: some Sequence<Int>) -> JSONValue { .array(integers.map { .number(Double($0)) }) }
}
