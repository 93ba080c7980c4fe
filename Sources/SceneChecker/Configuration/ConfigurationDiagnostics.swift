import SceneDiagnostics

/// Problems of a `.scenec.yml` (codes E10xx), located in the config file. They are errors: a config that does not
/// say what its author meant would lint with other settings than intended, so `scenec lint` reports them and exits
/// 2 without checking any spec. YAML problems of the file are the reader's own codes (E01xx).
public enum ConfigurationDiagnostics {
  public static let unknownKey = DiagnosticCode(
    "E1001", "config-unknown-key",
    "A key `.scenec.yml` does not have (it has `rules`, `exclude`, `include` and the `max-…` limits).")
  public static let unknownRule = DiagnosticCode(
    "E1002", "config-unknown-rule", "A `rules:` entry that names no diagnostic code or name that lint reports.")
  public static let unknownLevel = DiagnosticCode(
    "E1003", "config-unknown-level", "A rule level other than `off`, `warning` or `error`.")
  public static let errorLevel = DiagnosticCode(
    "E1004", "config-error-level",
    "A `rules:` entry that turns an error off or into a warning: a spec with an error cannot compile.")
  public static let wrongType = DiagnosticCode(
    "E1005", "config-wrong-type",
    "A `.scenec.yml` value of the wrong kind: not a mapping, a list of patterns, a level or a positive whole number.")
  public static let limitTooLarge = DiagnosticCode(
    "E1006", "config-limit-too-large", "A limit in `.scenec.yml` above the most its flag accepts.")
  public static let badPattern = DiagnosticCode(
    "E1007", "config-bad-pattern",
    "An `exclude:` or `include:` pattern that can match nothing: empty, or reaching above the config's folder.")

  public static let all: [DiagnosticCode] = [
    unknownKey, unknownRule, unknownLevel, errorLevel, wrongType, limitTooLarge, badPattern,
  ]
}
