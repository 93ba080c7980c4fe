import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 request read from a connection and its response: just enough for a local preview (GET and HEAD,
/// `Connection: close`). Anything else gets a 4xx; nothing a client sends can reach a file the server does not
/// name in its routes, because routes are matched as whole strings, never mapped onto the file system.
struct HTTPRequest {
  var method: String
  var path: String
  /// The query's `name=value` pairs (no percent-decoding: the server's parameters are numbers).
  var query: [String: String]

  static let limit = 16 * 1024

  enum Failure: Error {
    /// The client closed or sent nothing in time: no response.
    case silent
    /// Answer with this status.
    case status(Int)
  }

  /// Reads the request head (up to the blank line, at most 16 KiB) and parses its request line.
  static func read(from descriptor: Int32) -> Result<HTTPRequest, Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while !bytes.ends(containing: end) {
      guard bytes.count < limit else { return .failure(.status(431)) }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes.isEmpty ? .failure(.silent) : .failure(.status(400)) }
      bytes += chunk[0..<count]
    }
    guard let head = String(bytes: bytes, encoding: .utf8),
      let line = head.components(separatedBy: "\r\n").first
    else { return .failure(.status(400)) }
    let parts = line.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else {
      return .failure(.status(400))
    }
    let target = String(parts[1])
    let path = String(target.prefix { $0 != "?" && $0 != "#" })
    var query: [String: String] = [:]
    if let mark = target.firstIndex(of: "?") {
      for pair in target[target.index(after: mark)...].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1)
        query[String(halves[0])] = halves.count == 2 ? String(halves[1]) : ""
      }
    }
    return .success(HTTPRequest(method: String(parts[0]), path: path, query: query))
  }
}

struct HTTPResponse {
  var status: Int
  var contentType: String
  var body: [UInt8]

  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
  }

  static let reasons: [Int: String] = [
    200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 431: "Request Header Fields Too Large",
    503: "Service Unavailable",
  ]

  /// Writes the response (the body left out for HEAD); a client that went away is no error of the server's.
  func send(to descriptor: Int32, head onlyHead: Bool = false) {
    var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Error")\r\n"
    text += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
    text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    var bytes = Array(text.utf8)
    if !onlyHead { bytes += body }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(containing marker: [UInt8]) -> Bool {
    guard count >= marker.count else { return false }
    // The head ends at the first blank line; a body (none is expected) may follow it in the same read.
    for start in 0...(count - marker.count) where self[start..<(start + marker.count)].elementsEqual(marker) {
      return true
    }
    return false
  }
}
