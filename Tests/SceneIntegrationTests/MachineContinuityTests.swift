import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// No jumps: a transition starts from the values on screen at its instant, mid-animation too. The record button's
/// second event is swept across the first transition, its completion and the loop; every number sampled 1 µs
/// before and 1 µs after it may differ only by what the fastest animation of that number can move in 2 µs.
/// Timeline transitions with explicit values and spring timelines are swept in MachineInterruptionTests.
@Suite("Machine continuity")
struct MachineContinuityTests {
  static let step = 1e-6

  /// press@0 then release@t: the release interrupts the press animation (t < 0.25) or catches the pulse.
  @Test(arguments: (1...30).map { Double($0) / 100 })
  func releaseAnywhere(at time: Double) throws {
    try Self.expectContinuous("press@0,release@\(time)", eventTime: time)
  }

  /// press@0, release@0.1, then press again at t, interrupting the return (and, from 0.35, after it).
  @Test(arguments: (11...40).map { Double($0) / 100 })
  func pressAgainAnywhere(at time: Double) throws {
    try Self.expectContinuous("press@0,release@0.1,press@\(time)", eventTime: time)
  }

  static func expectContinuous(_ script: String, eventTime: Double) throws {
    var replay = try MachineTestSupport.replay("shoot-button", script)
    #expect(replay.ignored.isEmpty)
    let speeds = try maximumSpeeds(replay)
    let frames = MachineTestSupport.frames(&replay, at: [eventTime - step, eventTime + step])
    let entered = replay.episodes[replay.episodeIndex(at: eventTime)]
    #expect(entered.start == eventTime, "the event started a transition")
    let transition = replay.machine.transitions[try #require(entered.transition)]
    let model = replay.machine.states[entered.state].values
    for layer in frames[0].indices {
      for slot in 0..<SlotLayout.count {
        let before = frames[0][layer].values[slot]
        let after = frames[1][layer].values[slot]
        if MachineTable.discreteSlots[slot] {
          // Discrete values switch only as the transition says: to the new model at the start, or not yet.
          let switched = transition.discrete == .start ? model[layer * SlotLayout.count + slot] : before
          #expect(after == switched, "\(replay.plan.layers.ids[layer]) slot \(slot) at \(eventTime)")
          continue
        }
        let bound = speeds[layer * SlotLayout.count + slot] * 2 * step + 1e-9
        #expect(
          abs(after - before) <= bound,
          "\(replay.plan.layers.ids[layer]) slot \(slot) jumps by \(after - before) at \(eventTime) (bound \(bound))")
      }
    }
  }

  /// The fastest any number of the replay moves: a pose animation moves |to − from| × the curve's steepest
  /// slope / duration; the pulse (a linear from/to track) |Δ| / its duration. The record button has nothing else.
  static func maximumSpeeds(_ replay: MachineReplay) throws -> [Double] {
    let plan = replay.plan
    var speeds = [Double](repeating: 0, count: plan.layers.count * SlotLayout.count)
    for episode in replay.episodes {
      guard let index = episode.transition else { continue }
      let transition = replay.machine.transitions[index]
      #expect(transition.timeline == nil, "this bound covers pose animations and loops only")
      let slope = MachineTestSupport.maximumSlope(transition.curve) * (1 + 1e-6)
      for animation in episode.poseAnimations where !animation.holds {
        guard case .slot(let slot) = animation.target else { continue }
        let flat = animation.layer * SlotLayout.count + slot
        speeds[flat] = max(speeds[flat], abs(animation.to - animation.from) * slope / transition.duration)
      }
    }
    for state in replay.machine.states {
      guard let loop = state.loop else { continue }
      for trackIndex in plan.timelines.trackStarts[loop]..<plan.timelines.trackStarts[loop + 1] {
        let track = plan.tracks.track(trackIndex)
        #expect(track.segmentKinds == [SegmentKind.basic] && track.stages.count == 1)
        #expect(!track.stages[0].isEased, "a linear loop")
        let rate = abs(track.values[1] - track.values[0]) / track.stages[0].duration
        let flat = track.layer * SlotLayout.count + track.slot
        speeds[flat] = max(speeds[flat], rate)
      }
    }
    // The pulse: 5 → 10 in 0.5 s.
    let border = try #require(plan.layers.ids.firstIndex(of: "border"))
    #expect(speeds[border * SlotLayout.count + SlotLayout.borderWidth] >= 10)
    return speeds
  }
}
