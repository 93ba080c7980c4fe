import SceneChecker
import SceneCompiler
import SceneCore
import SceneDiagnostics
import SceneRuntime

/// `scenec compile SPEC [-o PLAN.json]`: the evaluation plan as pretty JSON; diagnostics on standard error.
enum CompileCommand {
  static let spec = Arguments.Spec(
    options: ["-o", "--output"] + DiagnosticReport.options + CheckOptions.names, flags: [])

  static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> Int32 {
    let parsed = try Arguments(arguments, spec: spec, command: "compile")
    guard parsed.positional.count == 1 else { throw .usage("compile needs exactly one spec") }
    let options = try CheckOptions.options(from: parsed)
    let report = try DiagnosticReport(parsed, console: console)
    defer { report.finish() }
    guard let plan = try checkedPlan(parsed.positional[0], options: options, report: report, console: console)
    else { return 1 }
    var bytes = plan.prettyJSONBytes()
    bytes.append(UInt8(ascii: "\n"))
    if let output = parsed.outputPath {
      try AtomicFile.write(bytes: bytes, to: output)
    } else {
      guard console.standardOutput.write(String(decoding: bytes, as: UTF8.self)) else { throw .closedOutput }
    }
    return 0
  }

  /// Checks and compiles a spec; reports its diagnostics and returns nil when it has errors.
  static func checkedPlan(_ path: String, options: SpecChecker.Options, report: DiagnosticReport, console: Console)
    throws(CommandFailure) -> Plan?
  {
    let source = try SpecFiles.read(path, console: console, limit: options.yamlLimits.maxInputBytes)
    var result = SpecChecker.check(source, options: options)
    guard !result.hasErrors, let scene = result.scene else {
      report.add(result.diagnostics, in: source)
      return nil
    }
    result.scene = nil  // the only copy goes to the compiler, which frees the model as the plan grows
    // Lowering's own errors (E0309) join the checker's warnings in one report.
    let compiled = PlanCompiler.checkedCompile(consuming: scene, source: source)
    report.add((result.diagnostics + compiled.diagnostics).sorted(), in: source)
    return compiled.diagnostics.isEmpty ? compiled.plan : nil
  }
}
