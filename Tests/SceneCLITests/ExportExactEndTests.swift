import Foundation
import Testing

/// Issue 13's exact ends, held in the Lottie export too: an animation of n whole repeats ends on its end value
/// (its start value when autoreversing) even where n·d, divided back by d, rounds above n — the durations and
/// counts for which a floor or ceiling of rounded time would end in an extra repeat, on the start value.
@Suite struct ExportExactEndTests {
  /// The (duration, count) pairs of 0.050–2.000 s × 2–10 whose rounded product overshoots the count.
  static let misroundingPairs: [(duration: String, count: Int)] = {
    var pairs: [(String, Int)] = []
    for millis in 50...2000 {
      let duration = Double(millis) / 1000
      for count in 2...10 where (Double(count) * duration) / duration > Double(count) {
        pairs.append((String(format: "%.3f", duration), count))
      }
    }
    return pairs
  }()

  enum Shape: String, CaseIterable { case leaf, autoreverse, inGroup }

  static func spec(duration: String, count: Int, shape: Shape) -> String {
    let animation =
      "keyPath: position.x, from: 0, to: 100, duration: \(duration), repeatCount: \(count), fillMode: forwards"
    let timeline: String
    switch shape {
    case .leaf: timeline = "{target: box, autoplay: true, \(animation), removedOnCompletion: false}"
    case .autoreverse:
      timeline = "{target: box, autoplay: true, \(animation), autoreverses: true, removedOnCompletion: false}"
    case .inGroup:
      timeline =
        "{target: box, autoplay: true, duration: 25, fillMode: forwards, removedOnCompletion: false, "
        + "group: [{\(animation)}]}"
    }
    return """
      scene: ends
      size: [200, 200]
      layers:
        - {id: box, frame: [0, 0, 20, 20], backgroundColor: red}
      timelines:
        move: \(timeline)

      """
  }

  @Test func thePairsExist() {
    // The sweep must find the issue's own example among the pairs, or it tests nothing.
    #expect(Self.misroundingPairs.contains { $0.duration == "0.100" && $0.count == 3 })
    #expect(Self.misroundingPairs.count > 100)
  }

  @Test(arguments: Shape.allCases)
  func lottieEndsOnTheEndValue(_ shape: Shape) throws {
    let folder = CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Every 8th pair keeps the run short; the sampler's own sweep (ExactEndTests) takes them all.
    for (index, pair) in Self.misroundingPairs.enumerated() where index % 8 == 0 {
      let path = folder.appendingPathComponent("end.yaml").path
      try Self.spec(duration: pair.duration, count: pair.count, shape: shape)
        .write(toFile: path, atomically: true, encoding: .utf8)
      let active = Double(pair.duration)! * Double(pair.count) * (shape == .autoreverse ? 2 : 1)
      let run = CLI.run(["export", "lottie", path, "--duration", String(active + 0.5)])
      try #require(run.status == 0, "\(pair): \(run.standardError)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let layers = try #require(document["layers"] as? [[String: Any]])
      let transform = try #require(layers.first?["ks"] as? [String: Any])
      let position = try #require(transform["p"] as? [String: Any])
      let keyframes = try #require(position["k"] as? [[String: Any]], "\(pair): position is not animated")
      let last = try #require(keyframes.last?["s"] as? [Double])
      let expected = shape == .autoreverse ? 0.0 : 100.0
      #expect(last.first == expected, "\(shape) \(pair.duration) s × \(pair.count): ends at \(last)")
    }
  }
}
