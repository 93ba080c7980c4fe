import SceneCore

/// The command level of SVG path data: command letters, their parameter sets and implicit repeats, applied to a
/// `PathBuilder`. See `SVGPathData.parse` for the accepted language.
struct SVGPathParser {
  private var scanner: SVGPathScanner
  private var builder = PathBuilder()
  /// The second control point of the previous command if it was a cubic (C, c, S, s), for S's reflection.
  private var lastCubicControl: Point?
  /// The control point of the previous command if it was a quadratic (Q, q, T, t), for T's reflection.
  private var lastQuadControl: Point?

  init(_ text: String) {
    scanner = SVGPathScanner(text)
  }

  mutating func parse() throws(SVGPathData.Error) -> BezierPath {
    scanner.skipWhitespace()
    if scanner.isAtEnd { return BezierPath() }
    guard scanner.current == UInt8(ascii: "M") || scanner.current == UInt8(ascii: "m") else {
      throw failure(
        scanner.offset, "path data must start with a move ('M' or 'm'), found '\(scanner.currentCharacter)'")
    }
    var previousLetter: Character?
    while true {
      scanner.skipWhitespace()
      guard let byte = scanner.current else { break }
      let letter = Character(Unicode.Scalar(byte))
      guard byte < 0x80, "MmLlHhVvCcSsQqTtAaZz".contains(letter) else {
        throw unexpected(after: previousLetter)
      }
      let commandOffset = scanner.offset
      let coordinatesBefore = builder.path.coordinates.count
      scanner.advance()
      try command(letter)
      // Finite numbers whose points are not (a reflection, a relative end, an arc's centre): no plan can hold them.
      if builder.path.coordinates[coordinatesBefore...].contains(where: { !$0.isFinite }) {
        throw SVGPathData.Error(
          offset: commandOffset, message: "the points of '\(letter)' overflow the double range (±1.8e308)",
          overflows: true)
      }
      previousLetter = letter
    }
    return builder.path
  }

  /// One command letter and all its parameter sets (the first is required; more follow while numbers do).
  private mutating func command(_ letter: Character) throws(SVGPathData.Error) {
    if letter == "Z" || letter == "z" {
      builder.close()
      lastCubicControl = nil
      lastQuadControl = nil
      return
    }
    var isFirstSet = true
    repeat {
      try parameterSet(letter, isFirstSet: isFirstSet)
      isFirstSet = false
      if scanner.skipParameterSeparator() && !scanner.isAtNumber {
        throw failure(scanner.offset, "expected a number after '\(letter)'")
      }
    } while scanner.isAtNumber
  }

  private mutating func parameterSet(_ letter: Character, isFirstSet: Bool) throws(SVGPathData.Error) {
    let isRelative = letter.isLowercase
    let origin = builder.currentPoint ?? .zero
    func absolute(_ point: Point) -> Point { isRelative ? origin + point : point }
    var cubicControl: Point?
    var quadControl: Point?
    switch letter {
    case "M", "m":
      let point = absolute(try pair(letter, first: true))
      // Pairs after the first are implicit line commands (relative for `m`).
      if isFirstSet { builder.move(to: point) } else { builder.line(to: point) }
    case "L", "l":
      builder.line(to: absolute(try pair(letter, first: true)))
    case "H", "h":
      let x = try number(letter, first: true)
      builder.line(to: Point(isRelative ? origin.x + x : x, origin.y))
    case "V", "v":
      let y = try number(letter, first: true)
      builder.line(to: Point(origin.x, isRelative ? origin.y + y : y))
    case "C", "c":
      let control1 = absolute(try pair(letter, first: true))
      let control2 = absolute(try pair(letter))
      builder.cubic(to: absolute(try pair(letter)), control1: control1, control2: control2)
      cubicControl = control2
    case "S", "s":
      let control1 = lastCubicControl.map { origin + (origin - $0) } ?? origin
      let control2 = absolute(try pair(letter, first: true))
      builder.cubic(to: absolute(try pair(letter)), control1: control1, control2: control2)
      cubicControl = control2
    case "Q", "q":
      let control = absolute(try pair(letter, first: true))
      builder.quad(to: absolute(try pair(letter)), control: control)
      quadControl = control
    case "T", "t":
      let control = lastQuadControl.map { origin + (origin - $0) } ?? origin
      builder.quad(to: absolute(try pair(letter, first: true)), control: control)
      quadControl = control
    default:  // "A", "a"
      let radiusX = try number(letter, first: true)
      let radiusY = try number(letter)
      let rotation = try number(letter)
      let largeArc = try flag(letter)
      let sweep = try flag(letter)
      let end = absolute(try pair(letter))
      builder.appendSVGArc(
        to: end, radiusX: radiusX, radiusY: radiusY, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
  }

  /// A number; every parameter but the first of a set may be preceded by comma-wsp, the first only by whitespace
  /// (the separator after the previous set has already been consumed).
  private mutating func number(_ letter: Character, first: Bool = false) throws(SVGPathData.Error) -> Double {
    if first { scanner.skipWhitespace() } else { scanner.skipParameterSeparator() }
    let start = scanner.offset
    guard let value = scanner.scanNumber() else {
      throw failure(start, "expected a number after '\(letter)'")
    }
    guard value.isFinite else { throw failure(start, "number out of range after '\(letter)'") }
    return value
  }

  private mutating func pair(_ letter: Character, first: Bool = false) throws(SVGPathData.Error) -> Point {
    let x = try number(letter, first: first)
    let y = try number(letter)
    return Point(x, y)
  }

  private mutating func flag(_ letter: Character) throws(SVGPathData.Error) -> Bool {
    scanner.skipParameterSeparator()
    guard let value = scanner.scanFlag() else {
      throw failure(scanner.offset, "expected a flag (0 or 1) after '\(letter)'")
    }
    return value
  }

  /// The error for a character that cannot begin a command here.
  private func unexpected(after previousLetter: Character?) -> SVGPathData.Error {
    let character = scanner.currentCharacter
    if let byte = scanner.current, byte < 0x80, Character(Unicode.Scalar(byte)).isLetter {
      return failure(scanner.offset, "unknown command '\(character)'")
    }
    if scanner.isAtNumber, let previousLetter, previousLetter == "Z" || previousLetter == "z" {
      return failure(scanner.offset, "'\(previousLetter)' takes no numbers")
    }
    return failure(scanner.offset, "unexpected character '\(character)'")
  }

  private func failure(_ offset: Int, _ message: String) -> SVGPathData.Error {
    SVGPathData.Error(offset: offset, message: message)
  }
}
