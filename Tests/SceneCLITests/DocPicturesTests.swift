import Foundation
import Testing

/// The pictures README.md and docs/tutorial.md show are what `scripts/doc-pictures.sh` makes from their specs
/// with the built scenec, byte for byte (GIF and PNG exports are deterministic), so a picture cannot drift from
/// its spec; and each document shows exactly the pictures the script makes.
@Suite struct DocPicturesTests {
  /// The documents and the folder their image links are relative to.
  static let documents = [("README.md", ""), ("docs/tutorial.md", "docs")]
  /// README's GIF is on the first screen of the project's page: it must load quickly.
  static let heroLimit = 300_000

  @Test func theScriptRemakesEveryPictureTheDocumentsShow() throws {
    let binary = try #require(Scenec.binary, "no scenec binary beside the test bundle; run `swift build` first")
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var environment = ProcessInfo.processInfo.environment
    environment["SCENEC"] = binary
    let script = CLI.repositoryRoot.appendingPathComponent("scripts/doc-pictures.sh").path
    let run = try #require(ExportTools.run("/bin/bash", [script, folder.path], environment: environment))
    try #require(run.status == 0, "\(run.standardError)")

    let made = try Self.files(below: folder)
    let shown = try Self.documents.flatMap { document, base in
      DocumentedSpecs.images(in: try DocumentedSpecs.read(document), folder: base)
    }
    #expect(made == Set(shown), "made \(made.sorted()), shown \(shown.sorted())")
    #expect(shown.count == Set(shown).count, "a picture shown twice: \(shown)")
    for path in made.sorted() {
      let fresh = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
      let committed = FileManager.default.contents(atPath: CLI.repositoryRoot.appendingPathComponent(path).path)
      #expect(committed != nil && fresh == committed, "\(path) differs from what scripts/doc-pictures.sh makes")
    }
    let hero = try #require(
      FileManager.default.contents(atPath: folder.appendingPathComponent("docs/readme/hero.gif").path))
    #expect(hero.count < Self.heroLimit, "hero.gif is \(hero.count) bytes")
  }

  /// Every regular file below `folder`, relative to it.
  static func files(below folder: URL) throws -> Set<String> {
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
    var found: Set<String> = []
    while let path = enumerator.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.insert(path)
      }
    }
    return found
  }
}
