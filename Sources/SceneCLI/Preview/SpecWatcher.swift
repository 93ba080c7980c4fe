#if canImport(Glibc)
  import Glibc
#endif

/// Notices a changed spec by polling its modification time, size and inode (an editor that saves by renaming a new
/// file into place changes the inode; one that rewrites in place changes the time or the size).
struct SpecWatcher {
  struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt
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
      inode: UInt(status.st_ino))
  }

  /// Whether the file changed since the last call (a vanished file is no change: an editor's save in progress).
  mutating func changed() -> Bool {
    guard let now = Self.stamp(path), now != last else { return false }
    last = now
    return true
  }
}
