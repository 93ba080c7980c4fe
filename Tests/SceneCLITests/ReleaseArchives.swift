import Foundation
import Testing

@testable import SceneCLI

/// The release archives scripts/package.sh writes (docs/install.md), for the tests that unpack one.
enum ReleaseArchives {
  /// `SCENEC_PACKAGE_DIR` when set: scripts/test.sh packages there before the suite, so that the static build does
  /// not compete with the tests for the cores.
  static var packagedFolder: URL? {
    guard let given = ProcessInfo.processInfo.environment["SCENEC_PACKAGE_DIR"], !given.isEmpty else { return nil }
    return URL(fileURLWithPath: given, relativeTo: CLI.repositoryRoot)
  }

  /// `scenec-VERSION-linux-ARCH.tar.gz`, ARCH being `uname -m`.
  static func tarballName() throws -> String {
    "scenec-\(SceneCLI.version)-linux-\(try commandLine("uname", ["-m"])).tar.gz"
  }

  /// `scenec_VERSION-1_DEBARCH.deb`, DEBARCH being `dpkg --print-architecture`.
  static func debianPackageName() throws -> String {
    "scenec_\(SceneCLI.version)-1_\(try commandLine("dpkg", ["--print-architecture"])).deb"
  }

  /// A tarball to install: the packaged one when `SCENEC_PACKAGE_DIR` is set, else one laid out like it
  /// (`scenec-VERSION/bin/scenec`, `share/scenec/Web/`) around the tested build's binary, written into `folder`.
  /// The second is for tests of what installs a release, not of the release itself (ReleasePackageTests is).
  static func tarballToInstall(in folder: URL) throws -> URL {
    if let packaged = packagedFolder {
      let tarball = packaged.appendingPathComponent(try tarballName())
      try #require(FileManager.default.fileExists(atPath: tarball.path), "\(tarball.path) is missing")
      return tarball
    }
    let binary = try #require(Scenec.binary, "no scenec binary beside the test bundle; run `swift build` first")
    let tree = folder.appendingPathComponent("tree/scenec-\(SceneCLI.version)")
    let manager = FileManager.default
    try manager.createDirectory(at: tree.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try manager.createDirectory(at: tree.appendingPathComponent("share/scenec"), withIntermediateDirectories: true)
    try manager.copyItem(atPath: binary, toPath: tree.appendingPathComponent("bin/scenec").path)
    try manager.copyItem(
      at: CLI.repositoryRoot.appendingPathComponent("Web"), to: tree.appendingPathComponent("share/scenec/Web"))
    let tarball = folder.appendingPathComponent(try tarballName())
    let tar = try #require(
      ExportTools.run(
        "tar", ["-czf", tarball.path, "-C", tree.deletingLastPathComponent().path, tree.lastPathComponent]))
    try #require(tar.status == 0, "tar: \(tar.standardError)")
    return tarball
  }

  private static func commandLine(_ program: String, _ arguments: [String]) throws -> String {
    let run = try #require(ExportTools.run(program, arguments), "\(program) did not run")
    return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
