import Foundation
import SceneTestSupport
import Testing

/// Package.swift declares exactly what each target (tests too) imports: a dependency no source imports is dead weight
/// (and hides the real layering), and an import that is not declared builds only by accident of build order.
@Suite("Package dependencies")
struct PackageDependencyTests {
  /// The system's modules, which no target declares.
  static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Musl", "Darwin", "Testing", "XCTest"]

  struct Target {
    var kind: String
    var name: String
    var dependencies: Set<String>
    var path: String?
  }

  @Test func everyTargetDeclaresExactlyWhatItImports() throws {
    let manifest = try String(
      contentsOf: PlanTestSupport.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let targets = Self.targets(in: manifest).filter { $0.kind != "systemLibrary" }
    #expect(targets.count > 10, "the manifest's targets were not found")
    for target in targets {
      let folder = PlanTestSupport.root.appendingPathComponent(
        target.path ?? (target.kind == "testTarget" ? "Tests/" : "Sources/") + target.name)
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      let swiftFiles = files.filter { $0.hasSuffix(".swift") }
      // C targets name their headers' modules in the manifest only.
      guard !swiftFiles.isEmpty else { continue }
      var imports: Set<String> = []
      for file in swiftFiles {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        imports.formUnion(Self.imports(in: text))
      }
      #expect(imports.subtracting(Self.system) == target.dependencies, "\(target.name)")
    }
  }

  /// Each `.target(…)`, `.executableTarget(…)` and `.testTarget(…)` call: its name, the quoted names in its
  /// `dependencies: […]`, and its `path:`.
  static func targets(in manifest: String) -> [Target] {
    let pattern = #/\.(target|executableTarget|testTarget|systemLibrary)\(/#
    let starts = manifest.matches(of: pattern)
    return starts.indices.map { index in
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
      let call = manifest[starts[index].range.upperBound..<end]
      let kind = String(manifest[starts[index].range].dropFirst().dropLast())
      func quoted(after key: String) -> String? {
        guard let range = call.range(of: key + " \"") else { return nil }
        return String(call[range.upperBound...].prefix { $0 != "\"" })
      }
      var dependencies: Set<String> = []
      if let open = call.range(of: "dependencies: ["), let close = call[open.upperBound...].firstIndex(of: "]") {
        let parts = call[open.upperBound..<close].split(separator: "\"", omittingEmptySubsequences: false)
        for part in parts.enumerated() where part.offset % 2 == 1 {
          dependencies.insert(String(part.element))
        }
      }
      let name = quoted(after: "name:") ?? ""
      return Target(kind: kind, name: name, dependencies: dependencies, path: quoted(after: "path:"))
    }
  }

  /// The modules a source file imports, with any attribute or access level before `import`.
  /// The modules a file imports, from its leading `import` lines.
  static func imports(in text: String) -> Set<String> {
    var modules: Set<String> = []
    for line in text.split(separator: "\n") {
      var words = line.split(separator: " ")
      let modifiers: Set<Substring> = ["internal", "public", "package", "private"]
      while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
        words.removeFirst()
      }
      if words.count == 2, words[0] == "import" {
        modules.insert(String(words[1]))
      } else if !words.isEmpty, !line.hasPrefix("//") {
        // Imports come first in a Swift file; an `import` line further down is inside a string (a Python script).
        break
      }
    }
    return modules
  }
}
