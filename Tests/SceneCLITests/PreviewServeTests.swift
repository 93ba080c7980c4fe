import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec preview SPEC --serve`, driven as a user would: the real binary, a real HTTP client (curl, and a raw
/// socket for malformed requests), the spec edited while it runs, Ctrl-C at the end.
@Suite(.serialized) struct PreviewServeTests {
  /// A running server on a free port, its standard error in a file.
  final class Server {
    let process = Process()
    let folder: URL
    let spec: String
    let errorFile: String
    var port = 0

    init(spec text: String) throws {
      folder = CLI.temporaryFolder()
      spec = folder.appendingPathComponent("live.yaml").path
      errorFile = folder.appendingPathComponent("stderr").path
      try text.write(toFile: spec, atomically: true, encoding: .utf8)
      let binary = try #require(Scenec.binary, "no scenec binary; run `swift build` first")
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["preview", spec, "--serve", "--port", "0"]
      var environment = ProcessInfo.processInfo.environment
      // The checkout's own web player, whatever the environment running the tests names.
      environment["SCENEC_PLAYER_MODULE"] = nil
      process.environment = environment
      _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let announced = try #require(
        Self.waitFor(seconds: 20) { self.standardError.firstMatch(of: /127\.0\.0\.1:(\d+)\//) },
        "the server never said where it listens: \(standardError)")
      port = Int(announced.output.1)!
    }

    deinit {
      if process.isRunning { process.terminate() }
      try? FileManager.default.removeItem(at: folder)
    }

    var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    static func waitFor<T>(seconds: Double, _ probe: () -> T?) -> T? {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if let value = probe() { return value }
        usleep(50_000)
      }
      return probe()
    }

    /// curl's status code and body for `path` (sent as is: no dot-segment folding).
    func get(_ path: String, method: String = "GET") throws -> (status: Int, body: String) {
      let folder = CLI.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let body = folder.appendingPathComponent("body").path
      let run = try #require(
        ExportTools.run(
          "curl",
          ["-s", "--path-as-is", "-X", method, "-o", body, "-w", "%{http_code}", "http://127.0.0.1:\(port)\(path)"]))
      return (Int(run.standardOutput) ?? -1, (try? String(contentsOfFile: body, encoding: .utf8)) ?? "")
    }

    /// Sends raw bytes and returns the status line of the answer.
    func raw(_ request: String) -> String {
      guard let descriptor = HTTPProbe.connect(port: port) else { return "connect failed" }
      defer { close(descriptor) }
      _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress!, $0.count, 0) }
      shutdown(descriptor, Int32(SHUT_WR))
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
      return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    func plan() throws -> [String: Any] {
      let answer = try get("/plan.json")
      try #require(answer.status == 200, "\(answer)")
      return try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    }

    /// Ctrl-C; returns the exit status.
    func interrupt() -> Int32 {
      kill(process.processIdentifier, SIGINT)
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  static let like = ExportFixtures.spec("like-button")

  func likeSpec() throws -> String { try String(contentsOfFile: Self.like, encoding: .utf8) }

  /// /proc/net/tcp lists the listening socket: local address 127.0.0.1 (0100007F), state 0A (LISTEN).
  @Test func itListensOnTheLoopbackAddressOnly() throws {
    let server = try Server(spec: try likeSpec())
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let port = String(format: "%04X", server.port)
    let listening = table.split(separator: "\n").map { $0.split(separator: " ") }.filter {
      $0.count > 3 && $0[1].hasSuffix(":\(port)") && $0[3] == "0A"
    }
    #expect(listening.map { String($0[1]) } == ["0100007F:\(port)"])
    let six = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
    #expect(!six.contains(":\(port) 00000000000000000000000000000000:0000 0A"))
    #expect(server.interrupt() == 0)
  }

  @Test func itServesThePagePlanAndDiagnosticsAndNothingElse() throws {
    let server = try Server(spec: try likeSpec())
    let page = try server.get("/")
    #expect(page.status == 200)
    #expect(page.body.contains("const SCENEC_SERVE = true;"))
    #expect(page.body.contains("connect-src 'self'"))
    #expect(try server.plan()["scene"] as? String == "like-button")
    #expect(try server.get("/diagnostics.json").body.contains("\"errors\": 0"))
    for path in [
      "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/plan.json/../../etc/passwd", "/live.yaml", "//etc",
    ] {
      #expect(try server.get(path).status == 404, "\(path)")
    }
    #expect(try server.get("/", method: "POST").status == 405)
    #expect(server.raw("garbage\r\n\r\n").hasPrefix("HTTP/1.1 400"))
    #expect(server.raw("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n").hasPrefix("HTTP/1.1 431"))
    #expect(server.raw("GET http://example.com/ HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 400"))
    #expect(try server.get("/status.json").status == 200, "still answering after the bad requests")
    #expect(server.interrupt() == 0)
    #expect(server.standardError.contains("scenec: preview stopped"))
  }

  @Test func anEditedSpecIsRecompiledAndABrokenOneKeepsTheLastGoodPlan() throws {
    let original = try likeSpec()
    let server = try Server(spec: original)
    #expect((try server.plan()["size"] as? [Double]) == [100, 100])
    try original.replacingOccurrences(of: "size: [100, 100]", with: "size: [120, 100]")
      .write(toFile: server.spec, atomically: true, encoding: .utf8)
    let resized = Server.waitFor(seconds: 1) { (try? server.plan()["size"] as? [Double]) == [120, 100] ? true : nil }
    #expect(resized == true, "the new plan within a second")
    try (original + "  - {id: x, bogus: 1}\n").write(toFile: server.spec, atomically: true, encoding: .utf8)
    let diagnostics = Server.waitFor(seconds: 1) {
      (try? server.get("/diagnostics.json").body).flatMap { $0.contains("\"severity\": \"error\"") ? $0 : nil }
    }
    let report = try #require(diagnostics, "the diagnostics within a second")
    #expect(report.contains("\"line\": "))
    #expect(report.contains("live.yaml"))
    #expect((try server.plan()["size"] as? [Double]) == [120, 100], "the last good plan is still served")
    #expect(server.standardError.contains("live.yaml:"), "the terminal shows the diagnostics too")
    #expect(server.standardError.contains("has errors; the page keeps the last good plan"))
    #expect(server.interrupt() == 0)
  }

  /// The open page in headless Chromium takes the new plan without a reload, keeping the playhead, and shows the
  /// diagnostics when the spec breaks. Virtual time stands still while the page's long poll is pending, so the
  /// page lives (in real time) through both edits.
  @Test func theOpenPageTakesTheNewPlanAndShowsDiagnostics() throws {
    let original = try likeSpec()
    let server = try Server(spec: original)
    let chromium = try #require(Chromium.path)
    let browser = Process()
    browser.executableURL = URL(fileURLWithPath: chromium)
    browser.arguments =
      Chromium.arguments(profile: server.folder.appendingPathComponent("profile")) + [
        "--virtual-time-budget=1000", "--dump-dom", "http://127.0.0.1:\(server.port)/",
      ]
    let domFile = server.folder.appendingPathComponent("dom.html")
    _ = FileManager.default.createFile(atPath: domFile.path, contents: nil)
    browser.standardOutput = try FileHandle(forWritingTo: domFile)
    browser.standardError = FileHandle.nullDevice
    try browser.run()
    sleep(3)
    try original.replacingOccurrences(of: "size: [100, 100]", with: "size: [120, 100]")
      .write(toFile: server.spec, atomically: true, encoding: .utf8)
    sleep(2)
    try (original.replacingOccurrences(of: "size: [100, 100]", with: "size: [120, 100]") + "  - {id: x, bogus: 1}\n")
      .write(toFile: server.spec, atomically: true, encoding: .utf8)
    browser.waitUntilExit()
    let dom = try String(contentsOf: domFile, encoding: .utf8)
    let body = try #require(dom.firstMatch(of: /<body[^>]*>/).map { String($0.output) }, "no page: \(dom.prefix(300))")
    #expect(body.contains("data-plan-generation=\"1\""), "\(body)")
    #expect(body.contains("data-plan-size=\"120x100\""), "\(body)")
    // The playhead before and after the reload: the same time.
    let reload = try #require(body.firstMatch(of: #/data-reloads="([0-9.]+)→([0-9.]+) /#), "\(body)")
    #expect(reload.output.1 == reload.output.2)
    #expect(dom.contains("<pre id=\"diagnostics\">"), "the diagnostics box is shown")
    #expect(dom.contains("live.yaml:"))
    #expect(dom.contains("error[E0101]"))
    #expect(dom.contains("viewBox=\"0 0 120 100\""), "the last good plan is still drawn")
    #expect(dom.contains("<path"), "and its layers")
    #expect(server.interrupt() == 0)
  }
}
