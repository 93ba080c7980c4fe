import SceneCore

/// Reading SVG path data, as a spec's `path:` holds it; writing it is SceneCore's (`SVGPathData.format`).
extension SVGPathData {
  /// A syntax error, located by the UTF-8 byte offset of the offending character in the parsed string (the string's
  /// UTF-8 length when the text ended too early), so a caller can point at the exact column of its source line.
  public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    /// Well-formed data whose points leave the double range (the command at `offset` made them), not a syntax error.
    public var overflows: Bool

    public init(offset: Int, message: String, overflows: Bool = false) {
      self.offset = offset
      self.message = message
      self.overflows = overflows
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
}
