#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a file's bytes up to a cap: what every reader of specs and configs needs, so that `/dev/zero` or an
/// endless pipe costs the cap in memory and no more.
public enum FileBytes {
  /// Why a file could not be opened or read, in the system's words ("Permission denied").
  public struct Failure: Error, Sendable, Hashable {
    public let reason: String
  }

  /// Up to `cap` bytes of the file at `path`, or why it cannot be opened or read.
  public static func read(_ path: String, cap: Int) -> Result<[UInt8], Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Failure(reason: lastErrorText())) }
    defer { close(descriptor) }
    guard let bytes = read(descriptor: descriptor, cap: cap) else { return .failure(Failure(reason: lastErrorText())) }
    return .success(bytes)
  }

  /// Up to `cap` bytes from `descriptor` (until end of file); nil on a read error.
  public static func read(descriptor: Int32, cap: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var status = stat()
    // A regular file's size is known; reserving it (within the cap) avoids regrowing the array.
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      bytes.reserveCapacity(min(Int(status.st_size), cap))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < cap {
      let wanted = min(chunk.count, cap - bytes.count)
      #if canImport(Glibc)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, wanted) }
      #else
        let count = chunk.withUnsafeMutableBytes { Darwin.read(descriptor, $0.baseAddress!, wanted) }
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// What a path names, following symbolic links: nil when nothing (or a link leading nowhere).
  public enum Kind: Sendable { case regularFile, folder, other }

  public static func kind(_ path: String) -> Kind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// The last system call's error, in the system's words.
  public static func lastErrorText() -> String { String(cString: strerror(errno)) }
}
