import Testing

/// A file name or message built to attack a terminal or a CI log, as a test argument. Swift Testing prints an
/// argument as it is, so the test run's own log would carry the attack (a line break and `::error …` became an
/// annotation); it is shown with every character outside printable ASCII, and every `:` and `#`, as `\u{…}`.
package struct HostileText: CustomTestStringConvertible, Sendable {
  package let text: String

  package init(_ text: String) { self.text = text }

  package var testDescription: String {
    text.unicodeScalars.map { scalar in
      (0x20..<0x7F).contains(scalar.value) && scalar != ":" && scalar != "#"
        ? String(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }.joined()
  }
}
