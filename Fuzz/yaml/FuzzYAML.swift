// libFuzzer target: the strict YAML reader (libyaml events → located arena), with small and default limits.
// Built and run by scripts/fuzz.sh (Fuzz/README.md). Built normally (swift build), it replays the files given as
// arguments through the same entry point, which is how Fuzz/regressions/ is checked.
import Foundation
import FuzzSupport
import SceneDiagnostics
import SceneYAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let source = SourceFile(path: "fuzz.yaml", bytes: bytes)
  let read = YAMLReader.read(source)
  // Walk the tree: every node is reachable and every span lies inside the input.
  if let root = read.document.root {
    var stack = [root]
    while let node = stack.popLast() {
      let span = read.document.span(node)
      precondition(span.start >= 0 && span.start <= span.end && span.end <= bytes.count, "span outside the input")
      _ = read.document.scalar(node)
      stack += read.document.items(node)
      for entry in read.document.entries(node) { stack += [entry.key, entry.value] }
    }
  }
  for diagnostic in read.diagnostics { _ = source.location(of: diagnostic.span.start) }
  _ = YAMLReader.read(source, limits: YAMLLimits(maxInputBytes: 4096, maxDepth: 8, maxScalarBytes: 64))
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
