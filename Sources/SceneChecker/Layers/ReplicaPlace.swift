import SceneCore
import SceneDiagnostics
import SceneYAML

/// Which copy of the enclosing replicators a layer entry is being checked for: CAReplicatorLayer draws its
/// sublayers `instanceCount` times, copy k shifted k × `instanceDelay` later in time and transformed by the k-th
/// power of `instanceTransform` (CAReplicatorLayer.h). The checker visits the sublayers once per copy, as it visits
/// a repeated layer's sublayers once per instance.
struct ReplicaPlace: Sendable, Hashable {
  /// The copy index at each enclosing replicator, outermost first; empty outside replicators.
  var path: [Int]
  /// The copy index at the innermost replicator, for its direct sublayers; 0 further down.
  var index: Int
  /// Σ copy index × instanceDelay over the enclosing replicators.
  var delay: Double

  static let none = ReplicaPlace(path: [], index: 0, delay: 0)

  /// Copy `copy` of a replicator with `instanceDelay` `delay`, for its direct sublayers.
  func copy(_ copy: Int, delay instanceDelay: Double) -> ReplicaPlace {
    ReplicaPlace(path: path + [copy], index: copy, delay: delay + Double(copy) * instanceDelay)
  }

  /// The same copy, for layers below the replicator's direct sublayers (their own sublayers, masks).
  var sameCopy: ReplicaPlace { ReplicaPlace(path: path, index: 0, delay: delay) }

  /// What follows a copy's id: nothing for the sublayers themselves (every index 0), else `~` and the copy index
  /// at each enclosing replicator, outermost first (`dot~3`, `dot~0~2`). `~` cannot occur in an id, nor in the
  /// `[i]` of a repeat, so copy ids never clash with written or repeated ones.
  var suffix: String {
    guard path.contains(where: { $0 != 0 }) else { return "" }
    return path.map { "~\($0)" }.joined()
  }
}

extension CheckContext {
  /// `instanceCount`: a whole number from 0 to the limit, as `repeat` is (E0240 otherwise).
  func instanceCount(_ node: YAMLNode) -> Double? {
    guard let value = number(node, unit: Unit.none) else { return nil }
    let limit = Double(limits.maxInstanceCount)
    let valid = { (x: Double) in x == x.rounded() && x >= 0 && x <= limit }
    guard valid(value) else {
      let overLimit = value == value.rounded() && value > limit
      error(
        ReplicatorDiagnostics.badInstanceCount,
        "instanceCount must be a whole number from 0 to \(limits.maxInstanceCount), found "
          + MessageNumber.text(value, outside: valid),
        at: span(node),
        help: overLimit
          ? "raise the limit with --max-instance-count if the count is meant"
          : "write a whole number of copies, such as 12")
      return nil
    }
    return value
  }
}
