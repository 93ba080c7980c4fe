import Foundation
import SceneDiagnostics

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
          var isSubdirectory: ObjCBool = false
          if manager.fileExists(atPath: full, isDirectory: &isSubdirectory), !isSubdirectory.boolValue { found.append(full) }
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

  /// Reads a spec; `-` is standard input.
  static func read(_ path: String, console: Console) throws(CommandFailure) -> SourceFile {
    if path == "-" {
      guard let bytes = console.readStandardInput() else { throw .usage("cannot read standard input") }
      return SourceFile(path: "<stdin>", bytes: bytes)
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .usage("cannot read \(path)") }
    defer { try? handle.close() }
    do {
      let data = try handle.readToEnd() ?? Data()
      return SourceFile(path: path, bytes: [UInt8](data))
    } catch {
      throw .usage("cannot read \(path): \(error.localizedDescription)")
    }
  }
}
