/// Did-you-mean: the candidates closest to a misspelled word, by edit distance.
public enum Suggestions {
  /// Up to `limit` candidates within a distance that scales with the word's length (a third of it, at least 1,
  /// at most 3), closest first, ties in the candidates' own order. Case differences cost nothing extra beyond 1.
  public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
    let lowered = word.lowercased()
    let maxDistance = min(3, max(1, word.count / 3))
    var scored: [(distance: Int, index: Int, name: String)] = []
    for (index, candidate) in candidates.enumerated() where candidate != word {
      let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
      if distance <= maxDistance { scored.append((distance, index, candidate)) }
    }
    scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
    var seen = Set<String>()
    return scored.compactMap { seen.insert($0.name).inserted ? $0.name : nil }.prefix(limit).map { $0 }
  }

  /// "did you mean 'opacity'?" or "did you mean 'a', 'b' or 'c'?", or nil when nothing is close.
  public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
    let found = closest(to: word, among: candidates)
    guard !found.isEmpty else { return nil }
    return "did you mean \(list(found, conjunction: "or"))?"
  }

  /// "'a'", "'a' or 'b'", "'a', 'b' or 'c'".
  public static func list(_ words: [String], conjunction: String) -> String {
    let quoted = words.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent transpositions), on Unicode scalars.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous2 = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, previous2[j - 2] + 1) }
        current[j] = best
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[y.count]
  }
}
