/// One glob of `.scenec.yml`'s `exclude:` / `include:` or of `--exclude`, with .gitignore's meaning (which eslint's
/// ignore patterns follow too), matched against a path relative to the pattern's folder:
/// - `*` matches any run of characters but `/`, `?` one character but `/`, `\` makes the next character literal;
/// - `**` as a whole segment matches any number of folders: `**/x` at any depth, `a/**/b` (a/b, a/x/b, …), and a
///   final `/**` everything inside (one level or more; not the folder itself);
/// - a pattern with a `/` at its start or in its middle is anchored to its folder (`/specs`, `Tests/*/Fixtures`);
///   one without (`*.yml`, `Fuzz/`) matches a name at any depth;
/// - a final `/` matches folders only; a leading `!` negates: the last pattern that matches a path decides.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
  /// As written, `!` and all.
  public let text: String
  public let isNegated: Bool
  public let matchesFoldersOnly: Bool
  let segments: [Segment]

  enum Segment: Sendable, Hashable {
    /// `**`: any number of folders.
    case anyFolders
    case name([Piece])
  }

  enum Piece: Sendable, Hashable {
    case character(Character)
    /// `*`
    case anyRun
    /// `?`
    case anyOne
  }

  /// Why a pattern can match nothing.
  public enum Problem: Error, Sendable, Hashable {
    case empty
    /// A `..` segment: the pattern would reach above its folder, where it never looks.
    case reachesAbove
  }

  public var description: String { text }

  public static func parse(_ text: String) -> Result<PathPattern, Problem> {
    var body = Substring(text)
    let isNegated = body.hasPrefix("!")
    if isNegated { body = body.dropFirst() }
    let matchesFoldersOnly = body.hasSuffix("/")
    while body.hasSuffix("/") { body = body.dropLast() }
    let anchored = body.dropFirst().contains("/") || body.hasPrefix("/")
    var segments: [Segment] = anchored ? [] : [.anyFolders]
    let written = body.split(separator: "/").filter { $0 != "." }
    guard !written.isEmpty else { return .failure(.empty) }
    for segment in written {
      switch segment {
      case "..": return .failure(.reachesAbove)
      case "**":
        if segments.last != .anyFolders { segments.append(.anyFolders) }
      default: segments.append(.name(pieces(segment)))
      }
    }
    return .success(
      PathPattern(text: text, isNegated: isNegated, matchesFoldersOnly: matchesFoldersOnly, segments: segments))
  }

  /// `*`, `?`, `\x` and literal characters of one segment; `***` is `*`, as .gitignore reads it.
  private static func pieces(_ segment: Substring) -> [Piece] {
    var pieces: [Piece] = []
    var escaped = false
    for character in segment {
      if escaped {
        pieces.append(.character(character))
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "*" {
        if pieces.last != .anyRun { pieces.append(.anyRun) }
      } else if character == "?" {
        pieces.append(.anyOne)
      } else {
        pieces.append(.character(character))
      }
    }
    if escaped { pieces.append(.character("\\")) }
    return pieces
  }

  /// Whether the pattern (ignoring `!`) matches a path given as its segments below the pattern's folder.
  public func matches(_ path: [Substring], isFolder: Bool) -> Bool {
    guard isFolder || !matchesFoldersOnly, !path.isEmpty else { return false }
    // reachable[i]: the segments matched so far can end just before path[i]. Folder runs make this a set, so the
    // match takes segments × path steps at most, whatever the pattern.
    var reachable = [Bool](repeating: false, count: path.count + 1)
    reachable[0] = true
    for (index, segment) in segments.enumerated() {
      var next = [Bool](repeating: false, count: path.count + 1)
      switch segment {
      case .anyFolders:
        // A final `**` is everything inside: at least one segment.
        let least = index == segments.count - 1 ? 1 : 0
        var earliest: Int?
        for position in reachable.indices where reachable[position] {
          earliest = position
          break
        }
        if let earliest, earliest + least <= path.count {
          for position in (earliest + least)...path.count { next[position] = true }
        }
      case .name(let pieces):
        for position in path.indices where reachable[position] && Self.matches(pieces, path[position]) {
          next[position + 1] = true
        }
      }
      reachable = next
    }
    return reachable[path.count]
  }

  /// Whether `pieces` match the whole of `name`: `*` backtracks to its latest start only, so this is linear in
  /// practice and quadratic at worst.
  static func matches(_ pieces: [Piece], _ name: Substring) -> Bool {
    let characters = Array(name)
    var piece = 0
    var character = 0
    var star: (piece: Int, character: Int)?
    while character < characters.count {
      if piece < pieces.count {
        switch pieces[piece] {
        case .anyRun:
          star = (piece, character)
          piece += 1
          continue
        case .anyOne:
          piece += 1
          character += 1
          continue
        case .character(let expected) where expected == characters[character]:
          piece += 1
          character += 1
          continue
        case .character: break
        }
      }
      guard let last = star else { return false }
      star = (last.piece, last.character + 1)
      piece = last.piece + 1
      character = last.character + 1
    }
    while piece < pieces.count, pieces[piece] == .anyRun { piece += 1 }
    return piece == pieces.count
  }
}
