import Foundation

/// Writes a file whole or not at all: to a temporary file in the same folder, then renamed over the target,
/// so a reader (or the next build) never sees half a plan, and on failure the old file is untouched.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CommandFailure) {
    try write(bytes: Array(text.utf8), to: path)
  }

  /// The same for bytes already encoded (a plan's JSON: written from the array itself, with no String or `Data`
  /// copy of a file that can be ~5× the spec).
  static func write(bytes: [UInt8], to path: String) throws(CommandFailure) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    func failure(_ reason: String) -> CommandFailure {
      unlink(temporary.path)
      return .usage("cannot write \(path): \(reason)")
    }
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw .usage("cannot write \(path): \(String(cString: strerror(errno)))") }
    var written = 0
    let complete = bytes.withUnsafeBytes { buffer -> Bool in
      while written < buffer.count {
        let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { return false }
        written += result
      }
      return true
    }
    let reason = complete ? "" : String(cString: strerror(errno))
    guard close(descriptor) == 0, complete else { throw failure(complete ? String(cString: strerror(errno)) : reason) }
    guard rename(temporary.path, url.path) == 0 else { throw failure(String(cString: strerror(errno))) }
  }
}
