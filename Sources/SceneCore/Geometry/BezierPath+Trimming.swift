/// CAShapeLayer's strokeStart / strokeEnd: the part of a path between two fractions of its length.
extension BezierPath {
  /// The part of the path from `start` to `end`, both fractions of the total length ("interpolated linearly along
  /// the path length", CAShapeLayer.h), clamped to [0, 1].
  ///
  /// - start ≤ 0 and end ≥ 1: the path itself, unchanged.
  /// - end ≤ start (or a path of zero length): an empty path, as Core Animation then strokes nothing.
  /// - Otherwise each subpath's visible part begins with a move; curves cut inside are split with de Casteljau at
  ///   the parameter whose arc length is the cut, so the kept piece lies exactly on the original curve and keeps
  ///   its element kind (a cut line stays a line, a cut cubic a cubic). A close stays a close only when its whole
  ///   subpath is kept; otherwise the kept part of it becomes a line. Elements of zero length are kept only when
  ///   they lie strictly inside the range.
  public func trimmed(from start: Double, to end: Double) -> BezierPath {
    let start = min(max(start, 0), 1)
    let end = min(max(end, 0), 1)
    if start <= 0 && end >= 1 { return self }
    let segments = self.segments()
    let lengths = segments.map { $0.length() }
    let total = lengths.reduce(0, +)
    guard end > start, total > 0 else { return BezierPath() }
    let startDistance = start * total
    let endDistance = end * total

    var result = BezierPath()
    var penDown = false
    var subpathStartDistance = 0.0
    var cursor = 0.0
    for (index, element) in elements.enumerated() {
      let segment = segments[index]
      let length = lengths[index]
      let elementStart = cursor
      let elementEnd = cursor + length
      cursor = elementEnd
      if element == .move {
        penDown = false
        subpathStartDistance = elementStart
        continue
      }
      // After a close, an element without a move begins a new subpath at the same start point.
      defer { if element == .close { subpathStartDistance = elementEnd } }
      let piece: BezierSegment
      if length <= 0 {
        guard elementStart > startDistance && elementStart < endDistance else { continue }
        piece = segment
      } else {
        let low = max(elementStart, startDistance)
        let high = min(elementEnd, endDistance)
        guard high > low else { continue }
        let s0 = low > elementStart ? segment.parameter(atLength: low - elementStart, totalLength: length) : 0
        let s1 = high < elementEnd ? segment.parameter(atLength: high - elementStart, totalLength: length) : 1
        piece = segment.subsegment(from: s0, to: s1)
      }
      if !penDown {
        result.append(.move, [piece.start])
        penDown = true
      }
      switch element {
      case .close:
        let keepsWholeSubpath = startDistance <= subpathStartDistance && endDistance >= elementEnd
        if keepsWholeSubpath { result.append(.close, []) } else { result.append(.line, [piece.end]) }
      case .line: result.append(.line, [piece.end])
      case .quad: result.append(.quad, [piece.control1, piece.end])
      case .cubic: result.append(.cubic, [piece.control1, piece.control2, piece.end])
      case .move: break
      }
    }
    return result
  }
}
