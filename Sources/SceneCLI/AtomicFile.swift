import Foundation

/// Writes a file whole or not at all: to a temporary file in the same folder, then renamed over the target,
/// so a reader (or the next build) never sees half a plan, and on failure the old file is untouched.
///
/// What `-o` names is kept: a file replaced keeps its mode; a symlink keeps pointing where it did and its target is
/// the file replaced (atomically, in the target's folder); a character device, FIFO, socket or other non-regular
/// file (`-o /dev/null`, `-o /dev/stdout`) is written directly, never replaced by a regular file.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CommandFailure) {
    // From the string's own UTF-8 storage: `Array(text.utf8)` copied an export's whole text (235 MB for a
    // filmstrip at the samples limit) once more before the write.
    var text = text
    try write(to: path) { descriptor in text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) } }
  }

  /// The same for bytes already encoded (a plan's JSON: written from the array itself, with no String or `Data`
  /// copy of a file that can be ~5× the spec).
  static func write(bytes: [UInt8], to path: String) throws(CommandFailure) {
    try write(to: path) { descriptor in bytes.withUnsafeBytes { writeAll($0, to: descriptor) } }
  }

  /// Writes what `body` writes to the descriptor it is given (true when all of it was written).
  private static func write(to path: String, body: (Int32) -> Bool) throws(CommandFailure) {
    // `out/new/` names a folder; without this, the file `out/new` was written.
    guard !path.hasSuffix("/") else { throw .failed("cannot write \(path): it names a folder, not a file") }
    let target = try resolvingLinks(path)
    var status = stat()
    let exists = stat(target, &status) == 0
    if exists, (status.st_mode & S_IFMT) != S_IFREG {
      guard (status.st_mode & S_IFMT) != S_IFDIR else { throw .failed("cannot write \(path): it is a folder") }
      return try writeDirectly(to: target, shownAs: path, body: body)
    }
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    func failure(_ reason: String) -> CommandFailure {
      unlink(temporary.path)
      TemporaryFiles.forget(temporary.path)
      return .failed("cannot write \(path): \(reason)")
    }
    TemporaryFiles.remember(temporary.path)
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
    // A file replaced keeps its permissions (as `>` in a shell keeps them): `lint --fix` rewriting an executable
    // or group-writable spec, `-o` over a private plan.
    if exists, fchmod(descriptor, status.st_mode & 0o7777) != 0 {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw failure(reason)
    }
    let complete = body(descriptor)
    let reason = complete ? "" : String(cString: strerror(errno))
    guard close(descriptor) == 0, complete else { throw failure(complete ? String(cString: strerror(errno)) : reason) }
    guard rename(temporary.path, url.path) == 0 else { throw failure(String(cString: strerror(errno))) }
    TemporaryFiles.forget(temporary.path)
  }

  /// The file a chain of symlinks ends at (the path itself when it is no link, or does not exist yet); a dangling
  /// link's target is created. Relative links are resolved against the folder of the link.
  static func resolvingLinks(_ path: String) throws(CommandFailure) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { return current }
      let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if destination.hasPrefix("/") {
        current = destination
      } else {
        let folder = (current as NSString).deletingLastPathComponent
        current = folder.isEmpty ? destination : folder + "/" + destination
      }
    }
    throw .failed("cannot write \(path): too many levels of symbolic links")
  }

  /// Writes to a device or FIFO as it is: no temporary file, no rename, no truncation of what is not a file.
  private static func writeDirectly(to target: String, shownAs path: String, body: (Int32) -> Bool)
    throws(CommandFailure)
  {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .failed("cannot write \(path): \(String(cString: strerror(errno)))") }
    let complete = body(descriptor)
    let reason = String(cString: strerror(errno))
    guard close(descriptor) == 0 || !complete, complete else { throw .failed("cannot write \(path): \(reason)") }
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var written = 0
    while written < buffer.count {
      let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return true
  }
}
