/// SVG path data (the `d` attribute, SVG 1.1 §8.3 / SVG 2 §9.3) read into and written from a `BezierPath`.
public enum SVGPathData {
  /// A syntax error, located by the UTF-8 byte offset of the offending character in the parsed string (the string's
  /// UTF-8 length when the text ended too early), so a caller can point at the exact column of its source line.
  public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
      self.offset = offset
      self.message = message
    }

    public var description: String { "offset \(offset): \(message)" }
  }

  /// Parses path data into a path with move, line, quad, cubic and close elements.
  ///
  /// Accepted: every command `M m L l H h V v C c S s Q q T t A a Z z`; implicit repeats (extra coordinate pairs
  /// after `M`/`m` are lines); relative coordinates (from the current point at the start of each parameter set;
  /// a leading `m` is relative to (0, 0), i.e. absolute); numbers with sign, fraction and exponent, separated by
  /// whitespace, one optional comma, or nothing where unambiguous (`-1.5e-3`, `.5.5` = 0.5 0.5, `10-5`);
  /// arc flags as single `0`/`1` characters that need no separator (`a1 1 0 00 1 1`). An empty or blank string is
  /// an empty path. The data must begin with a move.
  ///
  /// Conversions: `H`/`V` become lines; `S`/`T` reflect the previous curve's last control point about the current
  /// point (or use the current point when the previous command was not a curve of the same kind); `A` becomes cubics
  /// (`SVGPathData+Arc.swift`); `Z` closes the subpath, returning the current point to its start, and a following
  /// drawing command re-opens it with a move (see `PathBuilder`).
  public static func parse(_ text: String) throws(SVGPathData.Error) -> BezierPath {
    var parser = SVGPathParser(text)
    return try parser.parse()
  }

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
