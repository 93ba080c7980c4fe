import Foundation

/// Specs of plain layers that the preview's canvas renderer draws (Web/scenec-canvas.js), each exercising what it
/// draws over a 2-second timeline, and specs it must leave to the SVG renderer, with the word its reason names.
enum CanvasFixtures {
  /// Background, border inside the bounds (translucent, and wider than half the bounds), cornerRadius, group
  /// opacity over sublayers and over a background with a border, hidden, rotation and scale about an anchor point
  /// off the centre, an x rotation flattened orthographically, a culled mirrored layer, zPosition reordering,
  /// masksToBounds clipping a sublayer to the rounded bounds, three levels of sublayers.
  static let plain = """
    scene: canvas-plain
    size: [160, 120]
    layers:
      - id: card
        frame: [10, 10, 90, 70]
        backgroundColor: "#3366cc"
        cornerRadius: 14
        borderWidth: 5
        borderColor: "#ffcc00cc"
        masksToBounds: true
        opacity: 0.7
        sublayers:
          - id: inner
            frame: [50, 30, 60, 60]
            backgroundColor: "#e03020"
            cornerRadius: 10
            borderWidth: 3
            borderColor: "#102030"
            sublayers:
              - id: dot
                frame: [5, 5, 20, 12]
                backgroundColor: "#20c040"
          - id: low
            frame: [10, 40, 40, 20]
            backgroundColor: "#ffffff"
            zPosition: 2
      - id: turned
        frame: [110, 20, 40, 30]
        anchorPoint: [0, 0]
        backgroundColor: "#8040c0"
        borderWidth: 30
        borderColor: "#00000080"
        transform: {rotation: 20deg, scale: [1.2, 0.8]}
      - id: flat
        frame: [110, 70, 40, 40]
        backgroundColor: "#00a0a0"
        cornerRadius: 30
        transform: {rotation: {x: 50deg}}
      - id: mirrored
        frame: [60, 90, 30, 20]
        backgroundColor: "#ff00ff"
        doubleSided: false
        transform: {scale: [-1, 1]}
      - id: blink
        frame: [10, 90, 40, 20]
        backgroundColor: "#804000"
        borderWidth: 4
        borderColor: "#ffffff"
        opacity: 0.5
    timelines:
      main:
        autoplay: true
        fillMode: both
        removedOnCompletion: false
        group:
          - target: card
            keyPath: transform.rotation.z
            from: 0deg
            to: 25deg
            duration: 2
          - target: low
            keyPath: zPosition
            values: [2, -1, 2]
            duration: 2
          - target: card
            keyPath: opacity
            values: [0.7, 1, 0.4]
            duration: 2
          - target: blink
            keyPath: hidden
            values: [false, true, false]
            calculationMode: discrete
            duration: 2
          - target: turned
            keyPath: bounds.size.width
            from: 40
            to: 20
            duration: 2
          - target: inner
            keyPath: cornerRadius
            from: 10
            to: 30
            duration: 2
    """

  /// A 2-D sublayerTransform (rotation, scale and translation about the superlayer's anchor point, animated),
  /// zPosition order under it, and a translucent sublayer with a sublayer of its own that overflows it.
  static let sublayerTransform = """
    scene: canvas-sublayer
    size: [140, 140]
    layers:
      - id: stage
        frame: [20, 20, 100, 100]
        backgroundColor: "#dddddd"
        borderWidth: 2
        borderColor: "#404040"
        sublayerTransform: {rotation: 15deg, scale: [0.9, 1.1], translation: [5, -4]}
        sublayers:
          - id: a
            frame: [10, 10, 50, 30]
            backgroundColor: "#c02060"
            cornerRadius: 6
            zPosition: 1
          - id: b
            frame: [30, 25, 50, 50]
            backgroundColor: "#2080c0"
            opacity: 0.6
            borderWidth: 6
            borderColor: "#ffffff"
            sublayers:
              - id: c
                frame: [-10, 30, 30, 30]
                backgroundColor: "#40a040"
    timelines:
      spin:
        autoplay: true
        fillMode: both
        removedOnCompletion: false
        group:
          - target: stage
            keyPath: sublayerTransform.rotation.z
            from: 15deg
            to: -30deg
            duration: 2
          - target: b
            keyPath: position
            from: [55, 50]
            to: [40, 60]
            duration: 2
          - target: a
            keyPath: zPosition
            values: [1, -1]
            calculationMode: discrete
            duration: 2
    """

  /// A plain scene with one thing added that the canvas does not draw, and the word the page's reason names.
  static let leftToSVG: [(name: String, addition: String, reason: String)] = [
    ("mask", "    mask: {frame: [0, 0, 20, 20], backgroundColor: \"#000000\"}\n", "mask"),
    ("shadow", "    shadowOpacity: 0.5\n", "shadow"),
    ("perspective", "    sublayerTransform: {perspective: 400}\n", "perspective"),
    ("text", "    type: text\n    string: hi\n    fontSize: 12\n", "text layer"),
    ("shape", "    type: shape\n    path: [{rect: [0, 0, 10, 10]}]\n    fillColor: \"#ff0000\"\n", "shape layer"),
  ]

  /// `leftToSVG`'s scene: one layer with `addition`, and an animated shadowOpacity on a second layer when asked.
  static func scene(adding addition: String, animatedShadow: Bool = false) -> String {
    var text =
      "scene: left-to-svg\nsize: [60, 60]\nlayers:\n  - id: box\n    frame: [10, 10, 40, 40]\n"
      + "    backgroundColor: \"#3366cc\"\n" + addition
    text += "  - id: other\n    frame: [0, 0, 10, 10]\n    backgroundColor: \"#00ff00\"\n"
    if animatedShadow {
      text +=
        "timelines:\n  main:\n    autoplay: true\n    group:\n      - target: other\n"
        + "        keyPath: shadowOpacity\n        values: [0, 0.5]\n        duration: 1\n"
    }
    return text
  }
}
