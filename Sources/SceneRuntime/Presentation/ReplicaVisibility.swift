import SceneCore

/// Which copies a replicator draws at a sample: CAReplicatorLayer's `instanceCount` is an NSInteger, and an
/// animation of it interpolates a number, so the presentation count is read as an integer the way a fractional
/// number becomes an NSInteger (truncation toward zero, C11 §6.3.1.4; Grammar.md, "Replicators"). Copy k is
/// drawn while k < that count; a copy at or above it is not drawn, and its frame says so as a hidden layer's
/// does (`hidden` set), so every consumer of frames (`scenec sample`, the exporters, the web player's same rule)
/// leaves it out with its sublayers.
public struct ReplicaVisibility: Sendable, Hashable {
  /// Pairs (copy layer, its replicator), then the copy index, flattened: 3 numbers per direct non-mask sublayer
  /// of a replicator. Empty for a plan without replicators, so a sample of one costs nothing more.
  let copies: [Int]

  public init(layers: LayerTable) {
    var copies: [Int] = []
    for layer in 0..<layers.count {
      let parent = layers.parents[layer]
      guard parent >= 0, layers.types[parent] == .replicator, !layers.isMask[layer] else { continue }
      copies += [layer, parent, layers.replicas[layer]]
    }
    self.copies = copies
  }

  /// Whether copy `copy` is drawn by a replicator whose presentation count is `count`: `copy < trunc(count)`,
  /// written so that a NaN or negative count draws none.
  @inline(__always)
  public static func draws(copy: Int, count: Double) -> Bool { Double(copy) + 1 <= count }

  /// Sets `hidden` on every copy its replicator's presentation count leaves out.
  public func hideUndrawn(_ frames: inout [LayerFrame]) {
    var index = 0
    while index < copies.count {
      let count = frames[copies[index + 1]].values[SlotLayout.instanceCount]
      if !Self.draws(copy: copies[index + 2], count: count) { frames[copies[index]].values[SlotLayout.hidden] = 1 }
      index += 3
    }
  }
}
