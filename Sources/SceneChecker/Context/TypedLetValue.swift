import SceneDiagnostics

/// What a `let` name holds when it is not a number, an angle or a duration (those are `Quantity` values in the
/// expression environment): a colour, or a list of numbers.
///
/// A list's type is its length and nothing more: `[x, y]` fits wherever two numbers are read (a point, a size,
/// a translation, a shadow offset), `[x, y, w, h]` wherever four are (a rect, a timing curve), and any list
/// fits `lineDashPattern`. Core Animation's CGPoint and CGSize are both two numbers, and a spec often uses one
/// pair as both (`bounds` from a size, `position` from half of it), so telling them apart would refuse sensible
/// specs without catching a real mistake; the count, which is checked at each use, catches the real ones.
struct TypedLetValue: Sendable {
  enum Kind: Sendable, Equatable {
    case color
    case numbers(count: Int)
  }

  var kind: Kind
  /// [r, g, b, a] in 0…1 for a colour, the numbers for a list: evaluated once, where the name is defined.
  var components: [Double]
  /// The name in the `let` mapping, for the label at a use that does not fit.
  var definition: Span

  /// "a colour", "a list of 2 numbers (a point or size)", for messages.
  var phrase: String {
    switch kind {
    case .color: return "a colour"
    case .numbers(let count): return Self.listPhrase(count)
    }
  }

  static func listPhrase(_ count: Int) -> String {
    switch count {
    case 1: return "a list of 1 number"
    case 2: return "a list of 2 numbers (a point or size)"
    case 4: return "a list of 4 numbers (a rect)"
    default: return "a list of \(count) numbers"
    }
  }

  /// What to write instead of computing with the name.
  func arithmeticHelp(_ name: String) -> String {
    switch kind {
    case .color:
      return "use '\(name)' on its own where a colour is expected (`fillColor: \(name)`); to compute a colour, "
        + "give its channels `let` names and write rgb(r, g, b)"
    case .numbers:
      return "use '\(name)' on its own where a list is expected; to compute with one of its numbers, give that "
        + "number a `let` name of its own"
    }
  }
}
