/// UIKit's fixed colours (the `UIColor` class properties that do not change with appearance), with UIKit's
/// exact components.
///
/// The dynamic system colours (`systemRed`, `label`, …) are left out on purpose: their values depend on light
/// or dark appearance and have changed between iOS releases, so no single value would be right.
public enum NamedColors {
  /// Names and [r, g, b, a] in 0…1, in UIKit's documentation order.
  static let table: [(name: String, components: [Double])] = [
    ("black", [0, 0, 0, 1]),
    ("darkGray", [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]),
    ("lightGray", [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]),
    ("white", [1, 1, 1, 1]),
    ("gray", [0.5, 0.5, 0.5, 1]),
    ("red", [1, 0, 0, 1]),
    ("green", [0, 1, 0, 1]),
    ("blue", [0, 0, 1, 1]),
    ("cyan", [0, 1, 1, 1]),
    ("yellow", [1, 1, 0, 1]),
    ("magenta", [1, 0, 1, 1]),
    ("orange", [1, 0.5, 0, 1]),
    ("purple", [0.5, 0, 0.5, 1]),
    ("brown", [0.6, 0.4, 0.2, 1]),
    ("clear", [0, 0, 0, 0]),
  ]

  /// Every colour name; a `let` name may not be one of them.
  public static let names = table.map(\.name)

  /// [r, g, b, a] in 0…1 for a colour name (case-sensitive, as in UIKit), or nil.
  public static func components(named name: String) -> [Double]? {
    table.first { $0.name == name }?.components
  }
}
