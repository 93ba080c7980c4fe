import Foundation
import SceneChecker
import SceneDiagnostics

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec preview SPEC --serve`: an HTTP server on 127.0.0.1 that serves the page, the current plan and the
/// current diagnostics, and recompiles the spec when it changes. One thread: it waits at most 100 ms for a
/// connection, answers it, then looks at the spec, so a change is compiled within about 100 ms. The page
/// long-polls `status.json?after=GENERATION`: that request is held (up to a second) until the next compile, so
/// the page learns of it at once, and held requests never block other requests.
struct PreviewServer {
  /// Set by SIGINT/SIGTERM; the loop stops at its next turn (within 200 ms) and the command exits 0.
  nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0

  var spec: String
  var options: SpecChecker.Options
  var assets: WebAssets
  var console: Console
  var watcher: SpecWatcher
  /// Counts compiles (each changes the diagnostics) and successful compiles (each changes the plan).
  var generation = 0
  var planGeneration = -1
  var planJSON: String?
  var diagnosticsJSON = ""
  /// Long polls waiting for a compile newer than `after`, answered when one happens or at `deadline`.
  var waiting: [(client: Int32, after: Int, deadline: Double, head: Bool)] = []
  static let longPollSeconds = 1.0

  static func serve(spec: String, options: SpecChecker.Options, assets: WebAssets, port: UInt16, console: Console)
    throws(CommandFailure) -> Int32
  {
    var server = PreviewServer(
      spec: spec, options: options, assets: assets, console: console, watcher: SpecWatcher(path: spec))
    try server.rebuild()
    let listener = try LoopbackListener(port: port)
    defer { close(listener.descriptor) }
    installStopHandlers()
    _ = console.standardError.write("scenec: serving \(spec) at http://127.0.0.1:\(listener.port)/ (Ctrl-C stops)\n")
    while stopRequested == 0 {
      if let client = listener.accept(waitingMilliseconds: 100) { server.answer(client) }
      if server.watcher.changed() { try? server.rebuild() }
      server.answerWaiting()
    }
    for entry in server.waiting { close(entry.client) }
    _ = console.standardError.write("scenec: preview stopped\n")
    return 0
  }

  private static func installStopHandlers() {
    stopRequested = 0
    // A parent may have started scenec with these blocked (the mask is inherited); they must reach the handler.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signalNumber in [SIGINT, SIGTERM] { sigaddset(&unblocked, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { _ in PreviewServer.stopRequested = 1 }
    }
  }

  mutating func rebuild() throws(CommandFailure) {
    let source = try SpecFiles.read(spec, console: console, limit: options.yamlLimits.maxInputBytes)
    let build = PreviewBuild.compile(source, options: options)
    generation += 1
    diagnosticsJSON = build.diagnosticsJSON
    if !build.diagnosticsText.isEmpty { _ = console.standardError.write(build.diagnosticsText) }
    if let plan = build.planJSON {
      planJSON = plan
      planGeneration += 1
      _ = console.standardError.write("scenec: compiled \(spec) (plan \(planGeneration))\n")
    } else {
      _ = console.standardError.write("scenec: \(spec) has errors; the page keeps the last good plan\n")
    }
  }

  var status: String { "{\"generation\": \(generation), \"planGeneration\": \(planGeneration)}\n" }

  func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .text(405, "only GET and HEAD") }
    let json = "application/json; charset=utf-8"
    switch request.path {
    case "/", "/index.html":
      let page = PreviewPage(assets: assets, title: PreviewCommand.sceneName(spec), served: true)
        .html(planJSON: planJSON ?? "null", planGeneration: planGeneration)
      return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    case "/plan.json":
      guard let planJSON else { return .text(503, "the spec has not compiled yet: see /diagnostics.json") }
      return HTTPResponse(status: 200, contentType: json, body: Array(planJSON.utf8))
    case "/diagnostics.json": return HTTPResponse(status: 200, contentType: json, body: Array(diagnosticsJSON.utf8))
    case "/status.json": return HTTPResponse(status: 200, contentType: json, body: Array(status.utf8))
    default: return .text(404, "not found")
    }
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Answers the held long polls that have news or waited long enough.
  mutating func answerWaiting() {
    let now = Self.now()
    let body = HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(status.utf8))
    waiting.removeAll { entry in
      guard entry.after != generation || now >= entry.deadline else { return false }
      body.send(to: entry.client, head: entry.head)
      close(entry.client)
      return true
    }
  }

  /// Reads one request and answers it, or holds it (a long poll with nothing new yet); closes what it answers.
  mutating func answer(_ client: Int32) {
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var sendTimeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
    switch HTTPRequest.read(from: client) {
    case .failure(.silent): break
    case .failure(.status(let code)): HTTPResponse.text(code, "bad request").send(to: client)
    case .success(let request):
      if request.path == "/status.json", let after = request.query["after"].flatMap(Int.init), after == generation,
        waiting.count < 64
      {
        waiting.append((client, after, Self.now() + Self.longPollSeconds, request.method == "HEAD"))
        return
      }
      response(to: request).send(to: client, head: request.method == "HEAD")
    }
    close(client)
  }
}

/// A listening TCP socket bound to 127.0.0.1 only.
struct LoopbackListener {
  let descriptor: Int32
  let port: UInt16

  init(port requested: UInt16) throws(CommandFailure) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
    guard bound == 0, listen(descriptor, 16) == 0 else {
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

  /// A connection if one arrives within the wait, else nil (also when a signal interrupts the wait).
  func accept(waitingMilliseconds: Int32) -> Int32? {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, waitingMilliseconds) > 0 else { return nil }
    let client = Glibc.accept(descriptor, nil, nil)
    return client >= 0 ? client : nil
  }
}
