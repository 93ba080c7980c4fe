import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A raw HTTP client for the preview server's tests: one request per connection, timed, with a deadline, so a
/// server that stops answering fails the test instead of hanging it.
enum HTTPProbe {
  struct Answer {
    var status: Int
    var head: String
    var body: String
    var seconds: Double
  }

  /// A connected (blocking) socket to 127.0.0.1:`port`, or nil when the connection is not made in `timeout`:
  /// a server that does not accept lets the kernel's queue fill, and a plain connect then waits for minutes.
  static func connect(port: Int, timeout: Double = 3) -> Int32? {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let descriptor = socket(AF_INET, type, 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var made = connected == 0
    if !made && errno == EINPROGRESS {
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      var failure: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      made =
        poll(&entry, 1, Int32(timeout * 1000)) == 1
        && getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
    }
    guard made else {
      close(descriptor)
      return nil
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  static func request(_ path: String, port: Int, headers: [String] = []) -> String {
    (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
  }

  /// Sends `request` and reads the answer to its end (the server closes); nil when it does not come in `timeout`.
  static func exchange(_ request: String, port: Int, timeout: Double = 5) -> Answer? {
    let start = Date()
    guard let descriptor = connect(port: port) else { return nil }
    defer { close(descriptor) }
    _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    guard let bytes = readToEnd(descriptor, until: start.addingTimeInterval(timeout)) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let status = parts[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
    return Answer(
      status: status, head: parts[0], body: parts.dropFirst().joined(separator: "\r\n\r\n"),
      seconds: Date().timeIntervalSince(start))
  }

  /// Everything the peer sends until it closes, or nil at `deadline`.
  static func readToEnd(_ descriptor: Int32, until deadline: Date) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += chunk[0..<count]
    }
  }
}

/// Slowloris: `count` connections that each send one byte of a never-ending request head every `interval`
/// seconds, reconnecting when the server drops them, until stopped.
final class SlowClients: @unchecked Sendable {
  let port: Int
  let count: Int
  let interval: Double
  private let lock = NSLock()
  private var stopping = false
  private let finished = DispatchSemaphore(value: 0)
  /// Connections the server dropped (and were opened again).
  private(set) var drops = 0
  /// The most connections open at once, after the first round.
  private(set) var opened = 0

  init(port: Int, count: Int, interval: Double = 0.9) {
    self.port = port
    self.count = count
    self.interval = interval
  }

  private var sockets: [Int32] = []
  private var sent: [Int] = []
  private static let head = Array("GET / HTTP/1.1\r\nX-Slow: ".utf8)

  /// Opens every connection, sends each its first byte, and goes on on a thread of its own.
  func start() {
    sockets = [Int32](repeating: -1, count: count)
    sent = [Int](repeating: 0, count: count)
    for index in 0..<count { sendOne(index) }
    lock.withLock { opened = sockets.filter { $0 >= 0 }.count }
    let thread = Thread { [self] in
      while !lock.withLock({ stopping }) {
        usleep(UInt32(interval * 1_000_000))
        for index in 0..<count { sendOne(index) }
      }
      for descriptor in sockets where descriptor >= 0 { close(descriptor) }
      finished.signal()
    }
    thread.start()
  }

  /// The next byte of connection `index`'s head ("a" after the prefix, forever), on a new connection when the
  /// server dropped the last one.
  private func sendOne(_ index: Int) {
    if sockets[index] < 0 { sockets[index] = HTTPProbe.connect(port: port, timeout: 0.5) ?? -1 }
    guard sockets[index] >= 0 else { return }
    var byte = sent[index] < Self.head.count ? Self.head[sent[index]] : UInt8(ascii: "a")
    if send(sockets[index], &byte, 1, Int32(MSG_NOSIGNAL)) == 1 {
      sent[index] += 1
    } else {
      close(sockets[index])
      sockets[index] = -1
      sent[index] = 0
      lock.withLock { drops += 1 }
    }
  }

  func stop() {
    lock.withLock { stopping = true }
    finished.wait()
  }
}
