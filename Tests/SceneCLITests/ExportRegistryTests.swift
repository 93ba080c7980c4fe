import Testing

/// The export registry is the CLI's one list of exports: its dispatch, its help and its did-you-mean all follow it.
@Suite struct ExportRegistryTests {
  /// The exports as `scenec export` (without a kind) names them: "a, b or c".
  static func listedNames() -> [String] {
    let message = CLI.run(["export"]).standardError.split(separator: "\n").first.map(String.init) ?? ""
    guard let range = message.range(of: "export needs a kind: ") else { return [] }
    let list = message[range.upperBound...].trimmingCharacters(in: .whitespaces)
    return list.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
  }

  @Test func everyListedExportIsDispatchedHelpedAndSuggested() {
    let names = Self.listedNames()
    #expect(names.count >= 3, "the exports: \(names)")
    let help = CLI.run(["help", "export"]).standardOutput
    let usage = help.split(separator: "\n").first.map(String.init) ?? ""
    for name in names {
      #expect(usage.contains("export \(name) SPEC"), "\(name) in the usage line")
      #expect(help.contains("\n\nscenec export \(name) SPEC"), "\(name) has a help section")
      let bare = CLI.run(["export", name])
      #expect(bare.status == 2)
      #expect(bare.standardError.contains("export \(name) needs exactly one spec or plan"), "\(bare.standardError)")
      let misspelled = CLI.run(["export", name + "x", "specs/like-button.yaml"])
      #expect(misspelled.status == 2)
      #expect(misspelled.standardError.contains("did you mean '\(name)'?"), "\(misspelled.standardError)")
      #expect(misspelled.standardError.contains("the exports are "))
    }
  }

  @Test func anUnknownExportListsTheSameNames() {
    let names = Self.listedNames()
    let message = CLI.run(["export", "gif"]).standardError
    let expected = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    #expect(message.contains("unknown export 'gif'; the exports are \(expected)"), "\(message)")
  }
}
