/// A unified diff of two versions of a file, as `diff -u` writes it (what `lint --fix-dry-run` prints, and what
/// `patch -p1` applies): `--- a/PATH` / `+++ b/PATH`, then `@@` hunks with three lines of context, hunks less than
/// seven unchanged lines apart merged into one, and `\ No newline at end of file` after a last line without one.
public enum UnifiedDiff {
  public static let contextLines = 3

  /// The diff from `old` to `new` of the file at `path`; empty when they are equal.
  public static func render(old: [UInt8], new: [UInt8], path: String) -> String {
    guard old != new else { return "" }
    let oldLines = lines(of: old)
    let newLines = lines(of: new)
    // Lines numbered so that equal lines have equal numbers: the diff then compares integers.
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    func number(_ line: ArraySlice<UInt8>) -> Int {
      if let number = numbers[line] { return number }
      numbers[line] = numbers.count
      return numbers.count - 1
    }
    let operations = LineDiff(oldLines.map(number), newLines.map(number)).operations()
    var text = "--- a/\(path)\n+++ b/\(path)\n"
    for hunk in hunks(of: operations) {
      text += hunk.header
      for operation in operations[hunk.operations] {
        let (marker, line) =
          switch operation {
          case .equal(let old, _): (" ", oldLines[old])
          case .delete(let old): ("-", oldLines[old])
          case .insert(let new): ("+", newLines[new])
          }
        text += marker + String(decoding: line, as: UTF8.self)
        if line.last != UInt8(ascii: "\n") { text += "\n\\ No newline at end of file\n" }
      }
    }
    return text
  }

  /// The lines of `bytes`, each with its line break (the last may have none).
  static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  struct Hunk {
    var operations: Range<Int>
    var header: String
  }

  /// Groups the changes into hunks: each change with up to `contextLines` unchanged lines around it, and two
  /// changes at most `2 × contextLines` unchanged lines apart in one hunk (as GNU diff does).
  static func hunks(of operations: [LineDiff.Operation]) -> [Hunk] {
    let changed = operations.indices.filter { if case .equal = operations[$0] { false } else { true } }
    guard var first = changed.first else { return [] }
    var groups: [ClosedRange<Int>] = []
    var last = first
    for index in changed.dropFirst() {
      if index - last - 1 > 2 * contextLines {
        groups.append(first...last)
        first = index
      }
      last = index
    }
    groups.append(first...last)
    // The old and new line numbers before each operation.
    var oldBefore = [0]
    var newBefore = [0]
    for operation in operations {
      switch operation {
      case .equal:
        oldBefore.append(oldBefore.last! + 1)
        newBefore.append(newBefore.last! + 1)
      case .delete:
        oldBefore.append(oldBefore.last! + 1)
        newBefore.append(newBefore.last!)
      case .insert:
        oldBefore.append(oldBefore.last!)
        newBefore.append(newBefore.last! + 1)
      }
    }
    return groups.map { group in
      let shown = max(0, group.lowerBound - contextLines)..<min(operations.count, group.upperBound + 1 + contextLines)
      let old = side(oldBefore[shown.lowerBound], oldBefore[shown.upperBound] - oldBefore[shown.lowerBound])
      let new = side(newBefore[shown.lowerBound], newBefore[shown.upperBound] - newBefore[shown.lowerBound])
      return Hunk(operations: shown, header: "@@ -\(old) +\(new) @@\n")
    }
  }

  /// A hunk's side as `diff -u` writes it: `START,COUNT`, `START` alone for one line, and for no lines the line
  /// before the change (`0` at the top).
  private static func side(_ start: Int, _ count: Int) -> String {
    switch count {
    case 0: "\(start),0"
    case 1: "\(start + 1)"
    default: "\(start + 1),\(count)"
    }
  }
}

/// A shortest line edit script between two sequences (lines numbered so that equal lines have equal numbers), by
/// Myers' O((N+M)·D) algorithm in its linear-space form: each step finds the middle of an optimal path and
/// splits there, so memory stays that of the two sequences however far apart they are.
///
/// Time is bounded too: a part whose middle lies more than `maximumSteps` edits from either end (a file where
/// thousands of lines changed) is compared line by line instead, which is still a correct script, and for what
/// fixes make (edits within lines, line counts unchanged) the same one.
struct LineDiff {
  static let maximumSteps = 256

  enum Operation: Equatable {
    case equal(Int, Int)
    case delete(Int)
    case insert(Int)
  }

  private let a: [Int]
  private let b: [Int]
  private var deleted: [Bool]
  private var inserted: [Bool]

  init(_ a: [Int], _ b: [Int]) {
    self.a = a
    self.b = b
    deleted = Array(repeating: false, count: a.count)
    inserted = Array(repeating: false, count: b.count)
  }

  /// The script: unchanged lines, and between them each run of changes as its deletions then its insertions.
  consuming func operations() -> [Operation] {
    compare(0, a.count, 0, b.count)
    var operations: [Operation] = []
    var old = 0
    var new = 0
    while old < a.count || new < b.count {
      if old < a.count, deleted[old] {
        operations.append(.delete(old))
        old += 1
      } else if new < b.count, inserted[new] {
        operations.append(.insert(new))
        new += 1
      } else {
        operations.append(.equal(old, new))
        old += 1
        new += 1
      }
    }
    return operations
  }

  /// Marks the changes between `a[aLow..<aHigh]` and `b[bLow..<bHigh]`.
  private mutating func compare(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
    var (aLow, aHigh, bLow, bHigh) = (aLow, aHigh, bLow, bHigh)
    while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
      aLow += 1
      bLow += 1
    }
    while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
      aHigh -= 1
      bHigh -= 1
    }
    if aLow == aHigh || bLow == bHigh {
      for index in aLow..<aHigh { deleted[index] = true }
      for index in bLow..<bHigh { inserted[index] = true }
      return
    }
    // Both ends now differ, so the distance is at least 2 and the split leaves changes on each side.
    guard let (x, y) = split(aLow, aHigh, bLow, bHigh), (x, y) != (aLow, bLow), (x, y) != (aHigh, bHigh) else {
      // Too far apart to search: line i against line i, the rest of the longer side added or removed.
      let common = min(aHigh - aLow, bHigh - bLow)
      for offset in 0..<common where a[aLow + offset] != b[bLow + offset] {
        deleted[aLow + offset] = true
        inserted[bLow + offset] = true
      }
      for index in (aLow + common)..<aHigh { deleted[index] = true }
      for index in (bLow + common)..<bHigh { inserted[index] = true }
      return
    }
    compare(aLow, x, bLow, y)
    compare(x, aHigh, y, bHigh)
  }

  /// A point on a shortest edit path between the two ranges, about half its edits from each end: where the
  /// furthest-reaching paths searched from both ends first overlap.
  private func split(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int)? {
    let n = aHigh - aLow
    let m = bHigh - bLow
    let delta = n - m
    let odd = delta & 1 != 0
    let most = (n + m + 1) / 2
    let offset = most + 1
    // Furthest x reached on each diagonal k = x − y, from the start (forward) and from the end (backward, where x
    // and y count the lines taken from the end).
    var forward = [Int](repeating: 0, count: 2 * most + 3)
    var backward = [Int](repeating: 0, count: 2 * most + 3)
    for d in 0...min(most, Self.maximumSteps) {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
          ? forward[offset + k + 1] : forward[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[aLow + x] == b[bLow + y] {
          x += 1
          y += 1
        }
        forward[offset + k] = x
        let opposite = delta - k
        if odd, opposite >= -(d - 1), opposite <= d - 1, x + backward[offset + opposite] >= n {
          return (aLow + x, bLow + y)
        }
      }
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
          ? backward[offset + k + 1] : backward[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[aHigh - 1 - x] == b[bHigh - 1 - y] {
          x += 1
          y += 1
        }
        backward[offset + k] = x
        let opposite = delta - k
        if !odd, opposite >= -d, opposite <= d, x + forward[offset + opposite] >= n {
          return (aHigh - x, bHigh - y)
        }
      }
    }
    return nil
  }
}
