#if canImport(Glibc)
  import Glibc
#endif

/// The spec the preview server watches: it notices a change by polling the file's modification time, size and
/// inode (an editor that saves by renaming a new file into place changes the inode; one that rewrites in place
/// changes the time or the size), and reads it only when it is a regular file.
struct SpecWatcher {
  struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt
    var mode: UInt32
  }

  let path: String
  private(set) var last: Stamp?

  init(path: String) {
    self.path = path
    last = Self.stamp(path)
  }

  static func stamp(_ path: String) -> Stamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Stamp(
      seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec), size: Int(status.st_size),
      inode: UInt(status.st_ino), mode: UInt32(status.st_mode))
  }

  /// Whether the file changed since the last call (a vanished file is no change: an editor's save in progress).
  mutating func changed() -> Bool {
    guard let now = Self.stamp(path), now != last else { return false }
    last = now
    return true
  }

  enum ReadFailure: Error {
    /// What is at the path instead of a regular file ("a FIFO", "a folder", …).
    case notRegular(String)
    /// open or read failed: strerror's text.
    case unreadable(String)
  }

  /// The spec's bytes, at most `cap` of them. Only a regular file (through symlinks) is read: a FIFO would block
  /// the server until a writer came, a device might never end. The open itself cannot block either (O_NONBLOCK),
  /// and what was opened is checked again, so a FIFO swapped in between the check and the open is refused too.
  func read(cap: Int) -> Result<[UInt8], ReadFailure> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    if let kind = Self.irregularKind(status.st_mode) { return .failure(.notRegular(kind)) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
    if let kind = Self.irregularKind(status.st_mode) { return .failure(.notRegular(kind)) }
    guard let bytes = SpecFiles.readBounded(descriptor, cap: cap) else {
      return .failure(.unreadable(String(cString: strerror(errno))))
    }
    return .success(bytes)
  }

  /// Nil for a regular file, else what the file is, for the message.
  static func irregularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a FIFO"
    case S_IFDIR: return "a folder"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}
