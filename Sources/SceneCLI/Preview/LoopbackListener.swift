#if canImport(Glibc)
  import Glibc
#endif

/// A listening TCP socket bound to 127.0.0.1 only, non-blocking: `accept` never waits.
struct LoopbackListener {
  let descriptor: Int32
  let port: UInt16
  /// Connections the kernel completes and queues while the server is at its connection cap (the kernel caps it
  /// further at net.core.somaxconn, 4,096 by default).
  static let backlog: Int32 = 1024

  init(port requested: UInt16) throws(CommandFailure) {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let descriptor = socket(AF_INET, type, 0)
    guard descriptor >= 0 else { throw .usage("cannot open a socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = requested.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian  // 127.0.0.1: never another interface
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, Self.backlog) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .usage("cannot listen on 127.0.0.1:\(requested): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: actual.sin_port)
  }

  /// A waiting connection (made non-blocking and closed on exec), or nil when none is waiting.
  func accept() -> Int32? {
    while true {
      let client = Glibc.accept(descriptor, nil, nil)
      if client >= 0 {
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return client
      }
      // A connection reset while queued is reported here; the next one may be fine.
      if errno == EINTR || errno == ECONNABORTED { continue }
      return nil
    }
  }
}
