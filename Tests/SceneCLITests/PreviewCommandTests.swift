import Foundation
import Testing

@testable import SceneCLI

/// `scenec preview SPEC [-o PAGE]`: one self-contained page, written whole or not at all, that asks no network
/// for anything.
@Suite struct PreviewCommandTests {
  static let like = ExportFixtures.spec("like-button")
  /// No SCENEC_PLAYER_MODULE or SCENEC_WEB_DIR: the checkout's own modules (Web/), the real player.
  static let environment: [String: String] = [:]

  func page(_ spec: String = like, in folder: URL) throws -> String {
    let output = folder.appendingPathComponent("page.html").path
    let run = CLI.run(["preview", spec, "-o", output], environment: Self.environment)
    try #require(run.status == 0, "\(run.standardError)")
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  @Test func thePageInlinesThePlanAndBothModules() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try page(in: folder)
    let renderer = try String(
      contentsOf: CLI.repositoryRoot.appendingPathComponent("Web/scenec-render.js"), encoding: .utf8)
    // The module arrives as a string literal: its first line (a comment with no quote or '<') appears verbatim.
    let firstLine = try #require(renderer.split(separator: "\n").first)
    #expect(page.contains(String(firstLine)))
    #expect(page.contains("\"scene\": \"like-button\""))
    #expect(page.contains("const SCENEC_SERVE = false;"))
    // Nothing inlined can close the script element early.
    let scripts = page.components(separatedBy: "</script>")
    #expect(scripts.count == 3, "exactly the two script elements of the template end")
  }

  /// No URL the page could load: no src/href/import/fetch/url() of http(s), and a CSP that forbids requests.
  @Test func thePageLoadsNothingFromANetwork() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for seed in ["like-button", "shake-button", "shoot-button", "submit-button"] {
      let page = try page(ExportFixtures.spec(seed), in: folder)
      // An attribute, CSS url(), module import or fetch of an absolute or protocol-relative URL.
      let loading = [
        #"(src|href|action|poster|data)\s*=\s*["']?\s*(https?:)?//"#, #"url\(\s*["']?(https?:)?//"#,
        #"import\s*\(?\s*["'](https?:)?//"#, #"fetch\(\s*["'`](https?:)?//"#, #"@import"#,
      ].joined(separator: "|")
      #expect(page.range(of: loading, options: [.regularExpression, .caseInsensitive]) == nil, "\(seed)")
      let urls = page.matches(of: /https?:\/\/[^"'\\\s)<>]*/).map { String($0.output) }
      // The only absolute URLs are XML namespace names, which are identifiers and never fetched (XHTML's: the
      // `div` of a conic gradient's foreignObject).
      let namespaces: Set = [
        "http://www.w3.org/2000/svg", "http://www.w3.org/XML/1998/namespace", "http://www.w3.org/1999/xhtml",
      ]
      #expect(Set(urls).subtracting(namespaces).isEmpty, "\(seed): \(Set(urls))")
      #expect(page.contains("content=\"default-src 'none'; script-src 'unsafe-inline' blob:;"))
      #expect(!page.contains("connect-src"), "a written page may not even fetch its own origin")
    }
  }

  @Test func withoutOutputThePageGoesBesideTheSpec() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("bounce.yaml").path
    try FileManager.default.copyItem(atPath: Self.like, toPath: spec)
    let run = CLI.run(["preview", spec], environment: Self.environment)
    #expect(run.status == 0, "\(run.standardError)")
    let expected = folder.appendingPathComponent("bounce.preview.html").path
    #expect(FileManager.default.fileExists(atPath: expected))
    #expect(run.standardError.contains(expected))
    #expect((try? PreviewCommand.defaultOutput(for: "x.yml")) == "x.preview.html")
  }

  @Test func aSpecWithErrorsWritesNothingAndLeavesTheOldPage() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = ExportFixtures.write(
      "scene: x\nsize: [10, 10]\nlayers:\n  - id: a\n    bogus: 1\n", name: "bad", in: folder)
    let output = folder.appendingPathComponent("page.html").path
    try "old".write(toFile: output, atomically: true, encoding: .utf8)
    let run = CLI.run(["preview", spec, "-o", output], environment: Self.environment)
    #expect(run.status == 1)
    #expect(run.standardError.contains("bad.yaml:5:5: error: unknown key 'bogus'"))
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test func standardOutputAndUsageErrors() throws {
    let run = CLI.run(["preview", Self.like, "-o", "-"], environment: Self.environment)
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("<!DOCTYPE html>"))
    #expect(CLI.run(["preview"], environment: Self.environment).status == 2)
    #expect(
      CLI.run(["preview", Self.like, "--port", "80"], environment: Self.environment).standardError.contains(
        "--port is for --serve"))
    #expect(CLI.run(["preview", Self.like, "--serve", "-o", "x.html"], environment: Self.environment).status == 2)
    #expect(
      CLI.run(["preview", Self.like, "--serve", "--port", "70000"], environment: Self.environment).standardError
        .contains("port number"))
    #expect(
      CLI.run(["preview", "-"], stdin: "scene: x\nsize: [1, 1]\nlayers: []\n", environment: Self.environment)
        .standardError.contains("-o"))
    let help = CLI.run(["--help"]).standardOutput
    #expect(help.contains("preview"))
    #expect(CLI.run(["help", "preview"]).standardOutput.contains("--serve"))
  }

  @Test func aMissingWebFolderIsAClearError() {
    let run = CLI.run(["preview", Self.like, "-o", "-"], environment: ["SCENEC_PLAYER_MODULE": "/nonexistent/p.js"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("/nonexistent/p.js"))
  }
}
