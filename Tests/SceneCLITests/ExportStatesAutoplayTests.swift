import Foundation
import Testing

/// A scene with states still plays its autoplay timelines (from time 0, under the states' poses): its exports last
/// until they end, as `sample` and `export svg --at` show them playing.
@Suite struct ExportStatesAutoplayTests {
  static let spec = """
    scene: sm
    size: [100, 100]
    layers:
      - id: box
        frame: [0, 0, 10, 10]
        backgroundColor: red
    timelines:
      move:
        autoplay: true
        target: box
        keyPath: position.x
        from: 0
        to: 90
        duration: 2
    states:
      initial: idle
      idle: {}
    """

  @Test func filmstripAndLottieLastAsLongAsTheAutoplayTimelines() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("sm.yaml").path
    try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: path))
    let filmstrip = CLI.run(["export", "filmstrip", path, "--frames", "5"])
    #expect(filmstrip.status == 0, "\(filmstrip.standardError)")
    #expect(filmstrip.standardOutput.contains("<title>sm: 5 frames</title>"))
    #expect(filmstrip.standardOutput.contains("t = 2 s"))
    let lottie = CLI.run(["export", "lottie", path])
    #expect(lottie.status == 0, "\(lottie.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(lottie.standardOutput.utf8)) as? [String: Any])
    #expect(json["op"] as? Double == 120)
  }
}
