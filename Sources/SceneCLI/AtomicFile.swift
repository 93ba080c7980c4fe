import Foundation

/// Writes a file whole or not at all: to a temporary file in the same folder, then renamed over the target,
/// so a reader (or the next build) never sees half a plan, and on failure the old file is untouched.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CommandFailure) {
    try write(bytes: Data(text.utf8), to: path)
  }

  /// The same for bytes already encoded (a plan's JSON: no String of it is ever made).
  static func write(bytes: some DataProtocol, to path: String) throws(CommandFailure) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try Data(bytes).write(to: temporary, options: [.withoutOverwriting])
      if rename(temporary.path, url.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw CommandFailure.usage("cannot write \(path): \(reason)")
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .usage("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
