/// One output format of `scenec lint` (text, JSON, SARIF, GitHub annotations), chosen by `--format`.
///
/// Renderers receive the reports already sorted (files by path, diagnostics by position) and add no order of their
/// own, so every format lists the same findings in the same order.
public protocol ReportRenderer: Sendable {
  /// The whole output, ending in a newline when it is not empty.
  func render(_ reports: [FileReport]) -> String
}
