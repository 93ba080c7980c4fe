/// Where each part of a plan was written in its spec, so phases after compiling (export warnings, the web
/// player's error overlay) can still point at `file:line:column`.
///
/// Entries are indexed like the plan's tables (layer `i` of `Plan.layers`, track `t` of `Plan.tracks`, state and
/// transition indices of `Plan.machine`); an entry is nil where the plan has no single place in the spec (a part
/// the compiler made up). Byte offsets let a program that has the spec underline the definition; line and column
/// let one that has only the plan name it.
public struct SourceMap: Sendable, Hashable {
  /// One definition's place: 1-based line and column of its first character, and its bytes `start ..< end`.
  public struct Location: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var start: Int
    public var end: Int

    public init(line: Int, column: Int, start: Int, end: Int) {
      self.line = line
      self.column = column
      self.start = start
      self.end = end
    }
  }

  /// The spec's path as the compiler was given it.
  public var path: String
  public var layers: [Location?]
  public var tracks: [Location?]
  public var states: [Location?]
  public var transitions: [Location?]

  public init(
    path: String, layers: [Location?] = [], tracks: [Location?] = [], states: [Location?] = [],
    transitions: [Location?] = []
  ) {
    self.path = path
    self.layers = layers
    self.tracks = tracks
    self.states = states
    self.transitions = transitions
  }
}
