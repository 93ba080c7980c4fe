import SceneChecker
import SceneDiagnostics

#if canImport(Glibc)
  import Glibc
#endif

/// `scenec preview SPEC --serve`: an HTTP server on 127.0.0.1 that serves the page, the current plan and the
/// current diagnostics, and recompiles the spec when it changes. One thread runs one `poll` loop over the
/// listening socket and every connection (non-blocking), so no client can hold up another, the watcher or a
/// stop: each turn waits at most 100 ms, then reads and sends what is ready, looks at the spec, and ends what
/// is overdue. The page long-polls `status.json?after=GENERATION`: that request is held (up to a second) until
/// the next compile, so the page learns of it at once. The limits are documented in docs/web-player.md.
struct PreviewServer {
  /// Set by SIGINT/SIGTERM; the loop stops at its next turn (within about 100 ms) and the command exits 0.
  nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0

  /// Open connections at most; more wait in the kernel's listen queue until one ends.
  static let maxConnections = 64
  /// From accepting a connection to the blank line that ends its request head, in total.
  static let headSeconds = 5.0
  /// From starting a response to its last byte taken by the client.
  static let responseSeconds = 30.0
  static let longPollSeconds = 1.0
  /// How often the spec is looked at, and the longest a turn of the loop waits.
  static let watchSeconds = 0.1

  var spec: String
  var options: SpecChecker.Options
  var assets: WebAssets
  var console: Console
  var watcher: SpecWatcher
  var audience = LoopbackAudience(port: 0)
  /// Counts compiles (each changes the diagnostics) and successful compiles (each changes the plan).
  var generation = 0
  var planGeneration = -1
  var planJSON: String?
  var planBytes: [UInt8]?
  var spansJSON: String?
  var diagnosticsBytes: [UInt8] = []
  /// The page of `planGeneration`, made at its first request.
  var page: (planGeneration: Int, bytes: [UInt8])?
  var connections: [PreviewConnection] = []

  static func serve(spec: String, options: SpecChecker.Options, assets: WebAssets, port: UInt16, console: Console)
    throws(CommandFailure) -> Int32
  {
    var server = PreviewServer(
      spec: spec, options: options, assets: assets, console: console, watcher: SpecWatcher(path: spec))
    if let failure = server.rebuild() { throw .usage(failure) }
    let listener = try LoopbackListener(port: port)
    defer { close(listener.descriptor) }
    server.audience = LoopbackAudience(port: listener.port)
    installStopHandlers()
    _ = console.standardError.write("scenec: serving \(spec) at http://127.0.0.1:\(listener.port)/ (Ctrl-C stops)\n")
    server.run(listener)
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

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  mutating func run(_ listener: LoopbackListener) {
    var lastWatch = Self.now()
    var entries: [pollfd] = []
    while Self.stopRequested == 0 {
      let accepting = connections.count < Self.maxConnections
      entries.removeAll(keepingCapacity: true)
      entries.append(pollfd(fd: listener.descriptor, events: accepting ? Int16(POLLIN) : 0, revents: 0))
      var wait = lastWatch + Self.watchSeconds
      for connection in connections {
        entries.append(pollfd(fd: connection.descriptor, events: connection.events, revents: 0))
        wait = min(wait, connection.deadline)
      }
      let milliseconds = Int32(max(0, min(Self.watchSeconds, wait - Self.now())) * 1000 + 1)
      // A signal interrupts the wait (EINTR); the loop's condition then ends it.
      _ = poll(&entries, nfds_t(entries.count), milliseconds)
      guard Self.stopRequested == 0 else { break }
      let now = Self.now()
      for index in connections.indices where entries[index + 1].revents != 0 {
        step(connections[index], revents: entries[index + 1].revents, now: now)
      }
      if accepting && entries[0].revents & Int16(POLLIN) != 0 { acceptWaiting(listener, now: now) }
      if now - lastWatch >= Self.watchSeconds {
        lastWatch = now
        if watcher.changed() {
          _ = rebuild()
          answerHeld(now: Self.now())
        }
      }
      expire(now: Self.now())
      connections.removeAll { $0.phase == .closed }
    }
    for index in connections.indices { connections[index].close() }
    connections = []
  }

  /// Takes the connections waiting in the listen queue, up to the cap, and reads what each has sent already.
  mutating func acceptWaiting(_ listener: LoopbackListener, now: Double) {
    while connections.count < Self.maxConnections, let descriptor = listener.accept() {
      let connection = PreviewConnection(descriptor: descriptor, deadline: now + Self.headSeconds)
      step(connection, revents: Int16(POLLIN), now: now)
      if connection.phase != .closed { connections.append(connection) }
    }
  }

  /// Moves one connection on after `poll` reported it ready.
  mutating func step(_ connection: PreviewConnection, revents: Int16, now: Double) {
    switch connection.phase {
    case .reading:
      switch connection.receive() {
      case nil: connection.close()
      case .incomplete: break
      case .refused(let code):
        connection.respond(.text(code, "bad request"), headOnly: false, deadline: now + Self.responseSeconds)
      case .request(let request): answer(request, on: connection, now: now)
      }
    case .sending: connection.sendMore()
    case .holding:
      // Only an error or hang-up wakes a held connection: the client is gone.
      connection.close()
    case .closed: break
    }
  }

  /// Answers a request at once, or holds it: a long poll with nothing new yet.
  mutating func answer(_ request: HTTPRequest, on connection: PreviewConnection, now: Double) {
    let headOnly = request.method == "HEAD"
    if let code = audience.refusal(of: request) {
      let reason =
        code == 421
        ? "this server answers requests for \(audience.hosts.joined(separator: ", ")) only"
        : "requests from another site's page are refused"
      connection.respond(.text(code, reason), headOnly: headOnly, deadline: now + Self.responseSeconds)
      return
    }
    if request.path == "/status.json", request.method == "GET" || headOnly,
      let after = request.query["after"].flatMap(Int.init), after == generation
    {
      connection.phase = .holding(after: after, headOnly: headOnly)
      connection.deadline = now + Self.longPollSeconds
      return
    }
    connection.respond(response(to: request), headOnly: headOnly, deadline: now + Self.responseSeconds)
  }

  /// Answers the held long polls: all of them after a compile, the overdue ones otherwise.
  mutating func answerHeld(now: Double) {
    for index in connections.indices {
      guard case .holding(let after, let headOnly) = connections[index].phase,
        after != generation || now >= connections[index].deadline
      else { continue }
      connections[index].respond(statusResponse, headOnly: headOnly, deadline: now + Self.responseSeconds)
    }
  }

  /// Ends what is overdue: a head not read in time (408 if it began, else silently), a response not taken.
  mutating func expire(now: Double) {
    answerHeld(now: now)
    for index in connections.indices where now >= connections[index].deadline {
      if connections[index].phase == .reading && !connections[index].received.isEmpty {
        // One try, not waited on: the client is slow by definition.
        connections[index].respond(.text(408, "the request head took too long"), headOnly: false, deadline: now)
      }
      connections[index].close()
    }
  }

  /// Reads and compiles the spec; the failure's message when it cannot be read (the last build is kept).
  mutating func rebuild() -> String? {
    let cap = options.yamlLimits.maxInputBytes < Int.max ? options.yamlLimits.maxInputBytes + 1 : Int.max
    let bytes: [UInt8]
    switch watcher.read(cap: cap) {
    case .success(let read): bytes = read
    case .failure(let failure):
      let message: String
      switch failure {
      case .notRegular(let kind):
        message =
          "\(spec) is \(kind), not a regular file; --serve reads and watches a spec file, and opens nothing else"
      case .unreadable(let reason): message = "cannot read \(spec): \(reason)"
      }
      if generation > 0 {
        _ = console.standardError.write("scenec: \(message); the page keeps the last plan\n")
      }
      return message
    }
    // The page is told the file's name only: a plan or report with the machine's absolute path in it would
    // tell any page that reads it where the user keeps their files.
    let build = PreviewBuild.compile(SourceFile(path: spec, bytes: bytes), options: options, shownAs: servedName)
    generation += 1
    diagnosticsBytes = Array(build.diagnosticsJSON.utf8)
    if !build.diagnosticsText.isEmpty { _ = console.standardError.write(build.diagnosticsText) }
    if let plan = build.planJSON {
      planJSON = plan
      planBytes = Array(plan.utf8)
      spansJSON = build.spansJSON
      planGeneration += 1
      _ = console.standardError.write("scenec: compiled \(spec) (plan \(planGeneration))\n")
    } else {
      _ = console.standardError.write("scenec: \(spec) has errors; the page keeps the last good plan\n")
    }
    return nil
  }

  /// The spec's file name, which the page shows in place of its path.
  var servedName: String {
    spec.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? spec
  }

  var statusResponse: HTTPResponse {
    let body = "{\"generation\": \(generation), \"planGeneration\": \(planGeneration)}\n"
    return HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(body.utf8))
  }

  mutating func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .text(405, "only GET and HEAD") }
    let json = "application/json; charset=utf-8"
    switch request.path {
    case "/", "/index.html":
      if page?.planGeneration != planGeneration {
        let html = PreviewPage(assets: assets, title: PreviewCommand.sceneName(spec), served: true)
          .html(planJSON: planJSON ?? "null", spansJSON: spansJSON ?? "null", planGeneration: planGeneration)
        page = (planGeneration, Array(html.utf8))
      }
      return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page!.bytes)
    case "/plan.json":
      guard let planBytes else { return .text(503, "the spec has not compiled yet: see /diagnostics.json") }
      return HTTPResponse(status: 200, contentType: json, body: planBytes)
    case "/spans.json":
      guard let spansJSON else { return .text(503, "the spec has not compiled yet: see /diagnostics.json") }
      return HTTPResponse(status: 200, contentType: json, body: Array(spansJSON.utf8))
    case "/diagnostics.json": return HTTPResponse(status: 200, contentType: json, body: diagnosticsBytes)
    case "/status.json": return statusResponse
    default: return .text(404, "not found")
    }
  }
}
