import SceneCore
import SceneDiagnostics
import SceneModel
import SceneYAML

/// The front end: YAML → located nodes → checked `Scene`, with every diagnostic of every phase that ran.
///
/// Phases: read (YAML), check (structure, values, names), lint (warnings on a checked scene). A phase runs only
/// when the ones before it found no error, so a reader never sees errors that are echoes of earlier ones.
public enum SpecChecker {
  public struct Options: Sendable {
    public var yamlLimits: YAMLLimits = .default
    public var limits: CheckLimits = .default
    public init() {}
  }

  public struct Result: Sendable {
    /// The checked scene, when there were no errors.
    public var scene: Scene?
    /// Sorted by position; warnings switched off in the file are already removed.
    public var diagnostics: [Diagnostic]
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  /// Every code any phase of the front end can report, and `.scenec.yml`'s (which lint reports in the config
  /// file), for Grammar.md's index and SARIF's rule table.
  public static var catalogue: [DiagnosticCode] {
    let phases = [
      YAMLDiagnostics.all, CheckDiagnostics.all, ReplicatorDiagnostics.all, ExpressionDiagnostics.all,
      StateDiagnostics.all, LintDiagnostics.all, SpringTransitionDiagnostics.all, ConfigurationDiagnostics.all,
    ]
    return phases.joined().sorted()
  }

  /// What `# scenec-disable:` may name: the front end's codes and the exporters' (W09xx), which later phases
  /// report against the same file.
  static var suppressible: [DiagnosticCode] { (catalogue + ExportCodeCatalogue.all).sorted() }

  /// `diagnostics` about `source` (from any phase: export warnings, `sample`'s) without the warnings that the
  /// file's `# scenec-disable…` comments switch off, read exactly as the checker reads them. The comments' own
  /// problems (W0113) are the checker's to report, not repeated here.
  public static func removingSuppressed(_ diagnostics: [Diagnostic], in source: SourceFile) -> [Diagnostic] {
    guard !diagnostics.isEmpty else { return diagnostics }
    let suppressions = Suppressions(
      source: source, document: { YAMLReader.read(source).document }, catalogue: { suppressible })
    guard !suppressions.isEmpty else { return diagnostics }
    return diagnostics.filter { !suppressions.disables($0, in: source) }
  }

  public static func check(_ source: SourceFile, options: Options = Options()) -> Result {
    if let marker = PlanDetection.formatMarker(in: source.bytes) {
      let diagnostic = Diagnostic(
        YAMLDiagnostics.compiledPlan, "this file is a compiled plan (scenec-plan JSON), not a spec", at: marker,
        notes: ["`scenec compile` writes plans from specs; lint and compile read specs"],
        help: "check the spec it was compiled from; `scenec sample` and `scenec export` read a plan as it is")
      return Result(scene: nil, diagnostics: [diagnostic])
    }
    let read = YAMLReader.read(source, limits: options.yamlLimits)
    guard let root = read.document.root, !read.diagnostics.contains(where: { $0.severity == .error }) else {
      return Result(scene: nil, diagnostics: read.diagnostics)
    }
    let context = CheckContext(source: source, document: read.document, limits: options.limits)
    let checked = checkFile(root, context: context)
    var scene = checked?.scene
    if !context.diagnostics.hasErrors, let checked {
      Linter(context: context, scene: checked.scene, animatedLayers: checked.shownLayers, facts: checked.facts).run()
    } else {
      scene = nil
    }
    let suppressions = Suppressions(source: source, document: { read.document }, catalogue: { suppressible })
    context.diagnostics.append(contentsOf: suppressions.problems)
    var diagnostics = context.diagnostics.sorted
    if !suppressions.isEmpty {
      diagnostics.removeAll { suppressions.disables($0, in: source) }
    }
    return Result(scene: context.diagnostics.hasErrors ? nil : scene, diagnostics: diagnostics)
  }

  /// A checked scene, with what the linter reads besides it.
  private struct CheckedScene {
    var scene: Scene
    /// Layers some timeline animates or some state poses.
    var shownLayers: LayerSet
    var facts: TimelineFacts
  }

  private static func checkFile(_ root: YAMLNode, context: CheckContext) -> CheckedScene? {
    guard let fields = context.fields(of: root, allowed: SpecSchema.file, place: "a scene file") else {
      return nil
    }
    if let node = fields.value("version"), let version = context.number(node, unit: Unit.none), version != 1 {
      context.error(
        CheckDiagnostics.badVersion, "version \(NumberFormatting.shortest(version)) is not supported",
        at: context.span(node),
        help: "write `version: 1`, or leave it out")
    }
    let name = fields.value("scene").flatMap(context.sceneName) ?? ""
    if let node = fields.value("size"), let size = context.vector(node, kind: .size) {
      if size[0] > 0, size[1] > 0 {
        context.environment.width = size[0]
        context.environment.height = size[1]
      } else {
        context.error(CheckDiagnostics.outOfRange, "the canvas size must be greater than 0", at: context.span(node))
      }
    }
    if let node = fields.value("let") { checkLets(node, context: context) }
    if let node = fields.value("paths") { checkPaths(node, context: context) }
    let before = context.diagnostics
    var scene = checkLayersAndTimelines(fields, context: context, builtCounts: [:])
    // A replicator whose count animates above its model gets the copies that count reaches: the layers are laid
    // out again with them (the targets and poses then resolve to every copy), in a second pass whose
    // diagnostics replace the first's.
    let reach = ReplicaReach.counts(
      layers: scene.scene.layers, slotValues: scene.scene.slotValues, timelines: scene.scene.timelines,
      animatesInstanceCount: scene.facts.animatesInstanceCount, machine: scene.scene.stateMachine,
      limit: context.limits.maxInstanceCount)
    if !reach.isEmpty {
      context.diagnostics = before
      scene = checkLayersAndTimelines(fields, context: context, builtCounts: reach)
    }
    scene.scene.name = name
    return scene
  }

  /// Checks `layers`, `timelines` and `states`, with the replicators in `builtCounts` given that many copies.
  private static func checkLayersAndTimelines(
    _ fields: Fields, context: CheckContext, builtCounts: [String: Int]
  ) -> CheckedScene {
    var layerChecker = LayerChecker(context: context)
    layerChecker.builtCounts = builtCounts
    if let node = fields.value("layers") {
      layerChecker.reserveCapacity(context.document.count(node))
      layerChecker.checkList(node, parent: nil, suffix: "", depth: 0)
    }
    var timelineChecker = TimelineChecker(context: context, layers: layerChecker)
    var timelines: [Timeline] = []
    if let node = fields.value("timelines") { timelines = timelineChecker.checkTimelines(node) }
    // Only replicators' copies play late; without one, every timeline's spread stays 0 and needs no walk.
    if layerChecker.layers.contains(where: { $0.replicaDelay != 0 }) {
      for index in timelines.indices { timelines[index].spreadReplicas(over: layerChecker.layers) }
    }
    var scene = Scene(
      name: "", width: context.environment.width, height: context.environment.height, layers: layerChecker.layers,
      slotValues: layerChecker.slotValues, timelines: timelines)
    var shownLayers = timelineChecker.animatedLayers
    if let node = fields.value("states") {
      let written = Set(
        fields.value("timelines").map { context.document.entries($0).map { context.document.scalar($0.key) } } ?? [])
      var stateChecker = StateChecker(
        context: context, layers: layerChecker, timelines: timelines, writtenTimelines: written)
      scene.stateMachine = stateChecker.check(node)
      shownLayers.formUnion(stateChecker.posedLayers)
      if let machine = scene.stateMachine, let entry = fields.entry("states"),
        !stateTableFits(
          states: machine.states.count, layers: layerChecker.layers, at: context.span(entry.key),
          context: context)
      {
        scene.stateMachine = nil
      }
    }
    return CheckedScene(scene: scene, shownLayers: shownLayers, facts: timelineChecker.facts)
  }

  /// Whether the plan's state table (`MachineTable`: every layer instance's slots and list numbers, once per
  /// state) stays within `maxStateValues`; reports it at `span` (the `states` key) when not. Counted before the
  /// compiler builds the table, which a spec of a few kilobytes could otherwise make gigabytes large.
  private static func stateTableFits(
    states: Int, layers: [LayerInstance], at span: Span, context: CheckContext
  ) -> Bool {
    var perState = layers.count * SlotLayout.count
    for layer in layers.indices {
      perState +=
        layers[layer].listNumberCountBeforeShadowPath
        + (layers[layer].style.shadowPath?.coordinates.count ?? 0)
    }
    let (total, overflow) = states.multipliedReportingOverflow(by: perState)
    let limit = context.limits.maxStateValues
    guard overflow || total > limit else { return true }
    context.error(
      CheckDiagnostics.tooManyStateValues,
      "the state machine's table would hold \(overflow ? "more than \(Int.max)" : "\(total)") numbers, more than the "
        + "limit of \(limit): each of its \(states) states keeps the values of all \(layers.count) layer instances",
      at: span, notes: ["the table grows with states × layers; \(perState) numbers per state here"],
      help: "raise the limit with --max-state-values if this is meant, or use fewer states or layers")
    return false
  }

  /// `let` names are evaluated in order; a name may use only those above it. A name's type is that of its value:
  /// a number, an angle or a duration (an expression), a colour, or a list of numbers.
  private static func checkLets(_ node: YAMLNode, context: CheckContext) {
    guard context.expectMapping(node, place: "let (named constants)") else { return }
    let entries = context.document.entries(node)
    var positions: [String: Int] = [:]
    for (index, entry) in entries.enumerated() { positions[context.document.scalar(entry.key)] = index }
    for (index, entry) in entries.enumerated() {
      guard let name = context.name(entry.key, what: "let name"),
        context.checkNotShadowing(name, at: context.span(entry.key)),
        context.checkLetName(name, at: context.span(entry.key))
      else { continue }
      if let later = laterName(in: entry.value, at: index, positions: positions, context: context) {
        let definition = entries[positions[later]!]
        context.failedNames.insert(name)
        if later == name {
          context.error(
            CheckDiagnostics.forwardReference, "'\(name)' refers to itself", at: context.span(entry.value),
            help: "give '\(name)' a value that does not use '\(name)'")
        } else {
          context.error(
            CheckDiagnostics.forwardReference, "'\(name)' uses '\(later)', which is defined below it",
            at: context.span(entry.value),
            labels: [.init("'\(later)' is defined here", at: context.span(definition.key))],
            help: "move '\(later)' above '\(name)'; `let` names are evaluated in order")
        }
        continue
      }
      context.letSpans[name] = context.span(entry.key)
      // A name built on a failed one fails too, already reported; evaluating it anyway would look for spelling
      // suggestions among every name so far, which makes a long chain after one overflow quadratic.
      if valueTexts(entry.value, context: context).contains(where: context.dependsOnFailedName) {
        context.failedNames.insert(name)
        continue
      }
      switch context.typedLet(entry.value, name: name, definition: context.span(entry.key)) {
      case .value(let typed):
        context.environment.typedNames[name] = typed
        continue
      case .failed:
        context.failedNames.insert(name)
        continue
      case .expression: break
      }
      guard let text = context.scalarText(entry.value, expected: "a number expression") else {
        context.failedNames.insert(name)
        continue
      }
      switch Expression.evaluate(text, at: context.span(entry.value), in: context.environment, expecting: nil) {
      case .success(let quantity):
        context.noteUses(in: text)
        context.environment.names[name] = quantity
      case .failure(let failure):
        context.failedNames.insert(name)
        if !context.dependsOnFailedName(text) { context.report(failure.diagnostic) }
      }
    }
  }

  /// The texts of a `let` value that can name other `let` names: the scalar, or a list's scalar items.
  private static func valueTexts(_ node: YAMLNode, context: CheckContext) -> [String] {
    switch context.document.kind(node) {
    case .scalar: return [context.document.scalar(node)]
    case .sequence:
      return context.document.items(node).filter { context.document.kind($0) == .scalar }.map {
        context.document.scalar($0)
      }
    case .mapping: return []
    }
  }

  /// The first name a `let` value uses that is defined at or below `index` (itself included).
  private static func laterName(
    in node: YAMLNode, at index: Int, positions: [String: Int], context: CheckContext
  ) -> String? {
    for text in valueTexts(node, context: context) {
      if let later = Expression.referencedNames(in: text).first(where: { (positions[$0] ?? -1) >= index }) {
        return later
      }
    }
    return nil
  }

  private static func checkPaths(_ node: YAMLNode, context: CheckContext) {
    guard context.expectMapping(node, place: "paths") else { return }
    for entry in context.document.entries(node) {
      guard let name = context.name(entry.key, what: "path name"), let path = context.pathValue(entry.value) else {
        continue
      }
      context.paths[name] = (path, context.span(entry.key))
    }
  }
}
