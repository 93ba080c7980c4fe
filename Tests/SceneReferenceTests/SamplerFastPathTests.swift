import Foundation
import SceneBenchmark
import SceneCore
import SceneModel
import SceneReference
import Testing

@testable import SceneRuntime

/// The sampler's fast paths (docs/performance.md): the eased segments' table-started Newton solve, the folded
/// underdamped spring, and the per-track hot segment records, against the plain definitions.
@Suite("SamplerFastPath")
struct SamplerFastPathTests {
  /// Curves through the unit square, flat ends and overshooting outputs included.
  static let functions: [TimingFunction] = {
    var curves: [TimingFunction] = [.easeIn, .easeOut, .easeInEaseOut, .default]
    var state: UInt64 = 0x7AB1E
    func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    for x1 in stride(from: 0.0, through: 1.0, by: 0.1) {
      for x2 in stride(from: 0.0, through: 1.0, by: 0.1) {
        let function = TimingFunction(x1, unit() * 1.6 - 0.3, x2, unit() * 1.6 - 0.3)
        curves.append(function)
      }
    }
    return curves
  }()
  static let curves = functions.map { CubicTimingCurve($0) }

  static let inputs: [Double] = {
    var xs = [1e-15, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.125, 0.25, 0.5, 0.75, 0.875]
    xs += [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12].map { 1 - $0 }
    for step in 1..<400 { xs.append((Double(step) + 0.123) / 400) }
    return xs
  }()

  @Test("the table-started solve meets CubicTimingCurve's tolerance |X(s) − x| ≤ 1e-12, s in [0, 1]")
  func solverTolerance() {
    for function in Self.functions {
      let curve = CubicTimingCurve(function)
      let numbers = [function.x1, function.y1, function.x2, function.y2]
      let tables = CurveTables(
        segmentKinds: [SegmentKind.linear | SegmentKind.eased], coefficientStarts: [0], coefficients: numbers)
      #expect(tables.records.count == CurveTables.stride)
      tables.records.withUnsafeBufferPointer { record in
        let c = record.baseAddress!
        let table = c + 6
        for x in Self.inputs {
          let s = TimingCurveSolver.parameter(c, table: table, forX: x)
          let reference = curve.parameter(forX: x)
          let error = abs(curve.x(atParameter: s) - x)
          #expect(s >= 0 && s <= 1)
          // Within Newton's tolerance, or (where both fall back to bisection) the reference's own answer.
          #expect(error <= 1e-12 || abs(s - reference) <= 1e-12, "curve \(curve) x \(x): s \(s), X error \(error)")
          let progress = TimingCurveSolver.progress(c, table: table, at: x)
          let expected = curve.progress(at: x)
          #expect(
            abs(progress - expected) <= 1e-9,
            "curve \(curve) x \(x): s \(s) reference \(reference), progress \(progress) expected \(expected)")
        }
        #expect(TimingCurveSolver.progress(c, table: table, at: 0) == 0)
        #expect(TimingCurveSolver.progress(c, table: table, at: -1) == 0)
        #expect(TimingCurveSolver.progress(c, table: table, at: 1) == 1)
        #expect(TimingCurveSolver.progress(c, table: table, at: 2) == 1)
      }
    }
  }

  @Test("curves sharing their numbers share one table")
  func tablesAreShared() {
    let function = TimingFunction.easeIn
    let numbers = [function.x1, function.y1, function.x2, function.y2]
    let eased = SegmentKind.linear | SegmentKind.eased
    let tables = CurveTables(
      segmentKinds: [eased, SegmentKind.linear, eased], coefficientStarts: [0, 4, 4], coefficients: numbers + numbers)
    #expect(tables.records.count == CurveTables.stride)
    #expect(tables.recordOf == [0, -1, 0])
  }

  @Test("the sampler's springs agree with SpringParameters.progress to rounding")
  func springs() {
    for mass in [0.5, 1, 3] {
      for stiffness in [10.0, 100, 300] {
        for damping in [0.5, 5, 10, 20, 40, 200] {
          for velocity in [-20.0, 0, 5] {
            for overdamping in [false, true] {
              let parameters = SpringParameters(
                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                allowsOverdamping: overdamping)
              let curve = SpringCurve([mass, stiffness, damping, velocity, overdamping ? 1 : 0][...])
              for step in 0..<200 {
                let t = Double(step) * 0.0173 - 0.01
                let difference = abs(curve.progress(at: t) - parameters.progress(at: t))
                #expect(difference <= 1e-12, "\(parameters) at \(t): \(difference)")
              }
            }
          }
        }
      }
    }
  }

  static func syntheticPlan() throws -> (scene: Scene, plan: Plan) {
    let scene = SyntheticScene(layers: 24, properties: 10, keyframes: 8)
    return try CompileBenchmark.compileOnce(Array(scene.text().utf8), path: "synthetic.yaml")
  }

  @Test("on the synthetic scene, playback, random access and a copied sampler give the same frames")
  func hotRecordsAreHistoryFree() throws {
    let plan = try Self.syntheticPlan().plan
    let playing = Array(0..<plan.timelines.count)
    let times = (0..<300).map { Double($0) / 60 - 0.25 }
    var forward = Sampler(plan: plan)
    var frames: [LayerFrame] = []
    var expected: [[LayerFrame]] = []
    for time in times {
      forward.sample(at: time, playing: playing, into: &frames)
      expected.append(frames)
    }
    // Random order on one sampler (every sample refills most records), and a copy of the forward sampler (its
    // workspace is copied on first use, with empty records).
    var shuffled = Sampler(plan: plan)
    var copy = forward
    var order = Array(times.indices)
    var state: UInt64 = 42
    for index in order.indices.reversed() {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      order.swapAt(index, Int(state >> 33) % (index + 1))
    }
    for index in order {
      shuffled.sample(at: times[index], playing: playing, into: &frames)
      #expect(frames == expected[index], "random access at \(times[index])")
      copy.sample(at: times[index], playing: playing, into: &frames)
      #expect(frames == expected[index], "copied sampler at \(times[index])")
    }
  }

  @Test("on the synthetic scene (random bézier curves, springs), the sampler matches the reference evaluator")
  func syntheticMatchesReference() throws {
    let (scene, plan) = try Self.syntheticPlan()
    let timelines = Array(0..<plan.timelines.count)
    let times = (0..<40).map { -0.5 + 10.5 * (Double($0) + 0.37) / 40 }
    #expect(DifferentialTests.firstDifference(scene, timelines: timelines, times: times) == nil)
    _ = plan
  }
}
