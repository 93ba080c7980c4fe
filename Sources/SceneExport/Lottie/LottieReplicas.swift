import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A replicator's copies in Lottie: each copy k ≥ 1 of a sublayer hangs from a null layer carrying the copy's
/// instance transform (`ReplicaGeometry.instanceMatrix`, in the replicator's space), so the copy itself is
/// exported like any layer; the modulation colour's alpha is multiplied into the copy's opacity
/// (`effectiveOpacity`). What Lottie cannot carry — a skewing power (W0935), a colour multiply (W0936) — warns.
extension LottieBuild {
  /// The parent `sublayer` hangs from inside `layer` (whose carrier is `carrier`): a copy's null layer when
  /// `layer` is a replicator drawing `sublayer` as copy k ≥ 1, else the carrier.
  mutating func replicaParent(of sublayer: Int, in layer: Int, carrier: Int, context: Int?, into list: inout [Item])
    -> Int
  {
    let table = plan.layers
    guard table.types[layer] == .replicator else { return carrier }
    warnIfTinted(sublayer, replicator: layer)
    let copy = table.replicas[sublayer]
    guard copy != 0 else { return carrier }
    let inputs: [Input] = [
      .slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.instanceTransform..<(S.instanceTransform + 9)),
    ]
    let skews = ever { frames in
      let m = ReplicaGeometry.instanceMatrix(frames[layer].values, copy: copy)
      let scaleX = (m.a * m.a + m.b * m.b).squareRoot()
      return scaleX > 0 && (abs(m.a * m.c + m.b * m.d) > 1e-9 * max(1, scaleX) || m.determinant < 0)
    }
    if skews {
      warnings.add(
        ExportDiagnostics.replicaSkew, layer: tree.id(sublayer), keyPath: "instanceTransform",
        "this copy's instance transform skews or mirrors; Lottie gets its rotation and scale only")
    }
    // The map decomposed as translation · rotation · scale (no skew): a = sx cos θ, b = sx sin θ, d = sy cos θ.
    func parts(_ frames: [LayerFrame]) -> (m: SceneCore.AffineTransform, sx: Double, sy: Double, angle: Double) {
      let m = ReplicaGeometry.instanceMatrix(frames[layer].values, copy: copy)
      let sx = (m.a * m.a + m.b * m.b).squareRoot()
      let angle = atan2(m.b, m.a)
      let sy = sx > 0 ? m.determinant / sx : (m.c * m.c + m.d * m.d).squareRoot()
      return (m, sx, sy, angle)
    }
    let position = animate(inputs, layer: sublayer, name: "position") { frames in
      let m = parts(frames).m
      return [m.tx, m.ty]
    }
    let scale = animate(inputs, layer: sublayer, name: "scale") { frames in
      let p = parts(frames)
      return [100 * p.sx, 100 * p.sy]
    }
    let rotation = animate(inputs, layer: sublayer, name: "rotation") { frames in [parts(frames).angle * 180 / .pi] }
    let transform: JSONValue = [
      "a": LottieJSON.staticValue([0, 0]), "p": LottieJSON.vector(position), "s": LottieJSON.vector(scale),
      "r": LottieJSON.scalar(rotation), "o": LottieJSON.staticValue(100),
    ]
    return append(
      Item(
        key: 0, name: "\(tree.id(sublayer)) copy", type: 3, parent: carrier, transform: transform, owner: sublayer),
      to: &list, context: context)
  }

  /// The modulation alpha of `layer` when a replicator draws it, else 1: a factor of its opacity.
  static func modulationAlpha(of layer: Int, table: LayerTable, in frames: [LayerFrame]) -> Double {
    let parent = table.parents[layer]
    guard parent >= 0, table.types[parent] == .replicator, !table.isMask[layer] else { return 1 }
    return ReplicaGeometry.modulation(frames[parent].values, copy: table.replicas[layer])[3]
  }

  /// The replicator slots a copy's modulation colour and whether it is drawn (its presentation count,
  /// `ReplicaVisibility`) read, for `effectiveOpacity`'s inputs.
  func modulationInputs(of layer: Int) -> [Input] {
    let table = plan.layers
    let parent = table.parents[layer]
    guard parent >= 0, table.types[parent] == .replicator, !table.isMask[layer] else { return [] }
    return [
      .slots(parent, S.instanceCount..<(S.instanceCount + 1)),
      .slots(parent, S.instanceColor..<(S.instanceOffsets + 4)),
    ]
  }

  private mutating func warnIfTinted(_ sublayer: Int, replicator: Int) {
    let copy = plan.layers.replicas[sublayer]
    let tinted = ever { frames in
      ReplicaGeometry.modulation(frames[replicator].values, copy: copy)[0..<3].contains { $0 < 1 }
    }
    guard tinted else { return }
    warnings.add(
      ExportDiagnostics.replicaTint, layer: tree.id(sublayer), keyPath: "instanceColor",
      "this copy's modulation colour multiplies red, green or blue; Lottie gets only its alpha, as opacity")
  }
}
