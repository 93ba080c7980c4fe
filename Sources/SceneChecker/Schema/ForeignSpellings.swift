import SceneCore
import SceneDiagnostics

/// Names that CSS, Lottie, SwiftUI, UIKit and Android give to what scenec spells otherwise: the one table behind
/// the did-you-mean of an unknown key, key path (animated or posed) and timing function. Such a name is not a typo,
/// so edit distance never finds its scenec spelling (`delay` is far from `beginTime`); the help names both.
///
/// Where the scenec spelling is a plain rename of the word written, the diagnostic carries it as a machine
/// `replacement` (`lint --fix` applies it); where more changes (`loop: true` is `repeatCount: inf`), the help says
/// what, and nothing is replaced.
enum ForeignSpellings {
  struct Entry: Sendable {
    /// The word as another tool spells it.
    let written: String
    /// scenec's spelling: a key, a key path or a timing function's name.
    let scenec: String
    /// Whose spelling `written` is, for the help.
    let tools: String
    /// What to write instead when more than the word changes; nil when replacing the word is the whole fix.
    let instead: String?

    init(_ written: String, _ scenec: String, _ tools: String, instead: String? = nil) {
      self.written = written
      self.scenec = scenec
      self.tools = tools
      self.instead = instead
    }

    /// The text a diagnostic's `replacement` carries: only a plain rename.
    var replacement: String? { instead == nil ? scenec : nil }

    var help: String {
      "'\(written)' is \(tools)'s name; scenec writes " + (instead ?? "'\(scenec)'")
    }
  }

  /// Keys of a mapping (a timeline entry, a transition): found only where the scenec key is one the mapping takes.
  static let keys: [Entry] = [
    Entry("delay", "beginTime", "CSS's and SwiftUI"),
    Entry("startDelay", "beginTime", "Android"),
    Entry("easing", "timingFunction", "CSS's and Lottie"),
    Entry("interpolator", "timingFunction", "Android"),
    Entry("curve", "timingFunction", "SwiftUI's and UIKit"),
    Entry("iterations", "repeatCount", "the Web Animations API"),
    Entry("iterationCount", "repeatCount", "CSS"),
    Entry("fill", "fillMode", "the Web Animations API"),
    Entry("loop", "repeatCount", "Lottie's and SwiftUI", instead: "`repeatCount: inf` to repeat forever"),
    Entry(
      "direction", "autoreverses", "CSS's and the Web Animations API",
      instead: "`autoreverses: true` for `direction: alternate`"),
  ]

  /// Key paths, animated (`keyPath:`) or set in a state's pose.
  static let keyPaths: [Entry] = [
    Entry("scale", "transform.scale", "CSS's, SwiftUI's and Android"),
    Entry("scaleX", "transform.scale.x", "CSS's and Android"),
    Entry("scaleY", "transform.scale.y", "CSS's and Android"),
    Entry("rotation", "transform.rotation.z", "SwiftUI's and Android"),
    Entry("rotate", "transform.rotation.z", "CSS"),
    Entry("translateX", "transform.translation.x", "CSS"),
    Entry("translateY", "transform.translation.y", "CSS"),
    Entry("translationX", "transform.translation.x", "Android"),
    Entry("translationY", "transform.translation.y", "Android"),
    Entry("alpha", "opacity", "UIKit's and Android"),
    Entry("background-color", "backgroundColor", "CSS"),
    Entry("border-radius", "cornerRadius", "CSS"),
  ]

  /// Timing functions (`timingFunction:`, `timingFunctions:`).
  static let timingFunctions: [Entry] = [
    Entry("ease-in-out", "easeInEaseOut", "CSS"),
    Entry("ease-in", "easeIn", "CSS"),
    Entry("ease-out", "easeOut", "CSS"),
    Entry("ease", "default", "CSS"),
    Entry("easeInOut", "easeInEaseOut", "UIKit's and SwiftUI"),
    Entry(
      "spring", "spring", "SwiftUI", instead: "a spring as its own key, `spring: {}`, in place of `timingFunction`"),
  ]

  private static let keysByName = Dictionary(uniqueKeysWithValues: keys.map { ($0.written, $0) })
  private static let keyPathsByName = Dictionary(uniqueKeysWithValues: keyPaths.map { ($0.written, $0) })
  private static let timingFunctionsByName = Dictionary(uniqueKeysWithValues: timingFunctions.map { ($0.written, $0) })

  /// The entry for an unknown key whose scenec spelling is among the keys the mapping takes.
  static func key(_ written: String, among allowed: [String]) -> Entry? {
    guard let entry = keysByName[written], allowed.contains(entry.scenec) else { return nil }
    return entry
  }

  /// The entry for an unknown key path whose scenec spelling is among `allowed` (the key paths of the layer's type).
  static func keyPath(_ written: String, among allowed: [String]) -> Entry? {
    guard let entry = keyPathsByName[written], allowed.contains(entry.scenec) else { return nil }
    return entry
  }

  static func timingFunction(_ written: String) -> Entry? { timingFunctionsByName[written] }
}

/// The did-you-mean of an unknown key path, animated or posed: another tool's name for one of `names`
/// (`ForeignSpellings.keyPaths`), else the closest name by spelling.
struct KeyPathSuggestion {
  let help: String?
  let replacement: String?

  init(_ written: String, among names: [String]) {
    if let foreign = ForeignSpellings.keyPath(written, among: names) {
      help = foreign.help
      replacement = foreign.replacement
    } else {
      let closest = Suggestions.closest(to: written, among: names).first
      help = closest.map { "did you mean '\($0)'?" }
      replacement = closest
    }
  }
}
