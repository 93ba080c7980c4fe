import SceneCore
import Testing

/// The property table lays out the slots, holds the ranges and the words; these hold it to itself and to the
/// types that read it.
@Suite struct PropertyTableTests {
  /// The key paths' derived fields, kept for the checker's per-animation tests, say what the sets and names say.
  @Test func keyPathBitsAndWholePropertyAgreeWithTheTable() {
    var bits: UInt8 = 0
    for type in LayerType.allCases {
      #expect(bits & type.bit == 0, "\(type) shares a bit")
      bits |= type.bit
    }
    for keyPath in AnimatableKeyPath.all {
      for type in LayerType.allCases {
        #expect(keyPath.animates(type) == keyPath.layerTypes.contains(type), "\(keyPath.name) on \(type)")
      }
      let whole = keyPath.name == keyPath.property ? LayerProperty.named(keyPath.name) : nil
      #expect(keyPath.wholeProperty?.name == whole?.name, "\(keyPath.name)")
    }
  }

  @Test func slotsAreLaidOutInTableOrderWithoutGapsOrOverlaps() {
    var next = 0
    for property in LayerProperty.all {
      // A replicator's count and delay are fixed per scene but carried in slots: the plan holds them per layer.
      let carried = property.animatable || property.name == "instanceCount" || property.name == "instanceDelay"
      let numeric = carried && property.kind.componentCount != nil
      #expect((property.slot != nil) == numeric, "\(property.name): slots exactly for animatable numeric kinds")
      guard let slot = property.slot else { continue }
      #expect(slot == next, "\(property.name) should start where the previous property ends")
      #expect(property.width == property.kind.componentCount)
      next = slot + property.width
    }
    #expect(next == SlotLayout.count)
    #expect(SlotLayout.defaults.count == SlotLayout.count)
  }

  @Test func defaultsFillTheirSlotsAndLieInTheirRanges() {
    for property in LayerProperty.all where property.slot != nil {
      let value = property.defaultValue
      #expect(value != nil, "\(property.name) has a default")
      #expect(value?.count == property.width, "\(property.name)'s default has one number per slot")
      #expect(Array(SlotLayout.defaults[property.slots]) == value ?? [])
      if let range = property.range, let value {
        let bounded = property.kind == .rect ? Array(value[2...]) : value
        #expect(bounded.allSatisfy(range.contains), "\(property.name)'s default lies in its range")
      }
    }
  }

  @Test func enumerationsAreTheStyleWordsWithTheStyleDefaultFirst() {
    let style = LayerStyle()
    for property in LayerProperty.all where property.kind == .enumeration {
      #expect(!property.cases.isEmpty)
      #expect(style.word(of: property.key) == property.cases.first, "\(property.name)'s default is its first word")
      for word in property.cases {
        var changed = LayerStyle()
        let accepted = changed.setWord(word, of: property.key)
        #expect(accepted)
        #expect(changed.word(of: property.key) == word)
      }
      var refused = LayerStyle()
      let accepted = refused.setWord("notAWord", of: property.key)
      #expect(!accepted)
      #expect(refused == LayerStyle())
    }
    for property in LayerProperty.all where property.kind != .enumeration {
      #expect(style.word(of: property.key) == nil && property.cases.isEmpty)
    }
  }

  @Test func rangesRefuseWhatTheySay() {
    #expect(ValueRange.unit.contains(0) && ValueRange.unit.contains(1) && !ValueRange.unit.contains(1.01))
    #expect(ValueRange.nonNegative.contains(1e300) && !ValueRange.nonNegative.contains(-0.001))
    let count = ValueRange(1, 10, integer: true)
    #expect(count.contains(3) && !count.contains(3.5) && !count.contains(0))
  }

  @Test func slotNamesAreTheTablesSlots() {
    for property in LayerProperty.all {
      guard let slot = property.slot else { continue }
      #expect(SlotLayout.slot(property.key) == slot)
      #expect(LayerProperty.named(property.name) == property && LayerProperty.of(property.key) == property)
    }
    #expect(SlotLayout.rotation == SlotLayout.transform + 3 && SlotLayout.scale == SlotLayout.transform + 6)
  }
}
