import SceneCore

/// One named run of a layer's value slots, as a plan lists them: the property, where its components start in
/// the flat values, how many there are, and their `ValueKind`.
public struct PlanSlot: Sendable, Hashable {
  public var name: String
  public var first: Int
  public var width: Int
  public var kind: String

  public init(name: String, first: Int, width: Int, kind: String) {
    self.name = name
    self.first = first
    self.width = width
    self.kind = kind
  }
}

/// The slot table of this runtime, built from the property table, so a plan names every slot it writes and a
/// reader with another layout (a property added or removed) still places every value by name.
public enum PlanSlots {
  /// Every animatable numeric property in slot order; together they cover `0 ..< SlotLayout.count`.
  public static let current: [PlanSlot] = LayerProperty.all.compactMap { property -> PlanSlot? in
    guard let first = property.slot, let width = property.kind.componentCount else { return nil }
    return PlanSlot(name: property.name, first: first, width: width, kind: property.kind.rawValue)
  }.sorted { $0.first < $1.first }

  /// The slot of this layout called `name`.
  public static func named(_ name: String) -> PlanSlot? { byName[name] }

  /// The slot holding value index `index`, and `index`'s component within it.
  public static func slot(containing index: Int) -> (slot: PlanSlot, component: Int)? {
    guard let slot = current.last(where: { $0.first <= index }), index < slot.first + slot.width else { return nil }
    return (slot, index - slot.first)
  }

  private static let byName: [String: PlanSlot] = Dictionary(
    current.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}

/// How a plan's slot table maps onto this runtime's: each of the plan's slots this runtime knows (same name,
/// width and kind) with its place here. Values the plan lacks keep the property's default; slots this runtime
/// does not know are skipped, each with one warning (an older plan missing a newer slot loads silently).
struct PlanSlotMapping {
  /// The number of values per layer in the plan.
  var planCount: Int
  /// (first index in the plan, first index here, width) per known slot.
  var runs: [(plan: Int, here: Int, width: Int)] = []
  /// This runtime's index for each of the plan's slot names it knows.
  var known: [String: PlanSlot] = [:]
  var warnings: [String] = []

  init(_ slots: [PlanSlot]) {
    planCount = slots.last.map { $0.first + $0.width } ?? 0
    for slot in slots {
      guard let here = PlanSlots.named(slot.name) else {
        warnings.append("slots: the plan's slot '\(slot.name)' is unknown to this runtime; its values are ignored")
        continue
      }
      guard here.width == slot.width, here.kind == slot.kind else {
        warnings.append(
          "slots: the plan's slot '\(slot.name)' is \(slot.width) \(slot.kind) values, here \(here.width) "
            + "\(here.kind); its values are ignored")
        continue
      }
      runs.append((slot.first, here.first, slot.width))
      known[slot.name] = here
    }
  }

  /// Whether the plan lays its slots out exactly as this runtime does (nothing to move).
  var isIdentity: Bool {
    planCount == SlotLayout.count && runs.count == PlanSlots.current.count && runs.allSatisfy { $0.plan == $0.here }
  }

  /// One layer's values in this runtime's layout, from `planCount` values in the plan's.
  func values(from plan: ArraySlice<Double>) -> [Double] {
    if isIdentity { return Array(plan) }
    var values = SlotLayout.defaults
    let base = plan.startIndex
    for run in runs {
      for offset in 0..<run.width { values[run.here + offset] = plan[base + run.plan + offset] }
    }
    return values
  }
}
