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

  func html(planJSON: String, planGeneration: Int) -> String {
    let data = [
      "const SCENEC_SOURCES = {player: \(Self.literal(assets.player)), render: \(Self.literal(assets.renderer)), "
        + "canvas: \(assets.canvas.map(Self.literal) ?? "null")};",
      "const SCENEC_PLAN = \(Self.scriptSafe(planJSON));",
      "const SCENEC_PLAN_GENERATION = \(planGeneration);",
      "const SCENEC_SERVE = \(served);",
    ].joined(separator: "\n")
    return assets.template
      .replacingOccurrences(of: "{{CSP}}", with: served ? Self.servedCSP : Self.fileCSP)
      .replacingOccurrences(of: "{{TITLE}}", with: Self.escapeHTML(title))
      .replacingOccurrences(of: "{{DATA}}", with: data)
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
  static func scriptSafe(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
      .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
  }

  static func escapeHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
