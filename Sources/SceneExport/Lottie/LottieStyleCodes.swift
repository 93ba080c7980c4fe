import SceneCore

// Lottie numbers its stroke and fill styles (lottie-docs: line cap, line join, fill rule); an exhaustive switch
// each, so a new word is a compile error here rather than a silent default.

extension LineCap {
  var lottieCode: Double {
    switch self {
    case .butt: return 1
    case .round: return 2
    case .square: return 3
    }
  }
}

extension LineJoin {
  var lottieCode: Double {
    switch self {
    case .miter: return 1
    case .round: return 2
    case .bevel: return 3
    }
  }
}

extension FillRule {
  var lottieCode: Int {
    switch self {
    case .nonZero: return 1
    case .evenOdd: return 2
    }
  }
}
