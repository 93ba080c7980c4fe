import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec preview --serve` under the clients an attacker would send (docs/web-player.md, "Who it answers and how
/// it holds up"): slow clients, a burst, a page of another site, a FIFO at the spec's path, a stop under load. The
/// real binary on a free port; the clients are raw sockets with deadlines, so a server that stops answering fails
/// a test instead of hanging it. Time bounds are generous (a loaded 2-core machine): the server they guard against
/// took seconds, or forever.
@Suite(.serialized) struct PreviewServeHostileTests {
  typealias Server = PreviewServeTests.Server

  func likeSpec() throws -> String { try String(contentsOfFile: PreviewServeTests.like, encoding: .utf8) }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
  }

  /// A long poll held across an edit of the spec: the seconds from the edit to the answer naming the next
  /// compile, or nil when it never came.
  static func reload(_ server: Server, spec text: String) -> Double? {
    guard let status = HTTPProbe.exchange(HTTPProbe.request("/status.json", port: server.port), port: server.port),
      let generation = status.body.firstMatch(of: /"generation": (\d+)/).map({ Int($0.output.1)! }),
      let descriptor = HTTPProbe.connect(port: server.port)
    else { return nil }
    defer { close(descriptor) }
    let poll = HTTPProbe.request("/status.json?after=\(generation)", port: server.port)
    _ = Array(poll.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    let edited = Date()
    guard (try? text.write(toFile: server.spec, atomically: true, encoding: .utf8)) != nil,
      let bytes = HTTPProbe.readToEnd(descriptor, until: edited.addingTimeInterval(3)),
      String(decoding: bytes, as: UTF8.self).contains("\"generation\": \(generation + 1)")
    else { return nil }
    return Date().timeIntervalSince(edited)
  }

  /// 50 clients each sending a byte every 0.9 s (for longer than the 5 s head deadline, so they are dropped and
  /// come back) while a normal client loads the page and the plan and takes live reloads: all answered, in
  /// about the time they take with no slow client at all.
  @Test func slowClientsDelayNoOne() throws {
    let original = try likeSpec()
    let server = try Server(spec: original)
    let slow = SlowClients(port: server.port, count: 50)
    slow.start()
    #expect(slow.opened == 50)
    var requests: [Double] = []
    var reloads: [Double] = []
    let started = Date()
    var round = 0
    while Date().timeIntervalSince(started) < 7 {
      for path in ["/", "/plan.json", "/diagnostics.json"] {
        let answer = HTTPProbe.exchange(HTTPProbe.request(path, port: server.port), port: server.port, timeout: 3)
        #expect(answer?.status == 200, "\(path) under 50 slow clients: \(answer.map { "\($0.status)" } ?? "no answer")")
        requests.append(answer?.seconds ?? .infinity)
      }
      if round % 2 == 0 {
        let width = 100 + (round + 1) * 2
        let edited = original.replacingOccurrences(of: "size: [100, 100]", with: "size: [\(width), 100]")
        reloads.append(Self.reload(server, spec: edited) ?? .infinity)
      }
      round += 1
      usleep(200_000)
    }
    slow.stop()
    let figures =
      "requests \(requests.map { String(format: "%.3f", $0) }), reloads \(reloads.map { String(format: "%.3f", $0) })"
    #expect(Self.median(requests) <= 0.2, "median request time; \(figures)")
    #expect(requests.allSatisfy { $0 <= 2 }, "\(figures)")
    // The watcher looks every 100 ms; the compile of like-button takes milliseconds.
    #expect(Self.median(reloads) <= 0.4, "median reload time; \(figures)")
    #expect(reloads.allSatisfy { $0 <= 1.5 }, "\(figures)")
    #expect(slow.drops >= 50, "the server drops clients that take over 5 s to send a head: \(slow.drops) drops")
    #expect(server.interrupt() == 0)
  }

  /// 200 connections opened at once, then each sends its request: every one is answered (64 are served at a
  /// time; the rest wait in the listen queue, not refused).
  @Test func aBurstOf200ClientsIsAllAnswered() throws {
    let server = try Server(spec: try likeSpec())
    let paths = ["/", "/plan.json", "/diagnostics.json", "/status.json"]
    var sockets: [Int32?] = []
    defer { for case let descriptor? in sockets { close(descriptor) } }
    // One refused connection fails the test; the rest are not tried (each would wait out the connect timeout).
    while sockets.count < 200, sockets.last != .some(nil) { sockets.append(HTTPProbe.connect(port: server.port)) }
    #expect(sockets.count == 200 && sockets.allSatisfy { $0 != nil }, "every connection opened")
    for (index, descriptor) in sockets.enumerated() {
      guard let descriptor else { continue }
      let request = HTTPProbe.request(paths[index % paths.count], port: server.port)
      _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    let deadline = Date().addingTimeInterval(30)
    var answered = 0
    for descriptor in sockets {
      guard let descriptor, let bytes = HTTPProbe.readToEnd(descriptor, until: deadline) else { continue }
      if String(decoding: bytes.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK" { answered += 1 }
    }
    #expect(answered == 200)
    #expect(server.interrupt() == 0)
  }

  /// DNS rebinding and cross-origin reads: a page of evil.example whose name now points at 127.0.0.1 sends
  /// `Host: evil.example:PORT`; a page of any other origin sends its `Origin`. Both are refused before any route,
  /// and what the page may read names the spec by its file name only.
  @Test func itAnswersOnlyItsOwnHostAndOrigin() throws {
    let server = try Server(spec: try likeSpec())
    let port = server.port
    func status(_ head: String) -> Int {
      HTTPProbe.exchange(head + "\r\n\r\n", port: port)?.status ?? -1
    }
    for path in ["/", "/plan.json", "/diagnostics.json", "/status.json", "/status.json?after=1"] {
      #expect(status("GET \(path) HTTP/1.1\r\nHost: evil.example:\(port)") == 421, "\(path)")
      #expect(status("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example") == 403)
    }
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:\(port + 1)") == 421, "another port")
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1") == 421, "no port")
    #expect(status("GET /plan.json HTTP/1.0") == 421, "no Host at all")
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: localhost:\(port)\r\nHost: evil.example") == 400)
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: null") == 403)
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://localhost:\(port)") == 403)
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)") == 200)
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: LOCALHOST:\(port)\r\nOrigin: http://localhost:\(port)") == 200)
    #expect(status("GET /plan.json HTTP/1.1\r\nHost: [::1]:\(port)") == 200)
    let refused = try #require(HTTPProbe.exchange("GET /plan.json HTTP/1.1\r\nHost: evil.example\r\n\r\n", port: port))
    #expect(!refused.body.contains("live.yaml"), "a refusal says nothing of the spec")
    let plan = try server.plan()
    let sourceMap = try #require(plan["sourceMap"] as? [String: Any])
    #expect(sourceMap["path"] as? String == "live.yaml")
    for path in ["/", "/plan.json", "/diagnostics.json"] {
      #expect(!(try server.get(path).body.contains(server.folder.path)), "\(path) carries the spec's folder")
    }
    #expect(server.interrupt() == 0)
  }

  /// SIGTERM with 50 slow clients connected and a long poll held: the server is gone within about a second.
  @Test func aSignalStopsItUnderLoad() throws {
    let server = try Server(spec: try likeSpec())
    let slow = SlowClients(port: server.port, count: 50)
    slow.start()
    defer { slow.stop() }
    let held = HTTPProbe.connect(port: server.port)
    defer { held.map { _ = close($0) } }
    if let held {
      let poll = HTTPProbe.request("/status.json?after=1", port: server.port)
      _ = Array(poll.utf8).withUnsafeBytes { send(held, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    usleep(1_500_000)
    let sent = Date()
    kill(server.process.processIdentifier, SIGTERM)
    let exited = Server.waitFor(seconds: 5) { server.process.isRunning ? nil : true }
    let seconds = Date().timeIntervalSince(sent)
    if exited == nil { kill(server.process.processIdentifier, SIGKILL) }
    #expect(exited == true && seconds <= 2, "exited after \(seconds) s")
    server.process.waitUntilExit()
    #expect(server.process.terminationStatus == 0)
    #expect(server.standardError.contains("scenec: preview stopped"))
  }

  /// A FIFO or a folder at the spec's path: refused at the start with exit 2, where opening the FIFO waited for
  /// a writer forever, deaf to signals.
  @Test func aSpecThatIsNotARegularFileIsRefusedAtTheStart() throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("spec.yaml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for (path, kind) in [(fifo, "a FIFO"), (folder.path, "a folder")] {
      let run = try Scenec.run(["preview", path, "--serve", "--port", "0"], timeout: 10)
      #expect(!run.killedForTimeout, "\(kind): still running after 10 s")
      #expect(run.status == 2, "\(kind): \(run.standardError)")
      #expect(run.standardError.contains("\(path) is \(kind), not a regular file"), "\(run.standardError)")
    }
  }

  /// A spec replaced by a FIFO while serving: reported on standard error, never opened (a writer finds no
  /// reader), the server keeps serving the last plan and stops on Ctrl-C; a regular file back is compiled again.
  @Test func aSpecReplacedByAFIFOIsReportedAndNotOpened() throws {
    let original = try likeSpec()
    let server = try Server(spec: original)
    let fifo = server.folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(rename(fifo, server.spec) == 0)
    let reported = Server.waitFor(seconds: 3) {
      server.standardError.contains("live.yaml is a FIFO, not a regular file") ? true : nil
    }
    #expect(reported == true, "\(server.standardError)")
    let writer = open(server.spec, O_WRONLY | O_NONBLOCK)
    let reason = errno
    #expect(writer < 0 && reason == ENXIO, "the FIFO has a reader: the server opened it")
    if writer >= 0 { close(writer) }
    let answer = HTTPProbe.exchange(HTTPProbe.request("/plan.json", port: server.port), port: server.port)
    #expect(answer?.status == 200, "the last plan is still served")
    try original.replacingOccurrences(of: "size: [100, 100]", with: "size: [130, 100]")
      .write(toFile: server.spec, atomically: true, encoding: .utf8)
    let resized = Server.waitFor(seconds: 3) { (try? server.plan()["size"] as? [Double]) == [130, 100] ? true : nil }
    #expect(resized == true, "a regular file in its place is compiled again")
    #expect(server.interrupt() == 0)
  }
}
