// The code block of docs/embedding.md, kept here so that a test compiles and runs it (EmbeddingDocTests): the
// lines between the two markers must equal the document's block exactly. The file imports SceneRuntime only, as
// an app does.
// BEGIN docs/embedding.md
import SceneRuntime

/// Plays the like button (`scenec compile specs/like-button.yaml -o like.plan.json`) as an app would: taps as they
/// come, a frame sampled every 1/60 s in between. Returns the x scale of layer `redHeart` in each frame.
func playLikeButton(planJSON: [UInt8], taps: [Double], until end: Double) throws -> [Double] {
  var player = try ScenePlayer(planJSON: planJSON)
  guard let heart = player.layerIDs.firstIndex(of: "redHeart") else { return [] }
  var pendingTaps = taps[...]
  var frames: [LayerFrame] = []
  var scales: [Double] = []
  for tick in 0...Int(end * 60) {
    let now = Double(tick) / 60
    // Events are sent at their own times, in order, before the frame that shows them.
    while let tap = pendingTaps.first, tap <= now {
      if let ignored = try player.send("tap", at: tap) { print(ignored) }
      pendingTaps = pendingTaps.dropFirst()
    }
    player.sample(at: now, into: &frames)
    scales.append(frames[heart].transform.scale[0])
  }
  print("state at the end:", player.currentStateName())
  return scales
}
// END docs/embedding.md
