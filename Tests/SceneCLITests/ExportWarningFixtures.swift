import Foundation

/// One spec per export warning, in catalogue order, each raising its code (ExportLottieTests).
extension ExportLottieTests {
  /// One fixture per export warning: each names its code, the layer and the key path; `--strict` fails and
  /// writes nothing; every export still validates and loads in rlottie.
  static let warningFixtures: [(code: String, layer: String, keyPath: String, yaml: String)] = [
    (
      "W0901", "card", "transform.rotation",
      """
      scene: w0901
      size: [100, 100]
      layers:
        - {id: card, frame: [20, 20, 60, 60], backgroundColor: red}
      timelines:
        flip: {autoplay: true, target: card, keyPath: transform.rotation.y, from: 0deg, to: 60deg, duration: 1, \
      fillMode: forwards, removedOnCompletion: false}
      """
    ),
    (
      "W0902", "ball", "position.x",
      """
      scene: w0902
      size: [100, 100]
      layers:
        - {id: ball, frame: [10, 40, 20, 20], cornerRadius: 10, backgroundColor: blue}
      timelines:
        bounce: {autoplay: true, target: ball, keyPath: position.x, from: 20, to: 80, spring: {damping: 5}, \
      fillMode: forwards, removedOnCompletion: false}
      """
    ),
    (
      "W0903", "dot", "hidden",
      """
      scene: w0903
      size: [100, 100]
      layers:
        - {id: dot, frame: [40, 40, 20, 20], backgroundColor: green}
      timelines:
        blink: {autoplay: true, target: dot, keyPath: hidden, values: [false, true, false], \
      calculationMode: discrete, keyTimes: [0, 0.3, 0.6, 1], duration: 1}
      """
    ),
    (
      "W0904", "group", "opacity",
      """
      scene: w0904
      size: [100, 100]
      layers:
        - id: group
          frame: [0, 0, 100, 100]
          sublayers:
            - {id: a, frame: [10, 10, 50, 50], backgroundColor: red}
            - {id: b, frame: [40, 40, 50, 50], backgroundColor: blue}
      timelines:
        fade: {autoplay: true, target: group, keyPath: opacity, from: 1, to: 0.2, duration: 1, fillMode: forwards, \
      removedOnCompletion: false}
      """
    ),
    (
      "W0905", "", "zPosition",
      """
      scene: w0905
      size: [100, 100]
      layers:
        - {id: a, frame: [10, 10, 50, 50], backgroundColor: red}
        - {id: b, frame: [40, 40, 50, 50], backgroundColor: blue}
      timelines:
        swap: {autoplay: true, target: a, keyPath: zPosition, from: 0, to: 2, duration: 1, fillMode: forwards, \
      removedOnCompletion: false}
      """
    ),
    (
      "W0906", "label", "",
      """
      scene: w0906
      size: [100, 40]
      layers:
        - {id: label, type: text, frame: [0, 0, 100, 40], string: Hello, fontSize: 20, foregroundColor: black}
      """
    ),
    (
      "W0907", "photo-mask", "",
      """
      scene: w0907
      size: [100, 100]
      layers:
        - id: photo
          frame: [0, 0, 100, 100]
          backgroundColor: red
          mask: {type: shape, frame: [0, 0, 100, 100], path: [{ellipse: [10, 10, 80, 80]}], fillColor: white, \
      strokeColor: white, lineWidth: 4}
      """
    ),
    (
      "W0908", "", "",
      """
      scene: w0908
      size: [100.5, 50]
      layers:
        - {id: bar, frame: [0, 0, 50, 50], backgroundColor: red}
      """
    ),
    (
      "W0909", "zigzag", "miterLimit",
      """
      scene: w0909
      size: [100, 100]
      layers:
        - {id: zigzag, type: shape, frame: [0, 0, 100, 100], path: "M10 90 L50 10 L90 90", fillColor: clear, \
      strokeColor: black, lineWidth: 6}
      timelines:
        sharpen: {autoplay: true, target: zigzag, keyPath: miterLimit, from: 1, to: 10, duration: 1, \
      fillMode: forwards, removedOnCompletion: false}
      """
    ),
    (
      "W0910", "", "",
      """
      scene: w0910
      size: [100, 100]
      layers:
        - {id: spinner, frame: [25, 25, 50, 50], backgroundColor: red}
      timelines:
        spin:
          autoplay: true
          group:
            - {target: spinner, keyPath: transform.rotation.z, from: 0deg, to: 360deg, duration: 1, repeatCount: inf}
            - {target: spinner, keyPath: opacity, from: 1, to: 0.5, duration: 1.7320508, repeatCount: inf}
      """
    ),
    (
      "W0911", "lines", "",
      """
      scene: w0911
      size: [100, 100]
      layers:
        - {id: lines, type: shape, frame: [0, 0, 100, 100], path: "M10 30 L90 30 M10 70 L90 70", fillColor: clear, \
      strokeColor: black, lineWidth: 4, strokeEnd: 0.75}
      """
    ),
    (
      "W0912", "", "",
      """
      scene: w0912
      size: [100, 100]
      layers:
        - {id: dot, frame: [40, 40, 20, 20], backgroundColor: red}
      timelines:
        late: {autoplay: true, target: dot, keyPath: opacity, from: 1, to: 0, duration: 1, beginTime: 1e20}
      """
    ),
    (
      "W0913", "far", "",
      """
      scene: w0913
      size: [100, 100]
      layers:
        - {id: far, position: [1e308, 10], bounds: [0, 0, 20, 20], transform: {translation: [1e308, 0]}, \
      backgroundColor: red}
      """
    ),
    // W0920 is the SVG export's (Self.svgOnly): raised by `export svg`.
    (
      "W0920", "face", "",
      """
      scene: perspective
      size: [100, 100]
      layers:
        - id: card
          frame: [20, 20, 60, 60]
          sublayerTransform: {perspective: 300}
          sublayers:
            - {id: face, frame: [0, 0, 60, 60], backgroundColor: red, transform: {rotation: {y: 40deg}}}
      """
    ),
    (
      "W0921", "card", "",
      """
      scene: perspective
      size: [100, 100]
      layers:
        - id: card
          frame: [20, 20, 60, 60]
          sublayerTransform: {perspective: 300}
          sublayers:
            - {id: face, frame: [0, 0, 60, 60], backgroundColor: red, transform: {rotation: {y: 40deg}}}
      """
    ),
    (
      "W0925", "card", "",
      """
      scene: w0925
      size: [100, 100]
      layers:
        - {id: card, frame: [20, 20, 60, 60], backgroundColor: white, shadowOpacity: 0.3}
      """
    ),
    (
      "W0926", "card", "",
      """
      scene: w0926
      size: [100, 100]
      layers:
        - {id: card, frame: [20, 20, 60, 60], backgroundColor: white, shadowOpacity: 0.3, \
      shadowPath: [{rect: [0, 50, 60, 10]}]}
      """
    ),
    (
      "W0931", "dial", "gradientType",
      """
      scene: w0931
      size: [100, 100]
      layers:
        - {id: dial, type: gradient, frame: [20, 20, 60, 60], gradientType: conic, colors: [red, blue], \
      startPoint: [0.5, 0.5]}
      """
    ),
    (
      "W0935", "dot~2", "instanceTransform",
      """
      scene: w0935
      size: [100, 100]
      layers:
        # One step scales, then turns: no skew; two steps (scale, turn, scale, turn) skew.
        - id: ring
          type: replicator
          frame: [0, 0, 100, 100]
          instanceCount: 3
          instanceTransform: {rotation: 30deg, scale: [1, 0.5]}
          sublayers:
            - {id: dot, frame: [40, 10, 20, 20], backgroundColor: red}
      """
    ),
    (
      "W0936", "dot", "instanceColor",
      """
      scene: w0936
      size: [100, 100]
      layers:
        - id: ring
          type: replicator
          frame: [0, 0, 100, 100]
          instanceCount: 2
          instanceTransform: {translation: [30, 0]}
          instanceColor: orange
          sublayers:
            - {id: dot, frame: [10, 40, 20, 20], backgroundColor: white}
      """
    ),
  ]

  /// Codes only `export svg` (and the filmstrip) raise.
  static let svgOnly: Set<String> = ["W0920"]
}
