import Foundation
import SceneTestSupport

/// Runs Web Animations cases in headless Chromium: one page builds each case's animation in turn on a fresh
/// element, reads it at every sampling time, and writes the results into the DOM as JSON, which
/// `chromium --dump-dom` prints.
enum ChromiumHarness {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// One sample: the effect's progress (nil when not in effect) and the computed `--v` text.
  struct Reading {
    var progress: Double?
    var value: String
  }

  /// `chromium` on PATH; a clear failure (not a skip) when it is missing.
  static func executable(path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") throws -> String
  {
    for directory in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser"] {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    throw Failure(
      description: "chromium is not on PATH: the Web Animations oracle (ChromiumTimingTests) needs it. Install it as "
        + "README.md's quick start says: `apt-get install libyaml-dev chromium`.")
  }

  static let script = """
    CSS.registerProperty({name: '--v', syntax: '<number>', inherits: false, initialValue: '0'});
    const cases = JSON.parse(document.getElementById('cases').textContent);
    const results = [];
    for (const c of cases) {
      const element = document.createElement('div');
      document.body.appendChild(element);
      const options = Object.assign({}, c.options);
      if (options.iterations < 0) options.iterations = Infinity;
      const animation = element.animate(c.keyframes, options);
      animation.pause();
      animation.playbackRate = c.rate;
      const readings = [];
      for (const time of c.times) {
        animation.currentTime = time;
        const progress = animation.effect.getComputedTiming().progress;
        readings.push([progress, getComputedStyle(element).getPropertyValue('--v')]);
      }
      animation.cancel();
      element.remove();
      results.push(readings);
    }
    document.getElementById('out').textContent = JSON.stringify(results);
    """

  /// Every case's readings, in order.
  static func run(_ cases: [[String: Any]]) throws -> [[Reading]] {
    let chromium = try executable()
    let json = String(decoding: try JSONSerialization.data(withJSONObject: cases), as: UTF8.self)
    let page = """
      <!DOCTYPE html><html><body><script type="application/json" id="cases">\(json)</script>
      <pre id="out"></pre><script>\(script)</script></body></html>
      """
    let text = try HeadlessChromium.output(of: page, name: "waapi", chromium: chromium)
    guard !text.isEmpty, let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[[Any]]] else {
      throw Failure(description: "chromium's page failed: \(text.prefix(200))")
    }
    return parsed.map { readings in
      readings.map { pair in Reading(progress: (pair[0] as? NSNumber)?.doubleValue, value: pair[1] as? String ?? "") }
    }
  }
}
