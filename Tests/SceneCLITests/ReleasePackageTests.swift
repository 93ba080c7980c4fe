import Foundation
import SceneExport
import SceneRuntime
import Testing

@testable import SceneCLI

/// The release (scripts/package.sh, docs/install.md): the tarball's scenec runs without the Swift toolchain's
/// libraries, reads its web player from `share/scenec/Web`, and writes what the tested build writes; the Debian
/// package holds the same tree under /usr and lintian finds no error in it.
///
/// The archives: those in `SCENEC_PACKAGE_DIR` when set (scripts/test.sh packages first, before the suite, so
/// that the static build does not compete with the tests for the cores), else scripts/package.sh is run here into
/// a temporary folder (a static release build: minutes the first time, incremental after).
@Suite(.serialized) struct ReleasePackageTests {
  @Test func versionNamesTheReleaseAndThePlanFormat() {
    let run = CLI.run(["--version"])
    #expect(run.status == 0)
    #expect(run.standardOutput == "scenec \(SceneCLI.version) (writes plan format \(Plan.formatVersion))\n")
  }

  @Test func overviewListsEveryExport() throws {
    let overview = CLI.run(["help"]).standardOutput
    let exportLine = try #require(overview.split(separator: "\n").first { $0.hasPrefix("  export ") })
    for name in ExporterRegistry.names { #expect(exportLine.contains(name), "\(exportLine)") }
    #expect(exportLine.contains("video"))
  }

  @Test func unpackedTarballRunsWithoutTheToolchainAndTheDebianPackageIsClean() throws {
    let root = CLI.repositoryRoot
    let work = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let archives = try packagedArchives(into: work.appendingPathComponent("dist"))

    let unpacked = work.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    let untar = try #require(ExportTools.run("tar", ["-xzf", archives.tarball.path, "-C", unpacked.path]))
    #expect(untar.status == 0, "\(untar.standardError)")
    let tree = unpacked.appendingPathComponent("scenec-\(SceneCLI.version)")
    let binary = tree.appendingPathComponent("bin/scenec").path

    // Only the system's C and C++ libraries: no Swift runtime, Foundation, Dispatch, ICU, nor libyaml.
    let ldd = try #require(ExportTools.run("ldd", [binary]))
    #expect(ldd.status == 0, "\(ldd.standardError)")
    for library in ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libicu", "yaml"]
    {
      #expect(!ldd.standardOutput.contains(library), "ldd bin/scenec:\n\(ldd.standardOutput)")
    }
    #expect(!ldd.standardOutput.contains("not found"), "\(ldd.standardOutput)")

    // The toolchain off the loader's path and off PATH; the commands run where a user's checkout would.
    let bare = ["PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "", "HOME": work.path]
    func packaged(_ arguments: [String]) throws -> ExportTools.Output {
      try #require(ExportTools.run(binary, arguments, environment: bare, directory: root))
    }
    #expect(try packaged(["--version"]).standardOutput == CLI.run(["--version"]).standardOutput)
    let lint = try packaged(["lint", "--format", "json", "specs"])
    let expectedLint = CLI.run(["lint", "--format", "json", "specs"])
    #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    #expect(lint.standardOutput == expectedLint.standardOutput)

    let specs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("specs").path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(specs.count >= 9)
    for spec in specs.map({ "specs/\($0)" }) {
      let plan = try packaged(["compile", spec])
      #expect(plan.status == 0, "\(spec): \(plan.standardError)")
      #expect(plan.standardOutput == CLI.run(["compile", spec]).standardOutput, "\(spec): plans differ")
      let svg = try packaged(["export", "svg", spec, "--at", "0.25"])
      #expect(svg.status == 0, "\(spec): \(svg.standardError)")
      #expect(svg.standardOutput == CLI.run(["export", "svg", spec, "--at", "0.25"]).standardOutput, "\(spec)")
    }

    // The page inlines the player of the release's share/scenec/Web, not a checkout's: mark that copy.
    let player = tree.appendingPathComponent("share/scenec/Web/scenec-player.js")
    let marker = "// the packaged player \(UUID().uuidString)"
    let handle = try FileHandle(forWritingTo: player)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n\(marker)\n".utf8))
    try handle.close()
    let page = work.appendingPathComponent("page.html")
    let preview = try packaged(["preview", "specs/\(specs[0])", "-o", page.path])
    #expect(preview.status == 0, "\(preview.standardError)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains(marker))
    #expect(html.contains("<html"))

    // The Debian package: the tarball's files under /usr, and no lintian error.
    let contents = try #require(ExportTools.run("dpkg-deb", ["-c", archives.deb.path]))
    let debFiles = Set(contents.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").last })
    let tarFiles = try #require(ExportTools.run("tar", ["-tzf", archives.tarball.path])).standardOutput
      .split(separator: "\n").filter { !$0.hasSuffix("/") }
      .map { "./usr/" + $0.drop { $0 != "/" }.dropFirst() }
    #expect(tarFiles.count >= 7)
    for file in tarFiles { #expect(debFiles.contains(Substring(file)), "\(file) is not in the .deb") }
    let lintian = try #require(ExportTools.run("lintian", ["--no-tag-display-limit", archives.deb.path]))
    let errors = lintian.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E: ") }
    #expect(errors.isEmpty, "\(lintian.standardOutput)")
    #expect(lintian.status == 0, "\(lintian.standardOutput)\(lintian.standardError)")
  }

  /// The tarball and the .deb: from SCENEC_PACKAGE_DIR, else built by scripts/package.sh into `folder`.
  private func packagedArchives(into folder: URL) throws -> (tarball: URL, deb: URL) {
    let dist: URL
    if let given = ReleaseArchives.packagedFolder {
      dist = given
    } else {
      let script = CLI.repositoryRoot.appendingPathComponent("scripts/package.sh").path
      let run = try #require(ExportTools.run("/bin/bash", [script, folder.path], directory: CLI.repositoryRoot))
      try #require(run.status == 0, "scripts/package.sh failed:\n\(run.standardError.suffix(4000))")
      dist = folder
    }
    let tarball = dist.appendingPathComponent(try ReleaseArchives.tarballName())
    let deb = dist.appendingPathComponent(try ReleaseArchives.debianPackageName())
    for archive in [tarball, deb] {
      try #require(FileManager.default.fileExists(atPath: archive.path), "\(archive.path) is missing")
    }
    return (tarball, deb)
  }
}
