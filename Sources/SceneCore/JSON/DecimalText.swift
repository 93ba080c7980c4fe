/// A number written on a command line or in an event script: `[+-]digits[.digits][(e|E)[+-]digits]` (or a leading
/// `.digits`), read as the nearest double. `Double(_:)` alone also took `0x10` as 16, `0x1p3` as 8 and `nan`.
public enum DecimalText {
  public static func parse<S: StringProtocol>(_ text: S) -> Double? {
    var bytes = text.utf8.makeIterator()
    var sawDigit = false
    var state = 0  // 0 sign, 1 integer, 2 fraction, 3 exponent sign, 4 exponent
    var exponentDigit = false
    var first = true
    while let byte = bytes.next() {
      defer { first = false }
      switch byte {
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard first || state == 3 else { return nil }
        if state == 3 { state = 4 }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if state == 3 { state = 4 }
        if state == 4 { exponentDigit = true } else { sawDigit = true }
        if state == 0 { state = 1 }
      case UInt8(ascii: "."):
        guard state <= 1 else { return nil }
        state = 2
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard sawDigit, state <= 2 else { return nil }
        state = 3
      default:
        return nil
      }
    }
    guard sawDigit, state < 3 || exponentDigit else { return nil }
    return Double(String(text))
  }
}
