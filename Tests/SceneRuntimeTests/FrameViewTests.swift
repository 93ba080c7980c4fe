import SceneRuntime
import Testing

/// The typed frame view reads each property from its own slots.
@Suite struct FrameViewTests {
  /// Every slot holds its own index, so a reader looking in the wrong slot reads the wrong number.
  static let frame = LayerFrame(values: (0..<SlotLayout.count).map(Double.init), path: [])

  @Test func everyPropertyReadsItsOwnSlots() {
    for property in LayerProperty.all {
      let expected = property.slots.map(Double.init)
      #expect(Array(Self.frame.components(property.key)) == expected, "\(property.name)")
      guard let slot = property.slot.map(Double.init) else {
        #expect(Self.frame[property.key] == nil, "\(property.name) lives outside the slots")
        continue
      }
      switch Self.frame[property.key] {
      case .number(let x): #expect(x == slot && Self.frame.number(property.key) == slot)
      case .bool(let b): #expect(b == (slot >= 0.5) && Self.frame.bool(property.key) == b)
      case .point(let p): #expect(p == Point(slot, slot + 1) && Self.frame.point(property.key) == p)
      case .size(let width, let height): #expect(width == slot && height == slot + 1)
      case .rect(let r):
        #expect(
          r == Rect(x: slot, y: slot + 1, width: slot + 2, height: slot + 3) && Self.frame.rect(property.key) == r)
      case .color(let c):
        #expect(c == LayerColor(slot, slot + 1, slot + 2, slot + 3) && Self.frame.color(property.key) == c)
      case .transform(let t):
        #expect(t.translation == [slot, slot + 1, slot + 2] && t.rotation == [slot + 3, slot + 4, slot + 5])
        #expect(t.scale == [slot + 6, slot + 7, slot + 8] && (property.key != .transform || Self.frame.transform == t))
      case .perspectiveTransform(let t, let m34):
        #expect(t.translation == [slot, slot + 1, slot + 2] && t.rotation == [slot + 3, slot + 4, slot + 5])
        #expect(t.scale == [slot + 6, slot + 7, slot + 8] && m34 == slot + 9)
      case nil: Issue.record("\(property.name) has slots but no value")
      }
    }
  }

  @Test func namedReadersAreTheirProperties() {
    let f = Self.frame
    #expect(f.position == f.point(.position) && f.bounds == f.rect(.bounds) && f.anchorPoint == f.point(.anchorPoint))
    #expect(f.zPosition == f.number(.zPosition) && f.opacity == f.number(.opacity))
    #expect(f.isHidden == f.bool(.hidden) && f.masksToBounds == f.bool(.masksToBounds))
    #expect(LayerFrame(values: SlotLayout.defaults, path: []).opacity == 1)
  }
}
