import Foundation
import SceneChecker
import SceneCore
import Testing

/// Grammar.md is the user's reference; these tests fail when it and the checker's tables disagree.
@Suite struct GrammarTests {
  static let grammar: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("Grammar.md"), encoding: .utf8)) ?? ""
  }()

  /// The rows `| `name` | …` of the first table after a line containing `marker`.
  static func tableNames(after marker: String) -> [String] {
    let lines = grammar.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.contains(marker) }) else { return [] }
    var names: [String] = []
    var inTable = false
    for line in lines[(start + 1)...] {
      if line.hasPrefix("|") {
        inTable = true
        let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        let first = cells.count > 1 ? cells[1].trimmingCharacters(in: .whitespaces) : ""
        if first.hasPrefix("`"), first.hasSuffix("`") { names.append(String(first.dropFirst().dropLast())) }
      } else if inTable {
        break
      }
    }
    return names
  }

  @Test func everyDiagnosticCodeIsIndexedAndNoOtherIs() throws {
    let catalogue = SpecChecker.catalogue
    for code in catalogue {
      #expect(Self.grammar.contains("| \(code.id) | `\(code.name)` |"), "Grammar.md lacks \(code.id) \(code.name)")
    }
    let indexed = try Regex("\\| ([EW][0-9]{4}) \\|")
    let mentioned = Set(Self.grammar.matches(of: indexed).map { String($0.output[1].substring ?? "") })
    #expect(mentioned == Set(catalogue.map(\.id)))
  }

  @Test func layerPropertyTableMatchesTheChecker() {
    #expect(Self.tableNames(after: "Properties (Core Animation's names") == LayerProperty.all.map(\.name))
    for property in LayerProperty.all {
      let row = Self.propertyRow(property)
      #expect(Self.grammar.contains("\n" + row + "\n"), "Grammar.md's row of \(property.name) should read: \(row)")
    }
  }

  /// Grammar.md's row of a property, written from the property table and its documentation.
  static func propertyRow(_ property: LayerProperty) -> String {
    let type =
      property.kind == .enumeration
      ? "one of " + property.cases.map { "`\($0)`" }.joined(separator: ", ") : property.kind.rawValue
    let layerTypes =
      property.layerTypes == LayerType.every
      ? "all" : LayerType.allCases.filter(property.layerTypes.contains).map(\.rawValue).joined(separator: ", ")
    let cells = [
      "`\(property.name)`", type, layerTypes, property.animatable ? "yes" : "no", "`\(property.docs.defaultText)`",
      property.docs.summary,
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }

  @Test func everyAnimatablePropertyHasItsKeyPathRow() {
    for property in LayerProperty.all where property.animatable {
      let only =
        property.layerTypes == LayerType.every
        ? "" : " (\(property.layerTypes.map(\.rawValue).sorted().joined(separator: ", ")))"
      let row = "| `\(property.name)` | \(property.kind.rawValue)\(only) |"
      #expect(
        Self.grammar.contains("\n" + row + "\n"), "Grammar.md's key path row of \(property.name) should read: \(row)")
    }
  }

  @Test func everyPropertyIsDocumented() {
    for property in LayerProperty.all {
      #expect(!property.docs.summary.isEmpty && !property.docs.defaultText.isEmpty, "\(property.name) lacks docs")
    }
  }

  @Test func layerStructureAndFileKeysMatch() {
    #expect(Self.tableNames(after: "Structural keys of a layer entry") == SpecSchema.layerStructure.map(\.name))
    #expect(Self.tableNames(after: "The file-level keys") == SpecSchema.file.map(\.name))
  }

  @Test func keyPathTableMatchesTheChecker() {
    #expect(
      Self.tableNames(after: "Every animatable property of the target's layer type")
        == AnimatableKeyPath.all.map(\.name))
  }

  @Test func timingTableAndEveryOtherKeyAreDocumented() {
    let timing = Self.tableNames(after: "Timing fields, on every entry")
    #expect(timing == SpecSchema.timing.map(\.name) + ["additive", "cumulative"])
    let everyKey =
      SpecSchema.animation + SpecSchema.spring + SpecSchema.transform + SpecSchema.font
      + SpecSchema.pathCommands + SpecSchema.arc + SpecSchema.quad + SpecSchema.cubic + SpecSchema.roundedRect
    for key in everyKey { #expect(Self.grammar.contains("`\(key.name)`"), "Grammar.md never mentions `\(key.name)`") }
    for function in TimingFunction.named { #expect(Self.grammar.contains("`\(function.name)`")) }
  }
}
