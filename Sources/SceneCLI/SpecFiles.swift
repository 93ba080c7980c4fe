import Foundation
import SceneDiagnostics
import SceneYAML

#if canImport(Glibc)
  import Glibc
#endif

/// Finding and reading spec files.
enum SpecFiles {
  /// Files and folders as given → the spec files to read, sorted by path: a folder contributes every `*.yaml` /
  /// `*.yml` below it, and output never depends on the file system's order or on the order of the arguments.
  /// Duplicates are read once.
  static func collect(_ paths: [String]) throws(CommandFailure) -> [String] {
    var result: [String] = []
    var seen = Set<String>()
    let manager = FileManager.default
    for path in paths {
      if path == "-" {
        if seen.insert(path).inserted { result.append(path) }
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .usage("no such file or folder: \(path)")
      }
      if isDirectory.boolValue {
        guard let enumerator = manager.enumerator(atPath: path) else { throw .usage("cannot read the folder \(path)") }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
          guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
          let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
          // Regular files only (through symlinks): a FIFO or device named `*.yaml` in a folder would block the
          // whole run, or never end; a path given by name is read as it is (like `-`).
          var status = stat()
          if stat(full, &status) == 0, status.st_mode & S_IFMT == S_IFREG { found.append(full) }
        }
        guard !found.isEmpty else { throw .usage("no .yaml or .yml files under \(path)") }
        for file in found where seen.insert(file).inserted { result.append(file) }
      } else if seen.insert(path).inserted {
        result.append(path)
      }
    }
    // Sorted as a whole, so the report does not depend on the order the paths were given in; standard input last.
    return result.filter { $0 != "-" }.sorted() + result.filter { $0 == "-" }
  }

  /// Reads a spec; `-` is standard input. At most `limit + 1` bytes are read from any file, device or pipe, so
  /// that `/dev/zero` or an endless pipe costs `limit` bytes of memory and then fails with E0111 (the reader sees
  /// one byte more than the limit); the default is the default `--max-input-bytes`.
  static func read(_ path: String, console: Console, limit: Int = YAMLLimits.default.maxInputBytes)
    throws(CommandFailure)
    -> SourceFile
  {
    SourceFile(path: path == "-" ? "<stdin>" : path, bytes: try readBytes(path, console: console, limit: limit))
  }

  /// The bytes `read` reads, for a file that is not shown as source (a plan: its diagnostics name members, not
  /// lines, so it needs no line table).
  static func readBytes(_ path: String, console: Console, limit: Int) throws(CommandFailure) -> [UInt8] {
    let cap = limit < Int.max ? limit + 1 : limit
    if path == "-" {
      if let descriptor = console.standardInputDescriptor {
        guard let bytes = readBounded(descriptor, cap: cap) else { throw .usage("cannot read standard input") }
        return bytes
      }
      guard let bytes = console.readStandardInput() else { throw .usage("cannot read standard input") }
      return Array(bytes.prefix(cap))
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .usage("cannot read \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    guard let bytes = readBounded(descriptor, cap: cap) else {
      throw .usage("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    return bytes
  }

  /// Up to `cap` bytes from `descriptor` (until end of file); nil on a read error.
  static func readBounded(_ descriptor: Int32, cap: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var status = stat()
    // A regular file's size is known; reserving it (within the cap) avoids regrowing the array.
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      bytes.reserveCapacity(min(Int(status.st_size), cap))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < cap {
      let wanted = min(chunk.count, cap - bytes.count)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
