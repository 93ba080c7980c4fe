import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// The three interactive seed specs replayed with event scripts, sampled where something changes. Each golden
/// file is backed by checks whose expected values are worked out from Grammar.md's rules, not read off the output.
@Suite("Machine replay")
struct MachineReplayTests {
  typealias S = SlotLayout
  static let eieo = TimingFunction.easeInEaseOut

  static let goldens: [(spec: String, script: String, times: [Double])] = [
    ("shoot-button", "press@0,release@1.2", [0, 0.125, 0.25, 0.5, 0.75, 1, 1.2, 1.325, 1.45, 2]),
    ("like-button", "tap@0,tap@1.5,tap@1.7", [0, 0.4, 1, 1.5, 1.6, 1.7, 2.1, 2.7, 3]),
    ("submit-button", "tap@0", [0, 0.5, 1, 2.5, 4, 4.5, 5, 6]),
    // The switch: its knob's shadow moves with it; a tap at 0.2 s cuts into the first transition.
    ("switch", "tap@0,tap@0.2,tap@1", [0, 0.1, 0.2, 0.35, 0.5, 1, 1.15, 1.3]),
  ]

  @Test("golden event-script samples", arguments: goldens.indices)
  func golden(index: Int) throws {
    let (spec, script, times) = Self.goldens[index]
    var replay = try MachineTestSupport.replay(spec, script)
    let frames = MachineTestSupport.frames(&replay, at: times)
    let text = PlanTestSupport.text(PresentationJSON.samples(plan: replay.plan, times: times, frames: frames))
    #expect(
      try PlanTestSupport.matchGolden(text, name: "\(spec).events.samples.json"), "\(spec) differs from its golden")
    #expect(replay.ignored.isEmpty)
  }

  /// Press at 0: the pose animates in 0.25 s easeInEaseOut (the title hides at once); the pulse loops from 0.25 s.
  /// Release at 1.2 catches the pulse at 0.95 s of its 1 s cycle — τ = 0.05, borderWidth 5.5 — and everything
  /// returns to the idle model by 1.45, when the title shows again (discrete: end).
  @Test func recordButton() throws {
    var replay = try MachineTestSupport.replay("shoot-button", "press@0,release@1.2")
    let plan = replay.plan
    let times = [0, 0.125, 0.25, 0.5, 0.75, 1, 1.2, 1.325, 1.45, 2]
    let frames = MachineTestSupport.frames(&replay, at: times)
    let half = Self.eieo.progress(at: 0.5)
    #expect(abs(half - 0.5) < 1e-9, "easeInEaseOut is symmetric: half way at half time")
    // (time, border scale, center scale, center cornerRadius, border borderWidth, title hidden)
    let expected: [(Double, Double, Double, Double, Double, Double)] = [
      (0, 1, 1, 30, 5, 1),
      (0.125, 1 + 0.8 * half, 1 - 0.3 * half, 30 - 20 * half, 5, 1),
      (0.25, 1.8, 0.7, 10, 5, 1),
      (0.5, 1.8, 0.7, 10, 7.5, 1),  // pulse 0.25 s into its 0.5 s rise
      (0.75, 1.8, 0.7, 10, 10, 1),  // at the top
      (1, 1.8, 0.7, 10, 7.5, 1),  // half way back
      (1.2, 1.8, 0.7, 10, 5.5, 1),  // the release starts from the pulse's 5.5
      (1.325, 1.8 - 0.8 * half, 0.7 + 0.3 * half, 10 + 20 * half, 5.5 - 0.5 * half, 1),
      (1.45, 1, 1, 30, 5, 0),
      (2, 1, 1, 30, 5, 0),
    ]
    for (sample, row) in zip(frames, expected) {
      let border = try MachineTestSupport.layer("border", in: sample, plan: plan)
      let center = try MachineTestSupport.layer("center", in: sample, plan: plan)
      let title = try MachineTestSupport.layer("title", in: sample, plan: plan)
      for axis in 0..<3 {
        #expect(MachineTestSupport.close(border.values[S.scale + axis], row.1), "border scale at \(row.0)")
        #expect(MachineTestSupport.close(center.values[S.scale + axis], row.2), "center scale at \(row.0)")
      }
      #expect(MachineTestSupport.close(center.values[S.cornerRadius], row.3), "cornerRadius at \(row.0)")
      #expect(MachineTestSupport.close(border.values[S.borderWidth], row.4), "borderWidth at \(row.0)")
      #expect(title.values[S.hidden] == row.5, "title hidden at \(row.0)")
    }
    // The episodes: idle at 0, pressed at 0 (completes 0.25, loop forever), idle at 1.2 (completes 1.45).
    let idle = try MachineTestSupport.state("idle", replay)
    let pressed = try MachineTestSupport.state("pressed", replay)
    #expect(replay.episodes.map(\.start) == [0, 0, 1.2])
    #expect(replay.episodes.map(\.state) == [idle, pressed, idle])
    #expect(replay.episodes.map(\.event) == [nil, 0, 1])
    #expect(replay.episodes[1].completion == 0.25 && replay.episodes[1].complete == .infinity)
    #expect(replay.episodes[2].completion == 1.45)
    // The release animates only what differs on screen: 3 + 3 scales, the radius, the border width, and the
    // title's hidden held until the end.
    let release = replay.episodes[2].poseAnimations
    #expect(release.count == 9)
    #expect(release.filter(\.holds).count == 1)
    let width = try #require(release.first { $0.target == .slot(S.borderWidth) })
    #expect(MachineTestSupport.close(width.from, 5.5) && width.to == 5)
  }

  /// Tap at 0 likes (the hearts swap at once, `like` plays its explicit 0.1 scale: nothing was running); tap at
  /// 1.5 unlikes from the held pose; tap at 1.7 interrupts `unlike` 0.2 s in: the pose animations start from the
  /// half-turned, 0.8-scaled heart, and `like`'s explicit values show under a blend from what was on screen, in
  /// value and velocity, fading out over the transition's 1 s (rule 3.vi).
  @Test func likeButton() throws {
    var replay = try MachineTestSupport.replay("like-button", "tap@0,tap@1.5,tap@1.7")
    let plan = replay.plan
    let times = [0, 0.4, 1, 1.5, 1.6, 1.7, 2.1, 2.7, 3]
    let frames = MachineTestSupport.frames(&replay, at: times)
    let degree = Double.pi / 180
    // The blend 0.4 s into its 1 s: the Hermite weights of the offset's value and velocity (times the 1 s window).
    let s = 0.4
    let (h00, h10) = (2 * s * s * s - 3 * s * s + 1, s * s * s - 2 * s * s + s)
    // At 1.7 unlike shrinks the heart at −1/s and like grows it at 0.9 / 0.8 s: the velocity the blend carries.
    let scaleVelocity = -1 - 0.9 / 0.8
    // (time, red hidden, hollow hidden, red scale, red rotation, fan[0] hidden)
    let expected: [(Double, Double, Double, Double, Double, Double)] = [
      (0, 0, 1, 0.1, -45 * degree, 0),
      (0.4, 0, 1, 0.55, .nan, 0),  // scale 0.1 → 1 over 0.8 s
      (1, 0, 1, 1, 0, 1),  // like ended: the fan's hidden animation is gone, the held scale and rotation stay
      (1.5, 0, 0, 1, 0, 1),  // unliked: the hollow heart shows at once, unlike holds the red one visible
      (1.6, 0, 0, 0.9, -11.25 * degree, 1),  // unlike 0.1 s in: scale 1 → 0 over 1 s, rotation 0 → −45° over 0.4 s
      (1.7, 0, 1, 0.8, -22.5 * degree, 0),  // liked again: like restarts, blended from the heart on screen
      (2.1, 0, 1, 0.55 + h00 * 0.7 + h10 * scaleVelocity, .nan, 0),  // like's 0.55, plus what is left of the blend
      (2.7, 0, 1, 1, 0, 1),
      (3, 0, 1, 1, 0, 1),
    ]
    for (sample, row) in zip(frames, expected) {
      let red = try MachineTestSupport.layer("redHeart", in: sample, plan: plan)
      let hollow = try MachineTestSupport.layer("hollowHeart", in: sample, plan: plan)
      let fan = try MachineTestSupport.layer("fan[0]", in: sample, plan: plan)
      #expect(red.values[S.hidden] == row.1, "red hidden at \(row.0)")
      #expect(hollow.values[S.hidden] == row.2, "hollow hidden at \(row.0)")
      #expect(MachineTestSupport.close(red.values[S.scale], row.3, 1e-6), "red scale at \(row.0)")
      if !row.4.isNaN { #expect(MachineTestSupport.close(red.values[S.rotation + 2], row.4), "rotation at \(row.0)") }
      #expect(fan.values[S.hidden] == row.5, "fan hidden at \(row.0)")
    }
    // `like` leaves the fan at the end of its burst (fill both); leaving `liked` animates it back to the model
    // centre over 1 s easeInEaseOut, from where it was on screen.
    let fan = try #require(plan.layers.ids.firstIndex(of: "fan[0]"))
    let burst = frames[2][fan].values[S.position..<S.position + 2]
    #expect(burst != [50, 50])
    let p = Self.eieo.progress(at: 0.1)
    for axis in 0..<2 {
      let start = burst[S.position + axis]
      #expect(frames[3][fan].values[S.position + axis] == start, "the return starts where the burst is")
      #expect(MachineTestSupport.close(frames[4][fan].values[S.position + axis], start + (50 - start) * p))
    }
    // The interruption at 1.7 captured unlike 0.2 s in: scale 0.8 and rotation −22.5°, animated back to the
    // liked model (1 and 0) underneath `like`.
    let heart = try #require(plan.layers.ids.firstIndex(of: "redHeart"))
    let interrupt = replay.episodes[3]
    #expect(interrupt.start == 1.7 && interrupt.event == 2)
    let scale = try #require(interrupt.poseAnimations.first { $0.layer == heart && $0.target == .slot(S.scale) })
    #expect(MachineTestSupport.close(scale.from, 0.8) && scale.to == 1)
    let turn = try #require(interrupt.poseAnimations.first { $0.layer == heart && $0.target == .slot(S.rotation + 2) })
    #expect(MachineTestSupport.close(turn.from, -22.5 * degree) && turn.to == 0)
    // The blend: on screen minus like's start (scale 0.1, −45°), and the velocities' difference. Like's rotation
    // leaves −45° at easeOut's initial slope 1 / 0.58 across its first quarter (45°), unlike's turns at −45° / 0.4 s.
    let scaleBlend = try #require(interrupt.blends.first { $0.layer == heart && $0.target == .slot(S.scale) })
    #expect(
      MachineTestSupport.close(scaleBlend.value, 0.7)
        && MachineTestSupport.close(scaleBlend.velocity, scaleVelocity, 1e-6))
    let turnBlend = try #require(interrupt.blends.first { $0.layer == heart && $0.target == .slot(S.rotation + 2) })
    #expect(MachineTestSupport.close(turnBlend.value, 22.5 * degree))
    let turnVelocity = -45 * degree / 0.4 - 45 * degree / 0.25 / 0.58
    #expect(
      abs(turnBlend.velocity - turnVelocity) < 1e-2 * abs(turnVelocity), "\(turnBlend.velocity) vs \(turnVelocity)")
    // The fans were hidden on screen (unlike hides them): nothing of them is blended, so they burst from the centre.
    #expect(!interrupt.blends.contains { plan.layers.ids[$0.layer].hasPrefix("fan") })
    #expect(frames[5][fan].values[S.position..<S.position + 2] == [50, 50])
    // The tap at 1.5 interrupted nothing (like had completed at 1): no blend.
    #expect(replay.episodes[2].blends.isEmpty && replay.episodes[1].blends.isEmpty)
  }

  /// One tap runs shrink (0…1), progress (1…4) and expand (4…5) as follow-ups and stays `done`. Where the
  /// phase's timeline has only `to` values (shrink), its animations start from the running value, which is the
  /// pose animation below them (docs/semantics.md "base"), so the two curves compound.
  @Test func submitButton() throws {
    var replay = try MachineTestSupport.replay("submit-button", "tap@0")
    let plan = replay.plan
    let times = [0, 0.5, 1, 2.5, 4, 4.5, 5, 6]
    let frames = MachineTestSupport.frames(&replay, at: times)
    let names = try ["idle", "shrunk", "uploaded", "done"].map { try MachineTestSupport.state($0, replay) }
    #expect(replay.episodes.map(\.state) == names)
    #expect(replay.episodes.map(\.start) == [0, 0, 1, 4])
    #expect(replay.episodes.map(\.event) == [nil, 0, nil, nil])
    #expect(replay.episodes.map(\.completion) == [0, 1, 4, 5])

    func layer(_ id: String, _ sample: Int) throws -> [Double] {
      try MachineTestSupport.layer(id, in: frames[sample], plan: plan).values
    }
    let green = [33.0 / 255, 197.0 / 255, 131.0 / 255, 1]
    // 0: the idle model, every animation at its start.
    #expect(try layer("button", 0)[S.bounds + 2] == 200)
    #expect(try layer("label", 0)[S.opacity] == 1)
    // 0.5: shrink's animations give explicit from values, so they replace the transition's pose animation of
    // the same properties: the button's width follows easeIn, the colours and the label follow easeInEaseOut.
    let e = Self.eieo.progress(at: 0.5)
    let easeIn = TimingFunction.easeIn.progress(at: 0.5)
    #expect(MachineTestSupport.close(try layer("button", 1)[S.bounds + 2], 200 + (50 - 200) * easeIn))
    #expect(MachineTestSupport.close(try layer("label", 1)[S.opacity], 1 - e))
    #expect(MachineTestSupport.close(try layer("button", 1)[S.borderWidth], 2 * e))
    #expect(MachineTestSupport.close(try layer("button", 1)[S.backgroundColor], green[0] + (1 - green[0]) * e))
    // 1: shrink complete, uploaded starts: the button hides and the ring shows at once; the ring's stroke starts.
    #expect(try layer("button", 2)[S.hidden] == 1 && layer("button", 2)[S.bounds + 2] == 50)
    #expect(try layer("button", 2)[S.backgroundColor..<S.backgroundColor + 4] == [1, 1, 1, 1])
    #expect(try layer("track", 2)[S.hidden] == 0 && layer("progress", 2)[S.strokeEnd] == 0)
    // 2.5: the stroke half way through its 3 s easeOut (progress's explicit values win over the pose).
    let stroke = TimingFunction.easeOut.progress(at: 0.5)
    #expect(MachineTestSupport.close(try layer("progress", 3)[S.strokeEnd], stroke))
    // 4: expand starts: button shown at once, green and borderless (held by expand), ring hidden, check shown
    // with its stroke at 0, the label's text colour clear.
    #expect(try layer("button", 4)[S.hidden] == 0 && layer("button", 4)[S.bounds + 2] == 50)
    #expect(try Array(layer("button", 4)[S.backgroundColor..<S.backgroundColor + 4]) == green)
    #expect(try layer("button", 4)[S.borderWidth] == 0)
    #expect(try layer("track", 4)[S.hidden] == 1 && layer("check", 4)[S.hidden] == 0)
    #expect(try layer("check", 4)[S.strokeEnd] == 0 && layer("label", 4)[S.opacity] == 0)
    #expect(try layer("label", 4)[S.foregroundColor + 3] == 0)
    // 4.5: linear bounds half way, the label and the check half way on easeInEaseOut; the hidden ring's stroke
    // (not in the done pose) returns to the model's 0 by the pose animation.
    #expect(MachineTestSupport.close(try layer("button", 5)[S.bounds + 2], 125))
    #expect(MachineTestSupport.close(try layer("label", 5)[S.opacity], e))
    #expect(MachineTestSupport.close(try layer("check", 5)[S.strokeEnd], e))
    #expect(MachineTestSupport.close(try layer("progress", 5)[S.strokeEnd], 1 - e))
    // 5 and 6: done, stable: the wide green button, the check drawn, the label's text clear.
    for sample in [6, 7] {
      #expect(try layer("button", sample)[S.bounds + 2] == 200 && layer("label", sample)[S.opacity] == 1)
      #expect(try layer("check", sample)[S.strokeEnd] == 1 && layer("check", sample)[S.hidden] == 0)
      #expect(try layer("track", sample)[S.hidden] == 1 && layer("progress", sample)[S.strokeEnd] == 0)
      #expect(try layer("label", sample)[S.foregroundColor + 3] == 0)
      #expect(try layer("button", sample)[S.borderColor..<S.borderColor + 3] == [0, 0, 0])
    }
    #expect(frames[6] == frames[7], "done is stable")
  }

  /// Without events an interactive scene is its initial state: for the seed specs, exactly the layers as written.
  @Test(arguments: ["shoot-button", "like-button", "submit-button"])
  func emptyScriptIsTheModel(spec: String) throws {
    let plan = try PlanTestSupport.plan(spec: spec)
    var replay = MachineReplay(plan: plan)
    var sampler = Sampler(plan: plan)
    var expected: [LayerFrame] = []
    var actual: [LayerFrame] = []
    for time in [-1, 0, 0.3, 2, 10.0] {
      sampler.sample(at: time, playing: plan.autoplayTimelines, into: &expected)
      replay.sample(at: time, into: &actual)
      #expect(actual == expected, "\(spec) at \(time)")
    }
    #expect(replay.episodes.count == 1)
  }
}
