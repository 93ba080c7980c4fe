/// One HTTP/1.x request head and its response: just enough for a local preview (GET and HEAD, `Connection:
/// close`). Parsing is a pure function of the bytes read so far (the server feeds it as bytes arrive; the `http`
/// fuzz target feeds it anything), so nothing a client sends can do more than get a status code back. Routes are
/// matched by the server as whole strings, never mapped onto the file system.
public struct HTTPRequest: Sendable, Equatable {
  public var method: String
  public var path: String
  /// The query's `name=value` pairs (no percent-decoding: the server's parameters are numbers).
  public var query: [String: String]
  /// The `Host` and `Origin` headers as sent (nil when absent); the server decides who it answers from them.
  public var host: String?
  public var origin: String?

  /// The largest request head (request line, headers and the blank line) read; a longer one is 431.
  public static let limit = 16 * 1024

  public enum Parse: Sendable, Equatable {
    /// No blank line yet, and fewer than `limit` bytes: read more.
    case incomplete
    case request(HTTPRequest)
    /// Answer with this status and close.
    case refused(Int)
  }

  /// Parses the bytes a connection has sent so far. `start` is where the search for the head's end may begin
  /// (the server passes the previous length minus 3, so a head that arrives a byte at a time costs its length,
  /// not its square); bytes after the head (a body, which no route takes) are ignored.
  public static func parse(_ bytes: [UInt8], searchingFrom start: Int = 0) -> Parse {
    guard let end = headEnd(in: bytes, from: max(0, start)) else {
      return bytes.count >= limit ? .refused(431) : .incomplete
    }
    guard end <= limit else { return .refused(431) }
    return parseHead(bytes[..<(end - 4)])
  }

  /// The index just past the first CR LF CR LF at or after `start`, or nil.
  static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var index = start
    while index + 4 <= bytes.count {
      if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
        return index + 4
      }
      index += 1
    }
    return nil
  }

  /// The request line and header lines, without the blank line that ends them.
  static func parseHead(_ head: ArraySlice<UInt8>) -> Parse {
    // Control bytes other than the CR LF between lines (and tab in values) have no place in a head: refusing
    // them here means no later step sees a NUL, a bare CR or LF, or an escape byte.
    var previous: UInt8 = 0
    for byte in head {
      let isControl = byte < 0x20 || byte == 0x7F
      if isControl && byte != 9 && byte != 13 && byte != 10 { return .refused(400) }
      if byte == 10 && previous != 13 { return .refused(400) }
      if previous == 13 && byte != 10 { return .refused(400) }
      previous = byte
    }
    if previous == 13 { return .refused(400) }
    guard let text = String(validating: head, as: UTF8.self) else { return .refused(400) }
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let requestLine = lines.popFirst() else { return .refused(400) }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isHTTPToken), parts[2].hasPrefix("HTTP/1."),
      parts[1].hasPrefix("/")
    else { return .refused(400) }
    var request = HTTPRequest(method: String(parts[0]), path: "", query: [:], host: nil, origin: nil)
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { return .refused(400) }
      let name = line[..<colon]
      // A name with a space or an empty name (also a folded continuation line, which starts with one).
      guard !name.isEmpty, name.allSatisfy(\.isHTTPToken) else { return .refused(400) }
      let value = String(line[line.index(after: colon)...].trimmingHTTPSpace)
      switch name.lowercased() {
      case "host":
        // Two Host headers could name two hosts: which one the server checked would be a guess.
        guard request.host == nil else { return .refused(400) }
        request.host = value
      case "origin":
        guard request.origin == nil else { return .refused(400) }
        request.origin = value
      default: break
      }
    }
    let target = parts[1]
    request.path = String(target.prefix { $0 != "?" && $0 != "#" })
    if let mark = target.firstIndex(of: "?") {
      let query = target[target.index(after: mark)...].prefix { $0 != "#" }
      for pair in query.split(separator: "&") {
        if let equals = pair.firstIndex(of: "=") {
          request.query[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        } else {
          request.query[String(pair)] = ""
        }
      }
    }
    return .request(request)
  }
}

extension Character {
  /// RFC 9110's `tchar`: the characters of a method or a header name.
  fileprivate var isHTTPToken: Bool {
    guard let ascii = asciiValue else { return false }
    switch ascii {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default: return "!#$%&'*+-.^_`|~".utf8.contains(ascii)
    }
  }
}

extension Substring {
  fileprivate var trimmingHTTPSpace: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}

/// A response: the head is made on demand, the body is shared (a plan of tens of megabytes is one array however
/// many clients are sent it).
struct HTTPResponse {
  var status: Int
  var contentType: String
  var body: [UInt8]

  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
  }

  static let reasons: [Int: String] = [
    200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    408: "Request Timeout", 421: "Misdirected Request", 431: "Request Header Fields Too Large",
    503: "Service Unavailable",
  ]

  var head: [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Error")\r\n"
    text += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
    text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    return Array(text.utf8)
  }
}
