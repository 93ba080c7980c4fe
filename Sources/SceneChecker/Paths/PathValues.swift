import SceneCore
import SceneDiagnostics
import SceneFrontEnd
import SceneYAML

/// Reads path values: a name from `paths`, a command list as UIBezierPath builds it, or SVG path data.
extension CheckContext {
  func pathValue(_ node: YAMLNode) -> BezierPath? {
    switch document.kind(node) {
    case .sequence:
      return commandList(node)
    case .mapping:
      error(
        CheckDiagnostics.wrongShape, "expected a path (a name, a list of commands or SVG path data), found a mapping",
        at: span(node), help: "write the commands as a list: `- move: [0, 0]`")
      return nil
    case .scalar:
      guard let text = scalarText(node, expected: "a path") else { return nil }
      if let named = paths[text] {
        usedPaths.insert(text)
        return named.path
      }
      let trimmed = text.trimmingLeadingSpaces
      let looksLikeSVG =
        trimmed.first.map { "MmLlHhVvCcSsQqTtAaZz".contains($0) } ?? false
        && (trimmed.count == 1 || !Self.isValidName(String(trimmed)) || trimmed.contains(where: \.isNumber))
      if !looksLikeSVG, Self.isValidName(text) {
        let suggestion =
          spendSuggestionSearch(among: paths.count)
          ? Suggestions.closest(to: text, among: paths.keys.sorted()).first : nil
        error(
          CheckDiagnostics.unknownPath, "no path is named '\(text)'", at: span(node),
          help: suggestion.map { "did you mean '\($0)'?" } ?? "define it under `paths:`, or write the commands here",
          replacement: suggestion)
        return nil
      }
      do {
        return try SVGPathData.parse(text)
      } catch {
        let offset = sourceOffset(inScalar: node, textOffset: error.offset)
        if error.overflows {
          self.error(
            CheckDiagnostics.valueOverflows, error.message, at: Span(start: offset, end: offset + 1),
            help: "use smaller coordinates (or radii) in this command, or absolute ones")
          return nil
        }
        self.error(
          CheckDiagnostics.svgPathSyntax, "invalid SVG path data: \(error.message)",
          at: Span(start: offset, end: offset + 1), help: "SVG path data is commands such as M 0 0 L 10 10 Z")
        return nil
      }
    }
  }

  /// Maps a byte offset inside a scalar's text to the file: exact for plain scalars, after the quote for
  /// quoted ones without escapes; otherwise the scalar's start.
  func sourceOffset(inScalar node: YAMLNode, textOffset: Int) -> Int {
    let whole = span(node)
    let written = whole.end - whole.start
    let length = document.scalar(node).utf8.count
    switch document.style(node) {
    case .plain where written == length: return whole.start + textOffset
    case .singleQuoted where written == length + 2, .doubleQuoted where written == length + 2:
      return whole.start + 1 + textOffset
    default: return whole.start
    }
  }

  private func commandList(_ node: YAMLNode) -> BezierPath? {
    var builder = PathBuilder()
    let names = SpecSchema.pathCommands.map(\.name)
    for item in document.items(node) {
      let commandName: String
      let argument: YAMLNode?
      let commandSpan: Span
      switch document.kind(item) {
      case .scalar:
        commandName = document.scalar(item)
        argument = nil
        commandSpan = span(item)
      case .mapping:
        let entries = document.entries(item)
        guard entries.count == 1 else {
          error(
            CheckDiagnostics.wrongShape, "each path command is one `name: arguments` entry, found \(entries.count)",
            at: span(item), help: "write one command per list item, e.g. `- line: [10, 10]`")
          return nil
        }
        commandName = document.scalar(entries[0].key)
        argument = entries[0].value
        commandSpan = span(entries[0].key)
      case .sequence:
        error(
          CheckDiagnostics.wrongShape, "expected a path command such as `- move: [0, 0]`, found a list", at: span(item))
        return nil
      }
      guard names.contains(commandName) else {
        let suggestion = Suggestions.closest(to: commandName, among: names).first
        error(
          CheckDiagnostics.unknownPathCommand, "unknown path command '\(commandName)'", at: commandSpan,
          notes: ["the commands are \(names.joined(separator: ", "))"],
          help: suggestion.map { "did you mean '\($0)'?" }, replacement: suggestion)
        return nil
      }
      if commandName == "close" {
        if let argument, !document.isEmptyPlainScalar(argument) {
          error(CheckDiagnostics.wrongShape, "`close` takes no arguments", at: span(argument), help: "write `- close`")
          return nil
        }
        builder.close()
        continue
      }
      guard let argument else {
        error(
          CheckDiagnostics.missingKey, "`\(commandName)` needs arguments", at: commandSpan,
          help: "write `- \(commandName): …`; Grammar.md shows each command")
        return nil
      }
      let coordinatesBefore = builder.path.coordinates.count
      guard apply(commandName, argument, at: commandSpan, to: &builder) else { return nil }
      // Finite arguments whose points are not (an arc's centre ± radius, a rect's x + width): no plan holds them.
      if builder.path.coordinates[coordinatesBefore...].contains(where: { !$0.isFinite }) {
        error(
          CheckDiagnostics.valueOverflows,
          "the points of `\(commandName)` overflow the double range (±1.8e308)", at: commandSpan,
          help: "use smaller coordinates or radii in this command")
        return nil
      }
    }
    return builder.path
  }

  private func apply(_ command: String, _ argument: YAMLNode, at commandSpan: Span, to builder: inout PathBuilder)
    -> Bool
  {
    func point(_ node: YAMLNode) -> Point? { vector(node, kind: .point).map { Point($0[0], $0[1]) } }
    func needsCurrentPoint() -> Bool {
      guard builder.currentPoint == nil else { return true }
      error(
        CheckDiagnostics.pathNeedsStart, "`\(command)` needs a current point, and the path has none yet",
        at: commandSpan,
        help: "start the path with `- move: [x, y]`")
      return false
    }
    switch command {
    case "move":
      guard let p = point(argument) else { return false }
      builder.move(to: p)
    case "line":
      guard needsCurrentPoint(), let p = point(argument) else { return false }
      builder.line(to: p)
    case "quad":
      guard needsCurrentPoint(),
        let fields = fields(of: argument, allowed: SpecSchema.quad, place: "a quad command"),
        let to = fields.value("to").flatMap(point), let control = fields.value("control").flatMap(point)
      else { return false }
      builder.quad(to: to, control: control)
    case "cubic":
      guard needsCurrentPoint(),
        let fields = fields(of: argument, allowed: SpecSchema.cubic, place: "a cubic command"),
        let to = fields.value("to").flatMap(point), let c1 = fields.value("control1").flatMap(point),
        let c2 = fields.value("control2").flatMap(point)
      else { return false }
      builder.cubic(to: to, control1: c1, control2: c2)
    case "arc":
      guard let fields = fields(of: argument, allowed: SpecSchema.arc, place: "an arc command"),
        let center = fields.value("center").flatMap(point),
        let radiusNode = fields.value("radius"),
        let radius = number(
          radiusNode, unit: Unit.none, in: 0...Double.greatestFiniteMagnitude, rangeText: "a radius must be ≥ 0"),
        let start = fields.value("start").flatMap(angle), let end = fields.value("end").flatMap(angle)
      else { return false }
      var clockwise = true
      if let node = fields.value("clockwise") {
        guard let value = bool(node) else { return false }
        clockwise = value
      }
      builder.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise)
    case "rect", "ellipse":
      guard let r = vector(argument, kind: .rect) else { return false }
      let rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
      if command == "rect" { builder.rect(rect) } else { builder.ellipse(in: rect) }
    case "roundedRect":
      guard let fields = fields(of: argument, allowed: SpecSchema.roundedRect, place: "a roundedRect command"),
        let r = fields.value("rect").flatMap({ vector($0, kind: .rect) }),
        let radiusNode = fields.value("cornerRadius"),
        let radius = number(
          radiusNode, unit: Unit.none, in: 0...Double.greatestFiniteMagnitude, rangeText: "must be ≥ 0")
      else { return false }
      builder.roundedRect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]), cornerRadius: radius)
    default:
      return false
    }
    return true
  }
}

extension String {
  fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " || $0 == "\t" || $0 == "\n" } }
}

/// Describes a path's command structure for mismatch messages: "move, line, cubic ×3, close".
public enum PathStructure {
  public static func describe(_ path: BezierPath) -> String {
    guard !path.elements.isEmpty else { return "empty" }
    var parts: [String] = []
    var index = 0
    while index < path.elements.count {
      let element = path.elements[index]
      var run = 1
      while index + run < path.elements.count, path.elements[index + run] == element { run += 1 }
      parts.append(run > 1 ? "\(element) ×\(run)" : "\(element)")
      index += run
    }
    return parts.joined(separator: ", ")
  }
}
