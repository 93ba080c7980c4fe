#if canImport(Glibc)
  import Glibc
#endif

/// One client of the preview server and where its exchange stands: reading the request head, held (a long poll
/// waiting for the next compile), or sending the response. The socket is non-blocking: no step here ever waits,
/// so one slow client costs the others nothing but a slot. Every phase has a deadline, after which the server
/// drops the connection (or, for a long poll, answers it). A class: a connection is one socket, with an identity.
final class PreviewConnection {
  enum Phase: Equatable {
    case reading
    case holding(after: Int, headOnly: Bool)
    case sending
    case closed
  }

  let descriptor: Int32
  var phase = Phase.reading
  var deadline: Double
  var received: [UInt8] = []
  private var head: [UInt8] = []
  /// Shared with the server's copy (and every other client's): arrays are copied on write, and nobody writes.
  private var body: [UInt8] = []
  private var sent = 0

  init(descriptor: Int32, deadline: Double) {
    self.descriptor = descriptor
    self.deadline = deadline
  }

  /// What `poll` should wait for: bytes to read, room to send, or (held) only an error or hang-up, which poll
  /// reports whatever is asked (asking for input would wake the loop over and over for a client that sends more).
  var events: Int16 {
    switch phase {
    case .reading: Int16(POLLIN)
    case .sending: Int16(POLLOUT)
    case .holding, .closed: 0
    }
  }

  /// Reads what has arrived and parses the head so far; `.incomplete` also when nothing was there to read.
  func receive() -> HTTPRequest.Parse? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
    if count < 0 {
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .incomplete : nil
    }
    // The client closed: silently when it sent nothing, else its head ended early.
    if count == 0 { return received.isEmpty ? nil : .refused(400) }
    let searched = received.count - 3
    received += chunk[0..<count]
    return HTTPRequest.parse(received, searchingFrom: searched)
  }

  /// Starts sending `response` (its head only for HEAD) and sends what the socket takes now.
  func respond(_ response: HTTPResponse, headOnly: Bool, deadline: Double) {
    head = response.head
    body = headOnly ? [] : response.body
    sent = 0
    received = []
    phase = .sending
    self.deadline = deadline
    sendMore()
  }

  /// Sends what the socket takes; closes the connection when all is sent or the client went away.
  func sendMore() {
    while sent < head.count + body.count {
      let part = sent < head.count ? head : body
      let offset = sent < head.count ? sent : sent - head.count
      let written = part.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { return }
        close()
        return
      }
      sent += written
    }
    // Said and done: end our side, and take what the client sent beyond its head (a body no route reads) so
    // that closing with it unread does not reset the connection under the response.
    shutdown(descriptor, Int32(SHUT_WR))
    var sink = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<16 {
      let count = sink.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
      if count <= 0 { break }
    }
    close()
  }

  func close() {
    guard phase != .closed else { return }
    _ = Glibc.close(descriptor)
    phase = .closed
    head = []
    body = []
    received = []
  }
}
