import Testing

@testable import SceneCore

struct TimingFunctionSolveTests {
  /// Apple-tested values (GNUstep's CAMediaTimingFunction tests, reference §6).
  @Test(arguments: [
    (TimingFunction.easeIn, [0.0935, 0.3154, 0.6219]),
    (TimingFunction.easeOut, [0.3781, 0.6846, 0.9065]),
    (TimingFunction.easeInEaseOut, [0.1292, 0.5, 0.8708]),
    (TimingFunction.default, [0.4085, 0.8024, 0.9605]),
  ])
  func namedCurvesMatchCoreAnimation(function: TimingFunction, expected: [Double]) {
    for (input, output) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(function.progress(at: input) - output) < 1e-4, "f(\(input))")
    }
  }

  @Test func linearIsTheIdentity() {
    for step in 0...100 {
      let x = Double(step) / 100
      #expect(TimingFunction.linear.progress(at: x) == x)
    }
  }

  @Test func inputsAreClampedAndEndsAreExact() {
    for function in TimingFunction.named.map(\.function) {
      #expect(function.progress(at: -0.5) == 0)
      #expect(function.progress(at: 0) == 0)
      #expect(function.progress(at: 1) == 1)
      #expect(function.progress(at: 7) == 1)
    }
  }

  @Test(arguments: TimingFunction.named.map(\.function))
  func namedCurvesAreMonotone(function: TimingFunction) {
    var previous = 0.0
    for step in 1...1000 {
      let value = function.progress(at: Double(step) / 1000)
      #expect(value >= previous)
      previous = value
    }
  }

  @Test func coefficientsArePrecomputedFromTheControlPoints() {
    let curve = TimingFunction.easeInEaseOut.curve
    #expect(abs(curve.cx - 1.26) < 1e-15)
    #expect(abs(curve.bx - -0.78) < 1e-15)
    #expect(abs(curve.ax - 0.52) < 1e-15)
    #expect(curve.cy == 0)
    #expect(curve.by == 3)
    #expect(curve.ay == -2)
  }

  /// Curves with flat stretches in X(s) (vertical tangents at the ends or in the middle) defeat Newton's method;
  /// the bisection fallback must still hit 1e-12.
  @Test(arguments: [TimingFunction(1, 0, 0, 1), TimingFunction(0.42, 0, 1, 1), TimingFunction(0, 1, 1, 0)])
  func solverReaches1e12(function: TimingFunction) {
    let curve = function.curve
    for step in 0...200 {
      let x = Double(step) / 200
      let s = curve.parameter(forX: x)
      #expect(abs(curve.x(atParameter: s) - x) <= 1e-12, "x = \(x)")
    }
  }

  @Test func overshootingControlPointsOvershootTheOutput() {
    let backOut = TimingFunction(0.175, 0.885, 0.32, 1.275)
    let peak = (1...99).map { backOut.progress(at: Double($0) / 100) }.max() ?? 0
    #expect(peak > 1.05)
  }
}
