/// Who the preview server answers: requests addressed to this machine's loopback by name or number, and, when a
/// browser says which page asks, only the server's own page. Binding to 127.0.0.1 keeps other machines out; this
/// keeps out pages of other sites in the user's own browser, which can reach 127.0.0.1 too: a site that rebinds
/// its DNS name to 127.0.0.1 sends `Host: its-name:PORT` (421), and a cross-origin request carries its page's
/// `Origin` (403).
struct LoopbackAudience {
  let port: UInt16

  var hosts: [String] { ["127.0.0.1", "localhost", "[::1]"].map { "\($0):\(port)" } }

  /// The status that refuses `request`, or nil when it may be answered. A request without `Host` is refused
  /// too: every browser sends one, and a rebinding page could not be told apart by anything else.
  func refusal(of request: HTTPRequest) -> Int? {
    guard let host = request.host?.lowercased(), hosts.contains(host) else { return 421 }
    // The page's own origin is the scheme and the host it was loaded from: the Host of this very request.
    if let origin = request.origin, origin.lowercased() != "http://" + host { return 403 }
    return nil
  }
}
