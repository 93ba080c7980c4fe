import Foundation

/// One page in headless Chromium, for the tests that hold us to a browser (Web Animations, the web player): the page
/// does its work in a script and writes its answer into `<pre id="out">`, which `--dump-dom` prints.
package enum HeadlessChromium {
  /// Seconds one page may take, virtual-time budget and start-up included, before Chromium is ended.
  static let timeLimit = 300

  /// Writes `page` to a temporary folder named after `name`, loads it with up to a minute of virtual time, and
  /// returns the text of its `<pre id="out">` element (unescaped). Each call has its own folder and profile: suites
  /// run in parallel, and two Chromiums on one profile fail (exit 21, "profile in use"), while the first to finish
  /// would remove the other's page.
  package static func output(of page: String, name: String, chromium: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenec-\(name)-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("cases.html")
    try page.write(to: url, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile",
      "--virtual-time-budget=60000", "--dump-dom", url.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A page Chromium cannot finish must fail the test, not hold the run until CI's limit: ended after the bound.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeLimit), execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let dom = String(decoding: data, as: UTF8.self)
    guard let start = dom.range(of: "<pre id=\"out\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else {
      let ended = process.terminationReason == .uncaughtSignal ? " (ended after \(timeLimit) s)" : ""
      throw TestFailure("chromium printed no results (exit \(process.terminationStatus))\(ended)")
    }
    // --dump-dom escapes the text node's &, < and > (and writes U+00A0 as &nbsp;).
    return String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
