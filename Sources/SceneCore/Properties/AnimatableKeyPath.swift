/// A key path a timeline may animate, resolved to the slots it writes.
///
/// `transform.scale` takes one number and writes all three scale slots (`broadcast`), as Core Animation's
/// uniform scale key path does; every other key path writes `kind.componentCount` consecutive slots.
/// `path` writes no slot: it animates the layer's path points, which the runtime keeps beside the slots.
///
/// A class: every animation of a spec carries its key path, and the checker, the linter and the compiler hand
/// animations around by value; as a struct of two strings and a set, each copy cost three reference counts, as an
/// immutable instance from the table it costs one. Equal when the names are (the table has one per name).
public final class AnimatableKeyPath: Sendable, Hashable {
  public let name: String
  public let kind: ValueKind
  /// The property this key path belongs to (`transform.rotation.z` → `transform`).
  public let property: String
  /// `property` as a table key, for the checker's per-property sets and counts (hashing a small integer, not the
  /// name's text); `nil` never happens for the table's key paths.
  public let propertyKey: PropertyName?
  public let layerTypes: Set<LayerType>
  /// `layerTypes` as bits (`LayerType.bit`), for the checker's test per animation: `Set.contains` hashes the type's
  /// raw string.
  public let layerTypeBits: UInt8
  /// The property's row when this key path names a whole property (`opacity`, not `position.x`), whose ranges its
  /// values are checked against; looked up once here instead of by name for every animation.
  public let wholeProperty: LayerProperty?
  /// First slot written; `nil` for `path`.
  public let slot: Int?
  /// Number of slots written: the value's component count, or 3 for the uniform scale.
  public let slotCount: Int
  /// The single component is copied into every slot (uniform `transform.scale`).
  public let broadcast: Bool
  /// Whether a layer of `type` has this key path (`layerTypes.contains(type)`, by bits).
  public func animates(_ type: LayerType) -> Bool { layerTypeBits & type.bit != 0 }
  /// Values switch rather than interpolate (booleans).
  public var isDiscrete: Bool { kind == .bool }
  /// A boolean shows true from this interpolated (or added) number on: ½, less the rounding that a number meant to
  /// be exactly ½ carries (the decimals' 1.7 − 1.2 = 0.5 as a fraction of a cycle comes out 0.4999999999999999).
  /// Inlinable, so the sampler's write compares with a constant rather than calling another module's global.
  @inlinable public static var showsTrueFrom: Double { 0.5 - 1e-12 }

  init(_ name: String, _ kind: ValueKind, property: String, slot: Int?, count: Int? = nil, broadcast: Bool = false) {
    self.name = name
    self.kind = kind
    self.property = property
    self.propertyKey = PropertyName(rawValue: property)
    self.layerTypes = LayerProperty.named(property)?.layerTypes ?? LayerType.every
    self.layerTypeBits = layerTypes.reduce(0) { $0 | $1.bit }
    self.wholeProperty = name == property ? LayerProperty.named(name) : nil
    self.slot = slot
    self.slotCount = count ?? kind.componentCount ?? 0
    self.broadcast = broadcast
  }

  /// Every key path, in the order Grammar.md lists them.
  public static let all: [AnimatableKeyPath] = {
    typealias S = SlotLayout
    let sub = S.sublayerTransform
    var paths: [AnimatableKeyPath] = [
      .init("position", .point, property: "position", slot: S.position),
      .init("position.x", .number, property: "position", slot: S.position),
      .init("position.y", .number, property: "position", slot: S.position + 1),
      .init("bounds", .rect, property: "bounds", slot: S.bounds),
      .init("bounds.origin", .point, property: "bounds", slot: S.bounds),
      .init("bounds.origin.x", .number, property: "bounds", slot: S.bounds),
      .init("bounds.origin.y", .number, property: "bounds", slot: S.bounds + 1),
      .init("bounds.size", .size, property: "bounds", slot: S.bounds + 2),
      .init("bounds.size.width", .number, property: "bounds", slot: S.bounds + 2),
      .init("bounds.size.height", .number, property: "bounds", slot: S.bounds + 3),
      .init("anchorPoint", .point, property: "anchorPoint", slot: S.anchorPoint),
      .init("zPosition", .number, property: "zPosition", slot: S.zPosition),
      .init("transform", .transform, property: "transform", slot: S.transform),
    ]
    paths += transformFields(of: "transform", slot: S.transform)
    paths.append(.init("sublayerTransform", .perspectiveTransform, property: "sublayerTransform", slot: sub))
    paths += transformFields(of: "sublayerTransform", slot: sub)
    for property in LayerProperty.all where property.animatable && !paths.contains(where: { $0.name == property.name })
    {
      paths.append(.init(property.name, property.kind, property: property.name, slot: property.slot))
      // A CGSize's components are key paths of their own (Key-Value Coding Extensions): `shadowOffset.height`.
      if property.kind == .size, let slot = property.slot {
        paths.append(.init(property.name + ".width", .number, property: property.name, slot: slot))
        paths.append(.init(property.name + ".height", .number, property: property.name, slot: slot + 1))
      }
      // Every CATransform3D property takes the field key paths (`instanceTransform.rotation.z`), as `transform` does.
      if property.kind == .transform, let slot = property.slot {
        paths += transformFields(of: property.name, slot: slot)
      }
    }
    return paths
  }()

  /// The field key paths of a transform whose nine slots start at `slot` (translation x, y, z; rotation x, y, z;
  /// scale x, y, z): Core Animation's Key-Value Coding Extensions for CATransform3D. `.rotation` is the z
  /// rotation and `.scale` the uniform scale, written to all three scale slots.
  static func transformFields(of name: String, slot: Int) -> [AnimatableKeyPath] {
    [
      .init(name + ".translation", .size, property: name, slot: slot),
      .init(name + ".translation.x", .number, property: name, slot: slot),
      .init(name + ".translation.y", .number, property: name, slot: slot + 1),
      .init(name + ".translation.z", .number, property: name, slot: slot + 2),
      .init(name + ".rotation", .angle, property: name, slot: slot + 5),
      .init(name + ".rotation.x", .angle, property: name, slot: slot + 3),
      .init(name + ".rotation.y", .angle, property: name, slot: slot + 4),
      .init(name + ".rotation.z", .angle, property: name, slot: slot + 5),
      .init(name + ".scale", .number, property: name, slot: slot + 6, count: 3, broadcast: true),
      .init(name + ".scale.x", .number, property: name, slot: slot + 6),
      .init(name + ".scale.y", .number, property: name, slot: slot + 7),
      .init(name + ".scale.z", .number, property: name, slot: slot + 8),
    ]
  }

  public static func == (lhs: AnimatableKeyPath, rhs: AnimatableKeyPath) -> Bool {
    lhs === rhs || lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  private static let byName: [String: AnimatableKeyPath] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  public static func named(_ name: String) -> AnimatableKeyPath? { byName[name] }
}
