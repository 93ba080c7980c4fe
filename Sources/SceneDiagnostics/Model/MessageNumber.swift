import Foundation
import SceneCore

/// Numbers in diagnostic messages, rounded for people: a computed `2.033272229741539` reads `2.0333`.
///
/// Magnitudes of 1 and more keep at most 4 decimals and no more than 5 significant digits unless the whole part
/// needs them (`14188.17` reads `14188`); smaller ones 4 significant digits, so `0.00012345` stays visible as
/// `0.0001235` instead of rounding to 0. Trailing zeros are dropped (`0.5`, `3`). What the spec wrote is
/// quoted from the source instead, never re-printed through this.
public enum MessageNumber {
  public static func text(_ x: Double) -> String {
    guard x.isFinite, x != 0 else { return NumberFormatting.shortest(x) }
    let magnitude = abs(x)
    // Beyond 1e15 there are no decimals left to drop.
    guard magnitude < 1e15 else { return NumberFormatting.shortest(x) }
    let integerDigits = Int(log10(magnitude).rounded(.down)) + 1
    let decimals = magnitude >= 1 ? max(0, min(4, 5 - integerDigits)) : 3 - Int(log10(magnitude).rounded(.down))
    guard decimals <= 300 else { return NumberFormatting.shortest(x) }
    // Dividing by an exact power of ten gives the double nearest the rounded decimal, which prints as that decimal.
    let scale = pow(10, Double(decimals))
    let rounded = (x * scale).rounded() / scale
    return NumberFormatting.shortest(rounded)
  }

  /// `x` rounded, unless rounding would make it look like an allowed value (`1.00001` outside 0…1 must not read
  /// `1`): then every digit.
  public static func text(_ x: Double, outside allowed: (Double) -> Bool) -> String {
    let rounded = text(x)
    guard let back = Double(rounded), !allowed(back) else { return NumberFormatting.shortest(x) }
    return rounded
  }
}
