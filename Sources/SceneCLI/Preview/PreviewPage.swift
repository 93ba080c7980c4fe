/// Assembles the self-contained preview page: the template with the modules and the plan inlined as
/// JavaScript string and object literals, and a Content-Security-Policy that forbids every request except, when
/// served, to the page's own origin (the reload poll).
struct PreviewPage {
  var assets: WebAssets
  var title: String
  /// Whether the page is served by `--serve` (polls `status.json`) or a file (never asks for anything).
  var served: Bool

  /// The CSP of a written page: scripts only inline or from the blob: URLs of the inlined modules, no fetch,
  /// no image, font or frame from anywhere.
  static let fileCSP = "default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data:"
  static let servedCSP = fileCSP + "; connect-src 'self'"

  func html(planJSON: String, spansJSON: String, planGeneration: Int) -> String {
    let data = [
      "const SCENEC_SOURCES = {player: \(Self.literal(assets.player)), render: \(Self.literal(assets.renderer)), "
        + "canvas: \(assets.canvas.map(Self.literal) ?? "null")};",
      "const SCENEC_PLAN = \(Self.scriptSafe(planJSON));",
      "const SCENEC_SPANS = \(Self.scriptSafe(spansJSON));",
      "const SCENEC_PLAN_GENERATION = \(planGeneration);",
      "const SCENEC_SERVE = \(served);",
    ].joined(separator: "\n")
    // The data goes in last, by splitting the small page around its marker: Foundation's replacingOccurrences
    // on a page holding an 86 MB plan took 14 of a 100,000-layer preview's 17 s (as UTF-16).
    return assets.template
      .replacingOccurrences(of: "{{CSP}}", with: served ? Self.servedCSP : Self.fileCSP)
      .replacingOccurrences(of: "{{TITLE}}", with: Self.escapeHTML(title))
      .components(separatedBy: "{{DATA}}").joined(separator: data)
  }

  /// A JavaScript string literal of `text` that cannot end the `<script>` element it sits in: `<` is written as
  /// `\u003c`, so no `</script>` or `<!--` appears, and the line separators JavaScript once forbade are escaped.
  static func literal(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// JSON is a JavaScript expression; `<` occurs in it only inside strings, where `\u003c` means the same.
  /// Byte by byte over the UTF-8 (a plan can be tens of megabytes): `<`, and U+2028 and U+2029 (E2 80 A8/A9).
  static func scriptSafe(_ json: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.utf8.count + 64)
    let utf8 = Array(json.utf8)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "<") {
        bytes += Array("\\u003c".utf8)
      } else if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 {
        bytes += Array((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
        index += 2
      } else {
        bytes.append(byte)
      }
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func escapeHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
