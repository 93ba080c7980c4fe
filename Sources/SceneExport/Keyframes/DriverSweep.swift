/// Which drivers move a property in each interval between cuts, found in one sweep over all their pieces.
///
/// Each driver's pieces are sorted by start and cover the export without overlapping (`TrackTiming.pieces`),
/// and the intervals are visited in time order, so a driver's current piece changes only at its own boundaries:
/// the cost is the number of pieces (and of movers asked for), not intervals × drivers × pieces.
struct DriverSweep {
  let drivers: [[TimingPiece]]
  /// Piece starts and ends of every driver, in time order (an end before a start at the same time).
  private var events: [(time: Double, isStart: Bool, driver: Int, piece: Int)] = []
  private var next = 0
  private var current: [Int?]
  /// The drivers whose current piece moves, by driver index.
  private(set) var moving: [Int: TimingPiece] = [:]
  private(set) var stepCount = 0

  init(drivers: [[TimingPiece]]) {
    self.drivers = drivers
    current = Array(repeating: nil, count: drivers.count)
    for (driver, pieces) in drivers.enumerated() {
      for (index, piece) in pieces.enumerated() {
        events.append((piece.start, true, driver, index))
        events.append((piece.end, false, driver, index))
      }
    }
    events.sort { a, b in
      if a.time != b.time { return a.time < b.time }
      if a.isStart != b.isStart { return !a.isStart }
      return (a.driver, a.piece) < (b.driver, b.piece)
    }
  }

  /// Moves the sweep to `middle` (never backwards): afterwards `moving` holds the drivers whose piece containing
  /// `middle` (start ≤ middle < end) moves.
  mutating func advance(to middle: Double) {
    while next < events.count && (events[next].time < middle || (events[next].time == middle && events[next].isStart)) {
      let event = events[next]
      next += 1
      if event.isStart {
        set(event.driver, piece: event.piece)
      } else if current[event.driver] == event.piece {
        set(event.driver, piece: nil)
      }
    }
  }

  private mutating func set(_ driver: Int, piece index: Int?) {
    if let old = moving.removeValue(forKey: driver), case .step = old.kind { stepCount -= 1 }
    current[driver] = index
    guard let index else { return }
    let piece = drivers[driver][index]
    guard piece.isMoving else { return }
    moving[driver] = piece
    if case .step = piece.kind { stepCount += 1 }
  }
}
