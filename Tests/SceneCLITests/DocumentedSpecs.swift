import Foundation
import Testing

/// The specs a document shows are files in the repository, so that a test can run them: each is shown as a
/// ```` ```yaml ```` block right below a marker line `<!-- PATH -->` naming its file, and must be that file's text.
enum DocumentedSpecs {
  struct Block: Equatable {
    /// The file the block shows, relative to the repository.
    var path: String
    var text: String
    /// The 0-based line of the block's closing fence.
    var endLine: Int
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every marked block of the document, in order.
  static func blocks(in document: String) -> [Block] {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index + 1 < lines.count {
      let line = lines[index]
      guard line.hasPrefix("<!-- "), line.hasSuffix(" -->"), lines[index + 1] == "```yaml" else {
        index += 1
        continue
      }
      let path = String(line.dropFirst(5).dropLast(4))
      guard let close = lines[(index + 2)...].firstIndex(of: "```") else { break }
      let body = lines[(index + 2)..<close].map { $0 + "\n" }.joined()
      blocks.append(Block(path: path, text: body, endLine: close))
      index = close + 1
    }
    return blocks
  }

  /// The document's image links `![…](PATH)`, relative to the repository (the document's folder prefixed).
  static func images(in document: String, folder: String) -> [String] {
    document.components(separatedBy: "![").dropFirst().compactMap { piece in
      guard let open = piece.range(of: "]("), let close = piece[open.upperBound...].firstIndex(of: ")") else {
        return nil
      }
      let target = String(piece[open.upperBound..<close])
      return folder.isEmpty ? target : folder + "/" + target
    }
  }

  /// The real `scenec` binary, run in `folder` (so file names in its report are as a user typing them sees them).
  static func scenec(_ arguments: [String], in folder: URL? = nil) throws -> ExportTools.Output {
    let binary = try #require(Scenec.binary, "no scenec binary beside the test bundle; run `swift build` first")
    return try #require(ExportTools.run(binary, arguments, directory: folder), "scenec did not start")
  }

  /// One layer's value at each sampled time, from `scenec sample`'s JSON: `path` walks into the layer's object.
  static func sampled(_ json: String, layer: String, _ path: [String]) throws -> [Any] {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "sample printed no JSON object")
    let samples = try #require(root["samples"] as? [[String: Any]])
    return try samples.map { sample in
      let layers = try #require(sample["layers"] as? [[String: Any]])
      let found = try #require(layers.first { $0["id"] as? String == layer }, "no layer \(layer)")
      var value: Any = found
      for key in path { value = try #require((value as? [String: Any])?[key], "no \(key) in \(layer)") }
      return value
    }
  }
}
