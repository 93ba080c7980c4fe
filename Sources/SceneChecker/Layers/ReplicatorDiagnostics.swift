import SceneDiagnostics

/// The replicator's codes (E0240–E0249): `type: replicator`, CAReplicatorLayer.
public enum ReplicatorDiagnostics {
  public static let badInstanceCount = DiagnosticCode(
    "E0240", "invalid-instance-count",
    "`instanceCount` is not a whole number from 0 to the limit (`--max-instance-count`).")
  public static let replicaNotAddressable = DiagnosticCode(
    "E0241", "replica-not-addressable",
    "A target or pose names one copy drawn by a replicator (`dot~1`); copies play their sublayer's animations.")

  public static let staticInstanceDelay = DiagnosticCode(
    "E0242", "static-instance-delay",
    "An animation or pose of `instanceDelay`, which scenec fixes when the spec is compiled.")

  public static let all: [DiagnosticCode] = [badInstanceCount, replicaNotAddressable, staticInstanceDelay]
}
