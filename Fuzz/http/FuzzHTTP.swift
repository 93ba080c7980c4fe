// libFuzzer target: the preview server's request-head parser (`HTTPRequest.parse`, what `preview --serve` runs on
// every client's bytes) on arbitrary input, whole and fed in pieces as a slow client sends them, the way the
// server feeds it (each call searching from the last length minus 3). Both must give the same answer, and a
// request it accepts must hold what the server relies on. Built and run by scripts/fuzz.sh (Fuzz/README.md).
import FuzzSupport
import SceneCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let whole = HTTPRequest.parse(bytes)
  // Piece sizes 1–8, chosen by the input's first byte, so the fuzzer explores how a head is split too.
  let piece = 1 + Int(bytes.first ?? 0) % 8
  var received: [UInt8] = []
  var gradual = HTTPRequest.Parse.incomplete
  var offset = 0
  while offset < bytes.count, gradual == .incomplete {
    let searched = received.count - 3
    received += bytes[offset..<min(bytes.count, offset + piece)]
    offset += piece
    gradual = HTTPRequest.parse(received, searchingFrom: searched)
  }
  precondition(gradual == whole, "parsed in pieces: \(gradual), whole: \(whole)")
  if case .request(let request) = whole {
    precondition(request.path.hasPrefix("/") && !request.method.isEmpty)
    for text in [request.method, request.path, request.host ?? "", request.origin ?? ""] {
      precondition(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F })
    }
  }
  return 0
}

@main enum FuzzMain {
  static func main() { FuzzDriver.main(fuzzOne) }
}
