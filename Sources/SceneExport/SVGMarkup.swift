import SceneCore

/// Small helpers for writing SVG text deterministically: attributes in the order given, numbers with
/// `NumberFormatting.shortest`, text escaped.
enum SVGMarkup {
  static func number(_ x: Double) -> String { NumberFormatting.shortest(x.isFinite ? x : 0) }

  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default:
        // XML 1.0 allows tab, newline, carriage return and everything from U+0020 (minus surrogates, FFFE, FFFF).
        if character.value < 0x20 && character != "\t" && character != "\n" && character != "\r" { continue }
        if character.value == 0xFFFE || character.value == 0xFFFF { continue }
        result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// `<name a="1" b="2"/>` or, with children, `<name …>` … `</name>`; attributes with nil values are left out.
  static func element(_ name: String, _ attributes: [(String, String?)], children: [String]? = nil, indent: String)
    -> [String]
  {
    var open = indent + "<" + name
    for (key, value) in attributes {
      guard let value else { continue }
      open += " \(key)=\"\(escape(value))\""
    }
    guard let children else { return [open + "/>"] }
    return [open + ">"] + children + [indent + "</\(name)>"]
  }

  static func matrix(_ m: AffineTransform) -> String? {
    if m.isIdentity { return nil }
    if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 { return "translate(\(number(m.tx)) \(number(m.ty)))" }
    return "matrix(" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: " ") + ")"
  }

  /// An XML id from a layer id: `fan[2]` → `fan_2_`, with a prefix that keeps ids unique in a filmstrip.
  static func id(_ kind: String, _ layerID: String, prefix: String) -> String {
    let safe = String(layerID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    return prefix + kind + "-" + safe
  }

  /// Path data of a rounded rectangle (circular corners, clockwise on screen from the top edge), exact in SVG.
  static func roundedRectPath(_ rect: Rect, radius: Double) -> String {
    let r = rect.standardized
    let n = number
    if radius <= 0 {
      return "M\(n(r.minX)) \(n(r.minY)) H\(n(r.maxX)) V\(n(r.maxY)) H\(n(r.minX)) Z"
    }
    let arc = "A\(n(radius)) \(n(radius)) 0 0 1"
    return "M\(n(r.minX + radius)) \(n(r.minY)) H\(n(r.maxX - radius)) \(arc) \(n(r.maxX)) \(n(r.minY + radius)) "
      + "V\(n(r.maxY - radius)) \(arc) \(n(r.maxX - radius)) \(n(r.maxY)) H\(n(r.minX + radius)) "
      + "\(arc) \(n(r.minX)) \(n(r.maxY - radius)) V\(n(r.minY + radius)) \(arc) \(n(r.minX + radius)) \(n(r.minY)) Z"
  }

  /// The CSS font weight of a CATextLayer/UIFont weight name.
  static func fontWeight(_ weight: FontWeight) -> String {
    switch weight {
    case .ultraLight: return "100"
    case .thin: return "200"
    case .light: return "300"
    case .regular: return "400"
    case .medium: return "500"
    case .semibold: return "600"
    case .bold: return "700"
    case .heavy: return "800"
    case .black: return "900"
    }
  }

  /// A font-family list: `system` names the platform UI font, which SVG spells as a list of likely families.
  static func fontFamily(_ family: String) -> String {
    if family == "system" { return "system-ui, -apple-system, Helvetica Neue, Helvetica, Arial, sans-serif" }
    return family.contains(",") ? family : "\(family), sans-serif"
  }
}
