/// Component-wise arithmetic on flattened values. Every animatable value is an array of numbers of a fixed length
/// (a point is 2, a colour 4, a path its coordinates), so one set of helpers serves every kind.
enum VectorMath {
  static func lerp(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
    zip(a, b).map { $0 + ($1 - $0) * p }
  }

  static func add(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + $1 } }

  static func subtract(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 - $1 } }

  static func scale(_ a: [Double], _ factor: Double) -> [Double] { a.map { $0 * factor } }

  /// The Euclidean distance, the metric `paced` uses for every kind of value.
  static func distance(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
  }
}
