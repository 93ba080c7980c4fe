#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files and the helper process of the running command, so that they never outlive it: a normal
/// return removes them where they were made; SIGTERM, SIGINT or SIGHUP kills the helper (rsvg-convert), removes
/// them, and then ends scenec with that signal.
///
/// The handler only calls async-signal-safe functions (kill, waitpid, unlink, signal, raise) on C strings kept in a
/// fixed table, never Swift arrays or strings, which may be mid-change when the signal arrives.
enum TemporaryFiles {
  private static let capacity = 16
  private nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()
  /// The helper process running now, or 0.
  nonisolated(unsafe) static var child: pid_t = 0
  /// Set by the signal handler before it kills the child: the command's thread, which may see the child die first,
  /// must then wait for the handler to end scenec with the signal instead of reporting a failed child and exiting.
  nonisolated(unsafe) static var signalled: sig_atomic_t = 0
  private nonisolated(unsafe) static var handlersInstalled = false

  /// Records a path to remove if scenec is interrupted (call before creating the file).
  static func remember(_ path: String) {
    installHandlers()
    for index in 0..<capacity where slots[index] == nil {
      slots[index] = strdup(path)
      return
    }
  }

  /// The file was renamed into place or removed: no longer scenec's to remove.
  static func forget(_ path: String) {
    for index in 0..<capacity {
      guard let entry = slots[index], strcmp(entry, path) == 0 else { continue }
      slots[index] = nil
      free(entry)
    }
  }

  /// Called when a child ended: if a signal is ending scenec, never returns (the handler raises the signal).
  static func waitIfSignalled() {
    while signalled != 0 { pause() }
  }

  /// Removes a remembered file now.
  static func remove(_ path: String) {
    unlink(path)
    forget(path)
  }

  private static func installHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    // A parent may have started scenec with these blocked (the mask is inherited); they must reach the handler.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signalNumber in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&unblocked, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
      signal(signalNumber) { received in
        TemporaryFiles.cleanUpForSignal()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  private static func cleanUpForSignal() {
    signalled = 1
    if child > 0 {
      kill(child, SIGKILL)
      var status: Int32 = 0
      waitpid(child, &status, 0)  // reaped, so no zombie outlives scenec either
    }
    for index in 0..<capacity {
      if let entry = slots[index] { unlink(entry) }
    }
  }
}
