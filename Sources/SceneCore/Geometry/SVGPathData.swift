/// SVG path data (the `d` attribute, SVG 1.1 §8.3 / SVG 2 §9.3) written from a `BezierPath`; reading it is the
/// front end's (SceneFrontEnd's `SVGPathData.parse`), as only specs hold path data to read.
public enum SVGPathData {
  /// Writes `path` as SVG path data: `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`, absolute
  /// coordinates only, the letter joined to its first number and every other token separated by one space
  /// (`M0 0 L10 10 Z`). Numbers use `NumberFormatting.shortest`, so the text is deterministic and parses back to the
  /// same coordinates. An empty path gives the empty string.
  public static func format(_ path: BezierPath) -> String {
    var tokens: [String] = []
    var index = 0
    for element in path.elements {
      let letter: String
      switch element {
      case .move: letter = "M"
      case .line: letter = "L"
      case .quad: letter = "Q"
      case .cubic: letter = "C"
      case .close: letter = "Z"
      }
      let numbers = (0..<(2 * element.pointCount)).map { offset in
        NumberFormatting.shortest(path.coordinates[index + offset])
      }
      index += numbers.count
      tokens.append(letter + numbers.joined(separator: " "))
    }
    return tokens.joined(separator: " ")
  }
}
