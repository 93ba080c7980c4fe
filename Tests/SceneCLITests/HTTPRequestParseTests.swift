import Testing

@testable import SceneCLI

/// The preview server's request-head parser as the pure function it is (the server and the `http` fuzz target
/// feed it), and the rule of who is answered.
@Suite struct HTTPRequestParseTests {
  static func parse(_ text: String) -> HTTPRequest.Parse { HTTPRequest.parse(Array(text.utf8)) }

  @Test func aRequestHeadGivesItsMethodPathQueryHostAndOrigin() throws {
    let parsed = Self.parse(
      "GET /status.json?after=3&x&=&a=b=c#frag HTTP/1.1\r\nhost:  localhost:8765 \r\nORIGIN: http://localhost:8765"
        + "\r\nAccept: */*\r\n\r\nbody bytes")
    guard case .request(let request) = parsed else {
      Issue.record("not parsed: \(parsed)")
      return
    }
    #expect(request.method == "GET")
    #expect(request.path == "/status.json")
    #expect(request.query == ["after": "3", "x": "", "": "", "a": "b=c"])
    #expect(request.host == "localhost:8765")
    #expect(request.origin == "http://localhost:8765")
  }

  /// Until the blank line it asks for more; fed a byte at a time as the server feeds it (searching from the last
  /// length minus 3) it gives what it gives the whole head.
  @Test func aHeadArrivingAByteAtATimeParsesAsTheWholeOne() {
    let text = Array("GET /plan.json HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n".utf8)
    var received: [UInt8] = []
    var results: [HTTPRequest.Parse] = []
    for byte in text {
      let searched = received.count - 3
      received.append(byte)
      results.append(HTTPRequest.parse(received, searchingFrom: searched))
    }
    #expect(results.dropLast().allSatisfy { $0 == .incomplete })
    #expect(results.last == HTTPRequest.parse(text))
    #expect(results.last != .incomplete)
  }

  @Test func aHeadOver16KiBIs431() {
    let padding = String(repeating: "a", count: HTTPRequest.limit)
    #expect(Self.parse("GET /" + padding) == .refused(431), "no blank line within the limit")
    #expect(Self.parse("GET /\(padding) HTTP/1.1\r\n\r\n") == .refused(431), "a blank line past it")
    let fits = "GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: HTTPRequest.limit - 23) + "\r\n\r\n"
    #expect(fits.utf8.count == HTTPRequest.limit)
    #expect(Self.parse(fits) != .refused(431), "a head of exactly the limit")
  }

  @Test func malformedHeadsAre400() {
    for head in [
      "garbage", "GET http://example.com/ HTTP/1.1", "GET / HTTP/2", "GET  / HTTP/1.1", "G(T / HTTP/1.1",
      "GET / HTTP/1.1\r\nno colon here", "GET / HTTP/1.1\r\n folded: header", "GET / HTTP/1.1\r\nBad Name: x",
      "GET / HTTP/1.1\r\n: empty name", "GET / HTTP/1.1\r\nHost: a\r\nHost: b",
      "GET / HTTP/1.1\r\nOrigin: a\r\norigin: b",
      "GET / HTTP/1.1\r\nX: a\u{1B}[31m", "GET / HTTP/1.1\r\nX: a\nY: b", "GET / HTTP/1.1\r\nX: a\rb",
      "GET /\u{0} HTTP/1.1",
    ] {
      #expect(Self.parse(head + "\r\n\r\n") == .refused(400), "\(head.debugDescription)")
    }
    #expect(HTTPRequest.parse(Array("GET /".utf8) + [0xFF] + Array(" HTTP/1.1\r\n\r\n".utf8)) == .refused(400))
  }

  @Test func onlyTheLoopbackHostsAndThePagesOwnOriginAreAnswered() {
    let audience = LoopbackAudience(port: 8765)
    func refusal(host: String?, origin: String? = nil) -> Int? {
      audience.refusal(of: HTTPRequest(method: "GET", path: "/", query: [:], host: host, origin: origin))
    }
    for host in ["127.0.0.1:8765", "localhost:8765", "LocalHost:8765", "[::1]:8765"] {
      #expect(refusal(host: host) == nil, "\(host)")
    }
    for host in [nil, "", "evil.example:8765", "127.0.0.1", "127.0.0.1:8766", "localhost.:8765", "127.0.0.2:8765"] {
      #expect(refusal(host: host) == 421, "\(host ?? "no Host")")
    }
    #expect(refusal(host: "127.0.0.1:8765", origin: "http://127.0.0.1:8765") == nil)
    for origin in ["http://evil.example", "null", "", "https://127.0.0.1:8765", "http://localhost:8765"] {
      #expect(refusal(host: "127.0.0.1:8765", origin: origin) == 403, "\(origin)")
    }
  }
}
