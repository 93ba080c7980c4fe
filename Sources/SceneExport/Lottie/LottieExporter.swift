import Foundation
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// A Lottie export: the JSON document and what it could not carry.
public struct LottieExport {
  public var json: JSONValue
  public var warnings: [ExportWarning]
  /// Why the export failed (a limit was hit; nothing should be written), else nil.
  public var failure: String?
}

/// Frames of the scene by time, sampled once each.
public final class FrameCache {
  private let sample: (Double) -> [LayerFrame]
  private var cache: [Double: [LayerFrame]] = [:]

  public init(_ sample: @escaping (Double) -> [LayerFrame]) { self.sample = sample }

  public func frames(at time: Double) -> [LayerFrame] {
    if let frames = cache[time] { return frames }
    let frames = sample(time)
    cache[time] = frames
    return frames
  }
}

/// Scene → Lottie JSON (Bodymovin 5.x, as the Lottie Animation Community specification describes it).
/// docs/exports.md, "Lottie", tells what maps to what.
public enum LottieExporter {
  /// - Parameters:
  ///   - sample: the presentation state at a scene time.
  ///   - playing: the timelines that play (their tracks give exact keyframes); nil for a replay of the scene's
  ///     states, which is sampled every frame and simplified.
  ///   - span: the exported time range [0, span.end].
  ///   - limits: the keyframe limit (the frame limit is already in `span`, `ExportSpan.limited(to:)`).
  public static func export(
    plan: Plan, sample: @escaping (Double) -> [LayerFrame], playing: [Int]?, span: ExportSpan,
    limits: ExportLimits = ExportLimits()
  ) -> LottieExport {
    var build = LottieBuild(
      plan: plan, cache: FrameCache(sample), playing: playing, end: span.end, maxKeyframes: limits.maxKeyframes)
    if let unlimited = span.unlimitedEnd {
      build.warnings.add(
        ExportDiagnostics.exportLimited, layer: "", keyPath: "",
        "the export would last \(MessageNumber.text(unlimited)) s; it stops at "
          + "\(MessageNumber.text(span.end)) s, \(limits.reason(layers: plan.layers.count))")
    }
    if span.capped {
      build.warnings.add(
        ExportDiagnostics.endlessCapped, layer: "", keyPath: "",
        "the timelines repeat forever without a common period of at most \(NumberFormatting.shortest(ExportSpan.longestPeriod)) s; "
          + "the export stops at \(MessageNumber.text(span.end)) s, where a looping player jumps back")
    }
    let json = build.document()
    guard !build.keyframesOverLimit else {
      return LottieExport(
        json: [:], warnings: build.warnings.sorted,
        failure: "the export needs more than \(limits.maxKeyframes) keyframes (--max-export-keyframes); shorten it "
          + "(--duration) or raise the limit")
    }
    return LottieExport(json: json, warnings: build.warnings.sorted, failure: nil)
  }
}

/// Set when a value had to be made finite.
final class OverflowFlag {
  var seen = false
}

struct LottieBuild {
  typealias S = SlotLayout

  let plan: Plan
  let tree: SceneTree
  let cache: FrameCache
  let end: Double
  /// Track indices of the playing timelines; nil for a state-machine replay.
  let playingTracks: [Int]?
  /// For each layer, the positions in `playingTracks` of the tracks that write it (so finding a property's
  /// drivers costs its layers' tracks, not every track of the scene); for a replay, of every track (any timeline
  /// may play), by track index.
  let playingPositionsByLayer: [Int: [Int]]
  var warnings = ExportWarnings()
  private var pieceCache: [Int: [TimingPiece]] = [:]
  /// Sample times for checks (every frame and the end).
  let checkTimes: [Double]
  let maxKeyframes: Int
  /// Keyframes written so far; past `maxKeyframes` the build stops animating and the export fails.
  private var keyframeCount = 0
  var keyframesOverLimit: Bool { keyframeCount > maxKeyframes }
  /// The most timing pieces one track may have: 4 per exported frame (and a few), so the keyframes of a track
  /// that repeats faster than that grow with the frames exported, not with its repeats (it is sampled instead).
  let pieceLimit: Int

  init(plan: Plan, cache: FrameCache, playing: [Int]?, end: Double, maxKeyframes: Int) {
    self.plan = plan
    self.maxKeyframes = maxKeyframes
    self.tree = SceneTree(plan: plan)
    self.cache = cache
    self.end = max(end, 0)
    var byLayer: [Int: [Int]] = [:]
    if let playing {
      var tracks: [Int] = []
      for timeline in playing.sorted() where timeline >= 0 && timeline < plan.timelines.count {
        tracks += Array(plan.timelines.trackStarts[timeline]..<plan.timelines.trackStarts[timeline + 1])
      }
      playingTracks = tracks
      for (position, track) in tracks.enumerated() { byLayer[plan.tracks.layers[track], default: []].append(position) }
    } else {
      playingTracks = nil
      for track in 0..<plan.tracks.count { byLayer[plan.tracks.layers[track], default: []].append(track) }
    }
    playingPositionsByLayer = byLayer
    let count = Int((self.end * KeyframeBuilder.frameRate + 1e-9).rounded(.down))
    var times = (0...max(count, 0)).map { Double($0) / KeyframeBuilder.frameRate }
    if let last = times.last, self.end - last > 1e-9 { times.append(self.end) }
    checkTimes = times
    pieceLimit = min(TrackTiming.pieceLimit, 4 * times.count + 64)
  }

  // MARK: - Properties

  enum Input: Hashable {
    case slots(Int, Range<Int>)
    case path(Int)
  }

  mutating func pieces(_ track: Int) -> [TimingPiece] {
    if let cached = pieceCache[track] { return cached }
    let result = TrackTiming.pieces(plan: plan, track: track, end: end, limit: pieceLimit)
    pieceCache[track] = result
    return result
  }

  /// The tracks that write any of `inputs`.
  func driverTracks(_ inputs: [Input]) -> [Int] {
    let tracks = plan.tracks
    var layers = Set<Int>()
    for input in inputs {
      switch input {
      case .path(let layer), .slots(let layer, _): layers.insert(layer)
      }
    }
    // In `playingTracks` order, as a filter of the whole list would give.
    let positions = layers.flatMap { playingPositionsByLayer[$0] ?? [] }.sorted()
    return positions.map { playingTracks?[$0] ?? $0 }.filter { track in
      let layer = tracks.layers[track]
      let slot = tracks.slots[track]
      let count = tracks.flags[track].contains(.broadcast) ? 3 : tracks.components[track]
      let rotates = !tracks.flags[track].isDisjoint(with: [.rotateAuto, .rotateAutoReverse])
      return inputs.contains { input in
        switch input {
        case .path(let l): return l == layer && slot < 0
        case .slots(let l, let range):
          guard l == layer, slot >= 0 else { return false }
          if range.overlaps(slot..<(slot + count)) { return true }
          return rotates && range.contains(S.rotation + 2)
        }
      }
    }
  }

  /// The keyframes of a value of the scene; warns when parts of it had to be sampled.
  mutating func animate(_ inputs: [Input], layer: Int, name: String, _ value: @escaping ([LayerFrame]) -> [Double])
    -> AnimatedValue
  {
    let cache = self.cache
    let overflow = OverflowFlag()
    // Lottie has no number for an overflow: the nearest finite value, with a warning (never a silent 0).
    let finiteValue: ([LayerFrame]) -> [Double] = { frames in
      value(frames).map { component in
        guard !component.isFinite else { return component }
        overflow.seen = true
        return component.isNaN ? 0 : component > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
      }
    }
    defer {
      if overflow.seen {
        warnings.add(
          ExportDiagnostics.notFinite, layer: tree.id(layer), keyPath: "",
          "\(name) overflows (is not a finite number) during the export; the nearest finite value is written")
      }
    }
    guard !keyframesOverLimit else { return AnimatedValue(initial: finiteValue(cache.frames(at: 0)), keyframes: [], bakedReasons: []) }
    let builder = KeyframeBuilder(end: end, evaluate: { finiteValue(cache.frames(at: $0)) })
    var drivers: [[TimingPiece]] = []
    var names: [String] = []
    if playingTracks == nil {
      drivers = [[TimingPiece(start: 0, end: end, kind: .complex("the states' transitions"))]]
      names = ["states"]
    } else {
      for track in driverTracks(inputs) {
        drivers.append(pieces(track))
        names.append(plan.tracks.keyPaths[track])
      }
    }
    let result = builder.build(drivers: drivers, driverNames: names)
    keyframeCount += result.keyframes.count
    if result.isAnimated && !result.bakedReasons.isEmpty {
      // A replay's one driver is the states: the warning names the tracks that write the value instead.
      let keyPaths = playingTracks == nil ? animatedKeyPaths(inputs) : Set(names).sorted().joined(separator: ", ")
      let reasons = Set(result.bakedReasons).sorted().joined(separator: "; ")
      warnings.add(
        ExportDiagnostics.baked, layer: tree.id(layer), keyPath: keyPaths.isEmpty ? name : keyPaths,
        "\(name) is sampled every frame and simplified to within 1/1000 of its range (\(reasons))")
    }
    return result
  }

  /// The key paths of the tracks that write `inputs` in this export, for a warning to name what really animates.
  func animatedKeyPaths(_ inputs: [Input]) -> String {
    Set(driverTracks(inputs).map { plan.tracks.keyPaths[$0] }).sorted().joined(separator: ", ")
  }

  /// Whether `predicate` holds at some check time.
  func ever(_ predicate: ([LayerFrame]) -> Bool) -> Bool {
    checkTimes.contains { predicate(cache.frames(at: $0)) }
  }

  func values(_ frames: [LayerFrame], _ layer: Int) -> LayerValues { LayerValues(frames[layer]) }

  // MARK: - Transforms and opacity

  /// A layer's own transform: anchor, position (+ translation), scale (× the cosines of x/y rotation), rotation.
  mutating func transform(of layer: Int, opacity: JSONValue, offset: Point = .zero) -> JSONValue {
    let anchor = animate(
      [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.anchorPoint..<(S.anchorPoint + 2))], layer: layer,
      name: "anchor"
    ) { frames in
      let a = LayerValues(frames[layer]).anchor
      return [a.x - offset.x, a.y - offset.y]
    }
    let position = animate(
      [.slots(layer, S.position..<(S.position + 2)), .slots(layer, S.translation..<(S.translation + 2))], layer: layer,
      name: "position"
    ) { frames in
      let v = frames[layer].values
      return [v[S.position] + v[S.translation], v[S.position + 1] + v[S.translation + 1]]
    }
    let scale = animate(
      [.slots(layer, S.scale..<(S.scale + 2)), .slots(layer, S.rotation..<(S.rotation + 2))], layer: layer,
      name: "scale"
    ) { frames in
      let v = frames[layer].values
      return [100 * v[S.scale] * cos(v[S.rotation + 1]), 100 * v[S.scale + 1] * cos(v[S.rotation])]
    }
    let rotation = animate([.slots(layer, (S.rotation + 2)..<(S.rotation + 3))], layer: layer, name: "rotation") {
      frames in [frames[layer].values[S.rotation + 2] * 180 / Double.pi]
    }
    return [
      "a": LottieJSON.vector(anchor), "p": LottieJSON.vector(position), "s": LottieJSON.vector(scale),
      "r": LottieJSON.scalar(rotation), "o": opacity,
    ]
  }

  /// The layer and its superlayers up to (not including) `context`, the layer whose precomposition holds them.
  func chain(_ layer: Int, context: Int?) -> [Int] {
    var result = [layer]
    for ancestor in tree.ancestors(of: layer) {
      if ancestor == context { break }
      result.append(ancestor)
    }
    return result
  }

  /// 100 × the product of opacity × visibility of the layer and its superlayers within its composition (× an
  /// extra factor).
  mutating func effectiveOpacity(
    of layer: Int, context: Int?, extra: Input? = nil, factor: (([LayerFrame]) -> Double)? = nil
  ) -> JSONValue {
    let chain = self.chain(layer, context: context)
    var inputs = chain.map { Input.slots($0, S.opacity..<(S.hidden + 1)) }
    if let extra { inputs.append(extra) }
    let value = animate(inputs, layer: layer, name: "opacity") { frames in
      var product = 1.0
      for member in chain {
        let v = LayerValues(frames[member])
        product *= v.isHidden ? 0 : min(max(v.opacity, 0), 1)
      }
      return [100 * product * (factor?(frames) ?? 1)]
    }
    return LottieJSON.scalar(value)
  }

  /// Whether the layer and all its superlayers are shown in `frames`.
  func chainVisible(_ layer: Int, _ frames: [LayerFrame]) -> Bool {
    ([layer] + tree.ancestors(of: layer)).allSatisfy {
      let v = LayerValues(frames[$0])
      return !v.isHidden && v.opacity > 0
    }
  }

  // MARK: - Shapes

  func rectCenterAndSize(_ b: Rect) -> [Double] {
    let r = b.standardized
    return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height]
  }

  /// A rectangle shape of the layer's rounded bounds (`inset` by the border width when `inner`).
  mutating func boundsRect(_ layer: Int, inner: Bool, name: String) -> JSONValue {
    var inputs: [Input] = [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.cornerRadius..<(S.cornerRadius + 1))]
    if inner { inputs.append(.slots(layer, S.borderWidth..<(S.borderWidth + 1))) }
    func geometry(_ v: LayerValues) -> (center: [Double], size: [Double], radius: Double) {
      let bounds = v.bounds.standardized
      if inner {
        let width = max(bounds.width - 2 * v.borderWidth, 0)
        let height = max(bounds.height - 2 * v.borderWidth, 0)
        let rect = Rect(x: bounds.x + v.borderWidth, y: bounds.y + v.borderWidth, width: width, height: height)
        return ([bounds.midX, bounds.midY], [width, height], RoundedRect.radius(v.cornerRadius - v.borderWidth, in: rect))
      }
      return ([bounds.midX, bounds.midY], [bounds.width, bounds.height], RoundedRect.radius(v.cornerRadius, in: bounds))
    }
    let boundsOnly: [Input] = [.slots(layer, S.bounds..<(S.bounds + 4))]
    let sizeInputs = inner ? boundsOnly + [.slots(layer, S.borderWidth..<(S.borderWidth + 1))] : boundsOnly
    let center = animate(boundsOnly, layer: layer, name: "\(name) position") { geometry(LayerValues($0[layer])).center }
    let size = animate(sizeInputs, layer: layer, name: "\(name) size") { geometry(LayerValues($0[layer])).size }
    let radius = animate(inputs, layer: layer, name: "\(name) roundness") { [geometry(LayerValues($0[layer])).radius] }
    return [
      "ty": "rc", "nm": .string(name), "d": 1, "p": LottieJSON.vector(center), "s": LottieJSON.vector(size),
      "r": LottieJSON.scalar(radius),
    ]
  }

  /// A fill of the colour in `slot` (rgb + alpha as the fill's opacity). Colours are written [r, g, b, 1]: Qt
  /// Lottie reads a missing fourth component as alpha 0 (invisible); the alpha is the paint's `o`.
  mutating func fill(_ layer: Int, slot: Int, rule: Int, name: String) -> JSONValue {
    let color = animate([.slots(layer, slot..<(slot + 3))], layer: layer, name: "\(name) colour") { frames in
      let v = frames[layer].values
      return (0..<3).map { min(max(v[slot + $0], 0), 1) } + [1]
    }
    let opacity = animate([.slots(layer, (slot + 3)..<(slot + 4))], layer: layer, name: "\(name) opacity") { frames in
      [100 * min(max(frames[layer].values[slot + 3], 0), 1)]
    }
    return ["ty": "fl", "nm": .string(name), "c": LottieJSON.vector(color), "o": LottieJSON.scalar(opacity), "r": .number(Double(rule))]
  }

  /// The background: the rounded bounds filled with the background colour; nil when it never shows.
  mutating func backgroundGroup(_ layer: Int) -> JSONValue? {
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.backgroundColor.isVisible && v.bounds.width != 0 && v.bounds.height != 0
    }
    guard shows else { return nil }
    let rect = boundsRect(layer, inner: false, name: "background")
    let paint = fill(layer, slot: S.backgroundColor, rule: 1, name: "background")
    return LottieJSON.group("background", [rect, paint])
  }

  /// The border: outer and inner rounded rectangles filled even-odd, inside the bounds; nil when it never shows.
  mutating func borderGroup(_ layer: Int) -> JSONValue? {
    let shows = ever { frames in
      let v = LayerValues(frames[layer])
      return v.borderColor.isVisible && v.borderWidth > 0 && v.bounds.width != 0 && v.bounds.height != 0
    }
    guard shows else { return nil }
    let outer = boundsRect(layer, inner: false, name: "border outer")
    let inner = boundsRect(layer, inner: true, name: "border inner")
    let paint = fill(layer, slot: S.borderColor, rule: 2, name: "border")
    return LottieJSON.group("border", [outer, inner, paint])
  }

  /// A shape layer's path as `sh` items, one per subpath.
  mutating func pathShapes(_ layer: Int) -> [JSONValue] {
    let model = plan.layers.path(of: layer)
    let structure = LottieBezier(structure: model)
    var items: [JSONValue] = []
    let elements = model.elements
    for (index, subpath) in structure.subpaths.enumerated() {
      let closed = subpath.closed
      let value = animate([.path(layer)], layer: layer, name: "path") { frames in
        LottieBezier.numbers(BezierPath(elements: elements, coordinates: frames[layer].path), subpath: index)
      }
      let property = LottieJSON.property(
        value, form: { LottieBezier.json(closed: closed, numbers: $0) },
        keyframeForm: { [LottieBezier.json(closed: closed, numbers: $0)] })
      items.append(["ty": "sh", "nm": .string("path \(index + 1)"), "ks": property])
    }
    return items
  }

  /// A shape layer's content: the stroke group (path, trim, stroke) above the fill group (path, fill).
  mutating func shapeGroups(_ layer: Int) -> [JSONValue] {
    guard plan.layers.types[layer] == .shape, !plan.layers.path(of: layer).isEmpty else { return [] }
    let style = plan.layers.styles[layer]
    let id = tree.id(layer)
    var groups: [JSONValue] = []
    let strokes = ever { frames in
      let v = LayerValues(frames[layer])
      return v.strokeColor.isVisible && v.lineWidth > 0
    }
    if strokes {
      var items = pathShapes(layer)
      let subpathCount = items.count
      let trims = ever { frames in
        let v = LayerValues(frames[layer])
        return v.strokeStart > 0 || v.strokeEnd < 1
      }
      if trims {
        let inputs: [Input] = [.slots(layer, S.strokeStart..<(S.strokeEnd + 1))]
        let start = animate(inputs, layer: layer, name: "trim start") { frames in
          [100 * min(max(LayerValues(frames[layer]).strokeStart, 0), 1)]
        }
        let endValue = animate(inputs, layer: layer, name: "trim end") { frames in
          let v = LayerValues(frames[layer])
          return [100 * max(min(max(v.strokeEnd, 0), 1), min(max(v.strokeStart, 0), 1))]
        }
        if subpathCount > 1 {
          warnings.add(
            ExportDiagnostics.trimSubpaths, layer: id,
            keyPath: animatedKeyPaths([.slots(layer, S.strokeStart..<(S.strokeEnd + 1))]),
            "the path has \(subpathCount) subpaths; written as a sequential trim (m: 2)")
        }
        items.append([
          "ty": "tm", "nm": "trim", "s": LottieJSON.scalar(start), "e": LottieJSON.scalar(endValue),
          "o": LottieJSON.staticValue(0), "m": .number(subpathCount > 1 ? 2 : 1),
        ])
      }
      let color = animate([.slots(layer, S.strokeColor..<(S.strokeColor + 3))], layer: layer, name: "stroke colour") {
        frames in (0..<3).map { min(max(frames[layer].values[S.strokeColor + $0], 0), 1) } + [1]
      }
      let opacity = animate([.slots(layer, (S.strokeColor + 3)..<(S.strokeColor + 4))], layer: layer, name: "stroke opacity") {
        frames in [100 * min(max(frames[layer].values[S.strokeColor + 3], 0), 1)]
      }
      let width = animate([.slots(layer, S.lineWidth..<(S.lineWidth + 1))], layer: layer, name: "stroke width") {
        frames in [max(frames[layer].values[S.lineWidth], 0)]
      }
      let initial = cache.frames(at: 0)
      let miter = max(initial[layer].values[S.miterLimit], 1)
      if ever({ $0[layer].values[S.miterLimit] != initial[layer].values[S.miterLimit] }) {
        warnings.add(
          ExportDiagnostics.staticOnly, layer: id, keyPath: "miterLimit",
          "Lottie's miter limit is not animated in rlottie; \(NumberFormatting.shortest(miter)) (the value at the start) is used")
      }
      var stroke: [(String, JSONValue)] = [
        ("ty", "st"), ("nm", "stroke"), ("c", LottieJSON.vector(color)), ("o", LottieJSON.scalar(opacity)),
        ("w", LottieJSON.scalar(width)),
        ("lc", .number(style.lineCap == "round" ? 2 : style.lineCap == "square" ? 3 : 1)),
        ("lj", .number(style.lineJoin == "round" ? 2 : style.lineJoin == "bevel" ? 3 : 1)),
        ("ml", LottieJSON.number(miter)),
      ]
      var pattern = style.lineDashPattern
      if pattern.count % 2 == 1 { pattern += pattern }
      if !pattern.isEmpty && pattern.allSatisfy({ $0 >= 0 }) && pattern.contains(where: { $0 > 0 }) {
        var dashes: [JSONValue] = []
        for (index, length) in pattern.enumerated() {
          dashes.append([
            // Names are unique: lottie-web defines a property per name and throws on a repeated one.
            "n": index % 2 == 0 ? "d" : "g", "nm": .string("\(index % 2 == 0 ? "dash" : "gap") \(index / 2 + 1)"),
            "v": LottieJSON.staticValue(LottieJSON.number(length)),
          ])
        }
        let phase = animate([.slots(layer, S.lineDashPhase..<(S.lineDashPhase + 1))], layer: layer, name: "dash offset") {
          frames in [frames[layer].values[S.lineDashPhase]]
        }
        dashes.append(["n": "o", "nm": "offset", "v": LottieJSON.scalar(phase)])
        stroke.append(("d", .array(dashes)))
      }
      items.append(.object(stroke))
      groups.append(LottieJSON.group("stroke", items))
    }
    let fills = ever { LayerValues($0[layer]).fillColor.isVisible }
    if fills {
      let paint = fill(layer, slot: S.fillColor, rule: style.fillRule == "evenOdd" ? 2 : 1, name: "fill")
      groups.append(LottieJSON.group("fill", pathShapes(layer) + [paint]))
    }
    return groups
  }

  // MARK: - Text

  /// A text layer's image (LottieTextImage says why an image) and the animated position of its first baseline's
  /// anchor in the layer's space.
  mutating func textImage(_ layer: Int) -> (image: LottieTextImage, position: JSONValue)? {
    let style = plan.layers.styles[layer]
    guard !style.string.isEmpty else { return nil }
    let visibleTimes = checkTimes.filter { time in
      let v = LayerValues(cache.frames(at: time)[layer])
      return v.foregroundColor.isVisible && v.fontSize > 0
    }
    guard let firstVisible = visibleTimes.first else { return nil }
    let id = tree.id(layer)
    let first = LayerValues(cache.frames(at: firstVisible)[layer])
    let changes = visibleTimes.contains { time in
      let v = LayerValues(cache.frames(at: time)[layer])
      let a = v.foregroundColor
      let b = first.foregroundColor
      return v.fontSize != first.fontSize || a.r != b.r || a.g != b.g || a.b != b.b
    }
    if changes {
      warnings.add(
        ExportDiagnostics.staticOnly, layer: id,
        keyPath: animatedKeyPaths([.slots(layer, S.fontSize..<(S.foregroundColor + 4))]),
        "a text's size and colour are not animated in Lottie here; the values when it first shows are used")
    }
    warnings.add(
      ExportDiagnostics.textLayer, layer: id, keyPath: "",
      "written as an image layer holding an SVG of the text in the player's fonts; the Lottie specification has "
        + "no text that every player draws, and rlottie and ThorVG draw none")
    let image = LottieTextImage(
      string: style.string, family: style.fontFamily, weight: style.fontWeight, size: first.fontSize,
      color: first.foregroundColor, alignment: style.alignmentMode, bounds: first.bounds.standardized)
    let alignment = style.alignmentMode
    let position = animate(
      [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.fontSize..<(S.fontSize + 1))], layer: layer,
      name: "text position"
    ) { frames in
      let v = LayerValues(frames[layer])
      let bounds = v.bounds.standardized
      return [TextLayout.anchor(alignment: alignment, bounds: bounds).x, bounds.y + TextLayout.ascent * v.fontSize]
    }
    return (image, LottieJSON.vector(position))
  }

  // MARK: - Layers

  /// One Lottie layer before `ind` numbers are given.
  struct Item {
    var key: Int
    var name: String
    var type: Int
    var parent: Int?
    var transform: JSONValue
    var shapes: [JSONValue] = []
    /// Precomposition layers: the asset, its clip size, and the layer masks.
    var reference: String?
    var size: (width: Double, height: Double)?
    var masks: [JSONValue] = []
    /// The CA layer it draws for, and whether it draws in a frame (for the group-opacity check).
    var owner: Int
    var draws: (([LayerFrame]) -> Bool)?
  }

  private var nextKey = 0
  private var assets: [JSONValue] = []
  /// Per composition (nil: the root), the flat layers drawn in it, for the group-opacity check.
  private var drawnItems: [(context: Int?, item: Item)] = []

  mutating func append(_ item: Item, to list: inout [Item], context: Int?) -> Int {
    var item = item
    item.key = nextKey
    nextKey += 1
    list.append(item)
    if item.draws != nil { drawnItems.append((context, item)) }
    return item.key
  }

  /// Whether a layer must be drawn in a precomposition of its own: it has a mask, or `masksToBounds` that can
  /// cut something (sublayers, a path, text).
  func isolates(_ layer: Int) -> Bool {
    if tree.mask[layer] != nil { return true }
    let type = plan.layers.types[layer]
    guard !tree.sublayers[layer].isEmpty || type != .layer else { return false }
    return ever { LayerValues($0[layer]).masksToBounds }
  }

  mutating func visit(_ layer: Int, parent: Int?, context: Int?, into list: inout [Item]) {
    if isolates(layer) {
      precomposition(layer, parent: parent, context: context, into: &list)
      return
    }
    let id = tree.id(layer)
    var bodyShapes: [JSONValue] = []
    if plan.layers.types[layer] == .shape { bodyShapes += shapeGroups(layer) }
    if let background = backgroundGroup(layer) { bodyShapes.append(background) }
    let carrier: Int
    if bodyShapes.isEmpty {
      carrier = append(
        Item(
          key: 0, name: id, type: 3, parent: parent,
          transform: transform(of: layer, opacity: LottieJSON.staticValue(100)), owner: layer),
        to: &list, context: context)
    } else {
      let opacity = effectiveOpacity(of: layer, context: context)
      carrier = append(
        Item(
          key: 0, name: id, type: 4, parent: parent, transform: transform(of: layer, opacity: opacity),
          shapes: bodyShapes, owner: layer, draws: bodyDraws(layer)),
        to: &list, context: context)
    }
    content(of: layer, carrier: carrier, context: context, into: &list)
  }

  /// Whether a layer's own drawing (background, path) shows in a frame.
  func bodyDraws(_ layer: Int) -> ([LayerFrame]) -> Bool {
    let isShape = plan.layers.types[layer] == .shape
    return { frames in
      let v = LayerValues(frames[layer])
      return v.backgroundColor.isVisible || (isShape && (v.fillColor.isVisible || v.strokeColor.isVisible))
    }
  }

  /// A layer's text, sublayers and border, hanging from `carrier` (whose space is the layer's own).
  mutating func content(of layer: Int, carrier: Int, context: Int?, into list: inout [Item]) {
    let id = tree.id(layer)
    if plan.layers.types[layer] == .text, let text = textImage(layer) {
      let opacity = effectiveOpacity(
        of: layer, context: context, extra: .slots(layer, (S.foregroundColor + 3)..<(S.foregroundColor + 4))
      ) { frames in min(max(frames[layer].values[S.foregroundColor + 3], 0), 1) }
      let transform: JSONValue = [
        "a": LottieJSON.staticValue(LottieJSON.numbers(text.image.anchor)), "p": text.position,
        "s": LottieJSON.staticValue([100, 100]), "r": LottieJSON.staticValue(0), "o": opacity,
      ]
      let reference = "text_\(assets.count)"
      assets.append(text.image.asset(id: reference))
      _ = append(
        Item(
          key: 0, name: "\(id) text", type: 2, parent: carrier, transform: transform, reference: reference,
          owner: layer, draws: { LayerValues($0[layer]).foregroundColor.isVisible }),
        to: &list, context: context)
    }
    let initial = cache.frames(at: 0)
    let order = tree.paintOrder(tree.sublayers[layer], frames: initial)
    if tree.sublayers[layer].count > 1 {
      let reorders = ever { tree.paintOrder(tree.sublayers[layer], frames: $0) != order }
      if reorders {
        warnings.add(
          ExportDiagnostics.zPositionOrder, layer: id, keyPath: "zPosition",
          "its sublayers change order; Lottie keeps the order at the start")
      }
    }
    for sublayer in order { visit(sublayer, parent: carrier, context: context, into: &list) }
    if let border = borderGroup(layer) {
      let opacity = effectiveOpacity(of: layer, context: context)
      _ = append(
        Item(
          key: 0, name: "\(id) border", type: 4, parent: carrier,
          transform: LottieJSON.identityTransform(opacity: opacity), shapes: [border], owner: layer,
          draws: { frames in
            let v = LayerValues(frames[layer])
            return v.borderColor.isVisible && v.borderWidth > 0
          }),
        to: &list, context: context)
    }
    if ever({ LayerValues($0[layer]).rotationX != 0 || LayerValues($0[layer]).rotationY != 0 }) {
      warnings.add(
        ExportDiagnostics.rotation3D, layer: id,
        keyPath: animatedKeyPaths([.slots(layer, S.rotation..<(S.rotation + 2))]),
        "the layer turns about x or y; its orthographic projection is baked into the scale, exact only while "
          + "transform.rotation.z is 0")
    }
  }

  /// A layer with a mask or a clip: a precomposition layer carrying its transform and group opacity, with its
  /// mask and clip as layer masks; inside, an offset null places the layer's own space in the asset, and its
  /// background, content, sublayers and border hang from it.
  mutating func precomposition(_ layer: Int, parent: Int?, context: Int?, into list: inout [Item]) {
    let id = tree.id(layer)
    let region = clipRegion(layer)
    let offset = Point(region.x, region.y)
    var inner: [Item] = []
    let origin = append(
      Item(
        key: 0, name: "\(id) origin", type: 3, parent: nil,
        transform: [
          "a": LottieJSON.staticValue([0, 0]), "p": LottieJSON.staticValue(LottieJSON.numbers([-offset.x, -offset.y])),
          "s": LottieJSON.staticValue([100, 100]), "r": LottieJSON.staticValue(0), "o": LottieJSON.staticValue(100),
        ],
        owner: layer),
      to: &inner, context: layer)
    var bodyShapes: [JSONValue] = []
    if plan.layers.types[layer] == .shape { bodyShapes += shapeGroups(layer) }
    if let background = backgroundGroup(layer) { bodyShapes.append(background) }
    if !bodyShapes.isEmpty {
      _ = append(
        Item(
          key: 0, name: id, type: 4, parent: origin,
          transform: LottieJSON.identityTransform(opacity: LottieJSON.staticValue(100)), shapes: bodyShapes,
          owner: layer, draws: bodyDraws(layer)),
        to: &inner, context: layer)
    }
    content(of: layer, carrier: origin, context: layer, into: &inner)
    let reference = "comp_\(assets.count)"
    let masks = layerMasks(layer, offset: offset)
    assets.append(["id": .string(reference), "nm": .string(id), "layers": .array(layerJSON(inner))])
    let opacity = effectiveOpacity(of: layer, context: context)
    _ = append(
      Item(
        key: 0, name: id, type: 0, parent: parent, transform: transform(of: layer, opacity: opacity, offset: offset),
        reference: reference, size: (region.width, region.height), masks: masks, owner: layer),
      to: &list, context: context)
  }

  /// The part of a layer's own space that its mask and clip let through, over the whole export, in whole points
  /// with a margin: the precomposition's size (players clip a precomposition to it).
  mutating func clipRegion(_ layer: Int) -> Rect {
    var low = Point(Double.infinity, Double.infinity)
    var high = Point(-Double.infinity, -Double.infinity)
    let clipsToBounds = plan.layers.types[layer] != .layer || !tree.sublayers[layer].isEmpty
    let masksToBounds = clipsToBounds && ever { LayerValues($0[layer]).masksToBounds }
    for time in checkTimes {
      let frames = cache.frames(at: time)
      var points: [Point] = []
      if masksToBounds {
        let b = LayerValues(frames[layer]).bounds.standardized
        points += [Point(b.minX, b.minY), Point(b.maxX, b.maxY)]
      } else if let mask = tree.mask[layer] {
        for path in maskPaths(mask, frames) {
          var k = 0
          while k + 1 < path.coordinates.count {
            points.append(Point(path.coordinates[k], path.coordinates[k + 1]))
            k += 2
          }
        }
      }
      for point in points where point.x.isFinite && point.y.isFinite {
        low = Point(min(low.x, point.x), min(low.y, point.y))
        high = Point(max(high.x, point.x), max(high.y, point.y))
      }
    }
    guard low.x <= high.x, low.y <= high.y else { return Rect(x: 0, y: 0, width: 1, height: 1) }
    let x = (low.x - 2).rounded(.down)
    let y = (low.y - 2).rounded(.down)
    return Rect(x: x, y: y, width: max((high.x + 2).rounded(.up) - x, 1), height: max((high.y + 2).rounded(.up) - y, 1))
  }

  func maskPaths(_ mask: Int, _ frames: [LayerFrame]) -> [BezierPath] {
    MaskOutlines(plan: plan).paths(mask, frames)
  }
}

/// The filled outlines of a mask layer: its rounded background, then its path, in the masked layer's space.
struct MaskOutlines {
  let plan: Plan

  func paths(_ mask: Int, _ frames: [LayerFrame]) -> [BezierPath] {
    let v = LayerValues(frames[mask])
    let matrix = LayerMatrix.local(frames[mask].values)
    var paths: [BezierPath] = []
    do {
      var builder = PathBuilder()
      builder.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
      paths.append(builder.path)
    }
    if plan.layers.types[mask] == .shape {
      var path = plan.layers.path(of: mask)
      path.coordinates = frames[mask].path
      paths.append(path)
    }
    return paths.map { path in
      var result = path
      var k = 0
      while k + 1 < result.coordinates.count {
        let p = matrix.apply(to: Point(result.coordinates[k], result.coordinates[k + 1]))
        result.coordinates[k] = p.x
        result.coordinates[k + 1] = p.y
        k += 2
      }
      return result
    }
  }
}

extension LottieBuild {
  /// Layer masks of a precomposition: each subpath of the mask layer's background and path (in the asset's
  /// space, opacity = the mask's opacity × the paint's alpha), added; then the rounded bounds intersected.
  mutating func layerMasks(_ layer: Int, offset: Point) -> [JSONValue] {
    var masks: [JSONValue] = []
    func shifted(_ path: BezierPath) -> BezierPath {
      var result = path
      var k = 0
      while k + 1 < result.coordinates.count {
        result.coordinates[k] -= offset.x
        result.coordinates[k + 1] -= offset.y
        k += 2
      }
      return result
    }
    if let mask = tree.mask[layer] {
      let maskID = tree.id(mask)
      if !tree.sublayers[mask].isEmpty || ever({ LayerValues($0[mask]).strokeColor.isVisible && plan.layers.types[mask] == .shape })
        || ever({ LayerValues($0[mask]).borderWidth > 0 && LayerValues($0[mask]).borderColor.isVisible })
      {
        warnings.add(
          ExportDiagnostics.maskContent, layer: maskID, keyPath: "",
          "the mask of '\(tree.id(layer))' has sublayers, a stroke or a border; Lottie layer masks are filled "
            + "outlines, so only its background and its path's fill are used")
      }
      let initial = cache.frames(at: 0)
      let parts: [(index: Int, slot: Int, name: String)] =
        [(0, S.backgroundColor, "background")] + (plan.layers.types[mask] == .shape ? [(1, S.fillColor, "path")] : [])
      for part in parts {
        let shows = ever { LayerValues($0[mask]).color(part.slot).isVisible }
        guard shows else { continue }
        let model = maskPaths(mask, initial)[part.index]
        let structure = LottieBezier(structure: model)
        if structure.subpaths.count > 1 && plan.layers.styles[mask].fillRule == "evenOdd" && part.index == 1 {
          warnings.add(
            ExportDiagnostics.maskContent, layer: maskID, keyPath: "",
            "an even-odd mask path of several subpaths: Lottie adds the subpaths' masks, so holes are filled")
        }
        let inputs: [Input] = [
          .slots(mask, 0..<(S.rotation + 3)), .slots(mask, S.scale..<(S.scale + 3)),
          .slots(mask, S.cornerRadius..<(S.cornerRadius + 1)), .path(mask),
        ]
        let outlines = MaskOutlines(plan: plan)
        for subpath in structure.subpaths.indices {
          let value = animate(inputs, layer: mask, name: "mask \(part.name)") { frames in
            LottieBezier.numbers(shifted(outlines.paths(mask, frames)[part.index]), subpath: subpath)
          }
          let pathProperty = LottieJSON.property(
            value, form: { LottieBezier.json(closed: true, numbers: $0) },
            keyframeForm: { [LottieBezier.json(closed: true, numbers: $0)] })
          let slot = part.slot
          let opacity = animate(
            [.slots(mask, S.opacity..<(S.hidden + 1)), .slots(mask, (slot + 3)..<(slot + 4))], layer: mask,
            name: "mask opacity"
          ) { frames in
            let v = LayerValues(frames[mask])
            return [v.isHidden ? 0 : 100 * min(max(v.opacity, 0), 1) * v.color(slot).alpha]
          }
          masks.append([
            "inv": false, "mode": "a", "pt": pathProperty, "o": LottieJSON.scalar(opacity),
            "x": LottieJSON.staticValue(0), "nm": .string("\(maskID) \(part.name)"),
          ])
        }
      }
      if masks.isEmpty {
        // A mask that never paints hides the layer: an empty added mask.
        masks.append([
          "inv": false, "mode": "a",
          "pt": LottieJSON.staticValue(LottieBezier.json(closed: true, numbers: [0, 0, 0, 0, 0, 0])),
          "o": LottieJSON.staticValue(0), "x": LottieJSON.staticValue(0), "nm": .string("\(maskID) empty"),
        ])
      }
    }
    let clips = plan.layers.types[layer] != .layer || !tree.sublayers[layer].isEmpty
    if clips && ever({ LayerValues($0[layer]).masksToBounds }) {
      let initial = LayerValues(cache.frames(at: 0)[layer]).masksToBounds
      if ever({ LayerValues($0[layer]).masksToBounds != initial }) {
        warnings.add(
          ExportDiagnostics.staticOnly, layer: tree.id(layer), keyPath: "masksToBounds",
          "the clip switches during the export; the layer mask is always on, so it clips throughout")
      }
      let value = animate(
        [.slots(layer, S.bounds..<(S.bounds + 4)), .slots(layer, S.cornerRadius..<(S.cornerRadius + 1))], layer: layer,
        name: "masksToBounds clip"
      ) { frames in
        let v = LayerValues(frames[layer])
        var builder = PathBuilder()
        builder.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
        return LottieBezier.numbers(shifted(builder.path), subpath: 0)
      }
      masks.append([
        "inv": false, "mode": masks.isEmpty ? "a" : "i",
        "pt": LottieJSON.property(
          value, form: { LottieBezier.json(closed: true, numbers: $0) },
          keyframeForm: { [LottieBezier.json(closed: true, numbers: $0)] }),
        "o": LottieJSON.staticValue(100), "x": LottieJSON.staticValue(0), "nm": "masksToBounds",
      ])
    }
    return masks
  }

  /// Items as Lottie layers, top first, numbered within their composition.
  func layerJSON(_ items: [Item]) -> [JSONValue] {
    let top = Array(items.reversed())
    var index: [Int: Int] = [:]
    for (position, item) in top.enumerated() { index[item.key] = position + 1 }
    let frames = outFrame
    var layers: [JSONValue] = []
    for item in top {
      var object = JSONObject()
      object.append("ddd", 0)
      object.append("ind", .number(Double(index[item.key]!)))
      object.append("ty", .number(Double(item.type)))
      object.append("nm", .string(item.name))
      if let parent = item.parent, let parentIndex = index[parent] { object.append("parent", .number(Double(parentIndex))) }
      if let reference = item.reference { object.append("refId", .string(reference)) }
      object.append("sr", 1)
      object.append("ks", item.transform)
      object.append("ao", 0)
      if !item.masks.isEmpty {
        object.append("hasMask", true)
        object.append("masksProperties", .array(item.masks))
      }
      if let size = item.size {
        object.append("w", .number(size.width))
        object.append("h", .number(size.height))
      }
      if item.type == 4 { object.append("shapes", .array(item.shapes)) }
      object.append("ip", 0)
      object.append("op", .number(frames))
      object.append("st", 0)
      object.append("bm", 0)
      layers.append(object.value)
    }
    return layers
  }

  var outFrame: Double { max(1, (end * KeyframeBuilder.frameRate - 1e-9).rounded(.up)) }

  mutating func document() -> JSONValue {
    var root: [Item] = []
    let order = tree.paintOrder(tree.roots, frames: cache.frames(at: 0))
    if tree.roots.count > 1 && ever({ tree.paintOrder(tree.roots, frames: $0) != order }) {
      warnings.add(
        ExportDiagnostics.zPositionOrder, layer: "", keyPath: "zPosition",
        "the top-level layers change order; Lottie keeps the order at the start")
    }
    for layer in order {
      visit(layer, parent: nil, context: nil, into: &root)
    }
    warnHidden()
    warnGroupOpacity()
    let layers = layerJSON(root)
    let width = plan.width.rounded(.up)
    let height = plan.height.rounded(.up)
    if width != plan.width || height != plan.height {
      warnings.add(
        ExportDiagnostics.canvasSize, layer: "", keyPath: "",
        "the canvas is \(NumberFormatting.shortest(plan.width))×\(NumberFormatting.shortest(plan.height)); "
          + "written as \(NumberFormatting.shortest(width))×\(NumberFormatting.shortest(height))")
    }
    var object = JSONObject()
    object.append("v", "5.7.4")
    object.append("fr", .number(KeyframeBuilder.frameRate))
    object.append("ip", 0)
    object.append("op", .number(outFrame))
    object.append("w", .number(max(width, 0)))
    object.append("h", .number(max(height, 0)))
    object.append("nm", .string(plan.scene))
    object.append("ddd", 0)
    object.append("assets", .array(assets))
    object.append("layers", .array(layers))
    object.append("markers", [])
    return object.value
  }

  mutating func warnHidden() {
    guard let playingTracks else { return }
    for track in playingTracks where plan.tracks.slots[track] == S.hidden {
      warnings.add(
        ExportDiagnostics.hiddenAsOpacity, layer: tree.id(plan.tracks.layers[track]), keyPath: "hidden",
        "exported as opacity hold keyframes of its Lottie layers (and of its sublayers')")
    }
  }

  /// Opacity below 1 on a layer drawn flat while two or more Lottie layers of its subtree draw.
  mutating func warnGroupOpacity() {
    // Each drawn item is a member of its owner and of the owner's ancestors, except of the layers whose own
    // precomposition holds it (there their opacity is a real group opacity): one walk up per item.
    var membersByLayer: [Int: [Item]] = [:]
    for entry in drawnItems {
      let owner = entry.item.owner
      let inside = Set(entry.context.map { [$0] + tree.ancestors(of: $0) } ?? [])
      for layer in [owner] + tree.ancestors(of: owner) where !inside.contains(layer) {
        membersByLayer[layer, default: []].append(entry.item)
      }
    }
    for layer in 0..<tree.count where !tree.isInMask(layer) {
      let members = membersByLayer[layer] ?? []
      guard members.count > 1 else { continue }
      let overlaps = ever { frames in
        let v = LayerValues(frames[layer])
        guard v.opacity < 1, chainVisible(layer, frames) else { return false }
        let drawing = members.filter { chainVisible($0.owner, frames) && $0.draws!(frames) }
        return drawing.count > 1
      }
      if overlaps {
        warnings.add(
          ExportDiagnostics.groupOpacity, layer: tree.id(layer),
          keyPath: animatedKeyPaths([.slots(layer, S.opacity..<(S.opacity + 1))]),
          "its opacity is applied to each of its Lottie layers; where they overlap they show through each other")
      }
    }
  }
}
