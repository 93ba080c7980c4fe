import Foundation
import SceneDiagnostics
import SceneYAML

#if canImport(Glibc)
  import Glibc
#endif

/// Finding and reading spec files.
enum SpecFiles {
  /// A file or folder that exists but cannot be read, and why (the system's words: "Permission denied").
  struct Unreadable: Error, Hashable {
    let path: String
    let reason: String
    let isFolder: Bool
  }

  /// The spec files to read, sorted by path (standard input, `-`, last), and what could not be read on the way.
  struct Found {
    var files: [String] = []
    var unreadable: [Unreadable] = []
  }

  /// Files and folders as given → the spec files to read, sorted by path: a folder contributes every file below
  /// it that `takes` (by default every `*.yaml` / `*.yml`), walking into the folders below that it takes, and
  /// output never depends on the file system's order or on the order of the arguments. A path given is read
  /// whatever `takes` says. Duplicates are read once. A folder below that cannot be opened or listed, or a taken
  /// file whose link leads nowhere, is `unreadable` (lint reports it, E0114), never passed over in silence.
  static func collect(
    _ paths: [String],
    taking takes: (_ path: String, _ isFolder: Bool) -> Bool = { path, isFolder in
      isFolder || path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }
  ) throws(CommandFailure) -> Found {
    var found = Found()
    var seen = Set<String>()
    for path in paths {
      if path == "-" {
        if seen.insert(path).inserted { found.files.append(path) }
        continue
      }
      var status = stat()
      guard stat(path, &status) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { throw .usage("no such file or folder: \(path)") }
        found.unreadable.append(Unreadable(path: path, reason: errorText(), isFolder: false))
        continue
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        var below = Found()
        walk(path, into: &below, taking: takes)
        guard !below.files.isEmpty || !below.unreadable.isEmpty else {
          throw .usage("no .yaml or .yml files under \(path) to lint (hidden and excluded ones are skipped)")
        }
        for file in below.files where seen.insert(file).inserted { found.files.append(file) }
        for entry in below.unreadable where seen.insert(entry.path).inserted { found.unreadable.append(entry) }
      } else if seen.insert(path).inserted {
        found.files.append(path)
      }
    }
    // Sorted as a whole, so the report does not depend on the order the paths were given in; standard input last.
    found.files = found.files.filter { $0 != "-" }.sorted() + found.files.filter { $0 == "-" }
    found.unreadable.sort { $0.path < $1.path }
    return found
  }

  /// Every regular file below `folder` that `takes` (through symbolic links to files; links to folders are not
  /// followed, so a link cannot make the walk endless), in any order.
  private static func walk(
    _ folder: String, into found: inout Found, taking takes: (_ path: String, _ isFolder: Bool) -> Bool
  ) {
    guard let directory = opendir(folder) else {
      found.unreadable.append(Unreadable(path: folder, reason: errorText(), isFolder: true))
      return
    }
    defer { closedir(directory) }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        // The end of the listing, or a failure to read it (an I/O error): then the folder was not read whole.
        if errno != 0 { found.unreadable.append(Unreadable(path: folder, reason: errorText(), isFolder: true)) }
        return
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name != ".", name != ".." else { continue }
      let full = prefix + name
      var status = stat()
      guard lstat(full, &status) == 0 else {
        found.unreadable.append(Unreadable(path: full, reason: errorText(), isFolder: false))
        continue
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        if takes(full, true) { walk(full, into: &found, taking: takes) }
        continue
      }
      guard takes(full, false) else { continue }
      // Regular files only (through symlinks): a FIFO or device named `*.yaml` in a folder would block the whole
      // run, or never end; a path given by name is read as it is (like `-`).
      if stat(full, &status) != 0 {
        found.unreadable.append(Unreadable(path: full, reason: errorText(), isFolder: false))
      } else if status.st_mode & S_IFMT == S_IFREG {
        found.files.append(full)
      }
    }
  }

  /// The last system call's error, in the system's words.
  private static func errorText() -> String { FileBytes.lastErrorText() }

  /// Reads a spec; `-` is standard input. At most `limit + 1` bytes are read from any file, device or pipe, so
  /// that `/dev/zero` or an endless pipe costs `limit` bytes of memory and then fails with E0111 (the reader sees
  /// one byte more than the limit); the default is the default `--max-input-bytes`.
  static func read(_ path: String, console: Console, limit: Int = YAMLLimits.default.maxInputBytes)
    throws(CommandFailure)
    -> SourceFile
  {
    source(
      path: path == "-" ? "<stdin>" : path, bytes: try readBytes(path, console: console, limit: limit), limit: limit)
  }

  /// A spec read with `limit` as its input limit. One over the limit (E0111, at its first byte) gets the line table
  /// of its first line only: it is never shown past that line, and the table of 64 MiB of short lines (8 bytes a
  /// line) cost four times the input's own memory, and most of the time, before the reader looked at the size.
  static func source(path: String, bytes: [UInt8], limit: Int) -> SourceFile {
    bytes.count > limit
      ? SourceFile(path: path, bytes: bytes, indexingLinesIn: 0) : SourceFile(path: path, bytes: bytes)
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
    switch readFile(path, cap: cap) {
    case .success(let bytes): return bytes
    case .failure(let unreadable): throw .usage("cannot read \(path): \(unreadable.reason)")
    }
  }

  /// Up to `cap` bytes of the file at `path`, or why it cannot be opened or read.
  static func readFile(_ path: String, cap: Int) -> Result<[UInt8], Unreadable> {
    FileBytes.read(path, cap: cap).mapError { Unreadable(path: path, reason: $0.reason, isFolder: false) }
  }

  /// Up to `cap` bytes from `descriptor` (until end of file); nil on a read error.
  static func readBounded(_ descriptor: Int32, cap: Int) -> [UInt8]? {
    FileBytes.read(descriptor: descriptor, cap: cap)
  }
}
