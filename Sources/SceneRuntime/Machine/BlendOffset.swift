/// One number a transition carries over from the motion it cut into: what was on screen minus what the new
/// animations show, fading to 0 over the transition's `duration` (docs/states-runtime.md, "Interruptions").
///
/// The offset is added on top of everything the episode plays, so the new animations keep their own shape —
/// their curve, keyframes, spring — and are only displaced, less and less, until `duration` has passed: UIKit's
/// additive animations do the same with `from: old − new, to: 0`. A cubic Hermite fade matches the value and the
/// velocity on screen at the start and reaches 0 with zero slope at the end, so the sum is continuous in both at
/// either end.
package struct BlendOffset: Sendable, Hashable {
  package var layer: Int
  package var target: PoseAnimation.Target
  /// On screen at the start minus what the new episode shows there.
  package var value: Double
  /// The on-screen velocity at the start minus the new episode's own, per second; 0 unless the transition
  /// interrupted another one.
  package var velocity: Double

  package init(layer: Int, target: PoseAnimation.Target, value: Double, velocity: Double = 0) {
    self.layer = layer
    self.target = target
    self.value = value
    self.velocity = velocity
  }

  /// The offset `elapsed` seconds after the start of a blend lasting `window` seconds: `value` with slope
  /// `velocity` at 0, falling to 0 with zero slope at `window`, and 0 from then on.
  package func offset(elapsed: Double, window: Double) -> Double {
    guard elapsed < window else { return 0 }
    let s = max(elapsed, 0) / window
    let rest = 1 - s
    // h00(s)·value + h10(s)·window·velocity, the Hermite basis written with its common factor (1 − s)².
    return rest * rest * ((1 + 2 * s) * value + s * window * velocity)
  }
}
