import Foundation
import SceneCore
import SceneTestSupport

/// Runs Web/scenec-player.js in headless Chromium on many plans in one page load: the page imports the module (its
/// text inlined, loaded from a blob URL, so a file:// page needs no server), answers every case's runs with
/// `player.sample` and a live session, and writes the answers into the DOM, which `chromium --dump-dom` prints.
enum WebPlayerHarness {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static let moduleURL = PlanTestSupport.root.appendingPathComponent("Web/scenec-player.js")

  /// `chromium` on PATH; a clear failure (not a skip) when it is missing.
  static func executable() throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser"] {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    throw Failure(description: "chromium is not on PATH: the web player tests need it (`apt-get install chromium`)")
  }

  /// The request is `{cases, refusals, numbers}`; the answer `{answers, refusals, formatted}`: for each refused
  /// plan the message of the error `loadPlan` threw (null if it loaded); for each case `{plan, runs: [{options,
  /// times}]}`, per run, `{samples, liveDiffers, states}` (the last two only for runs with events: the times at
  /// which a live session, fed the script's events between the samples (whose times are ascending), does not give
  /// exactly the scripted sample, and the state name at each time); the numbers as path data writes them.
  static let script = """
    const answer = ({ loadPlan, parseEvents, shortest }, request) => {
        const refusals = request.refusals.map((plan) => {
          try {
            loadPlan(plan);
            return null;
          } catch (error) {
            return String(error.message);
          }
        });
        const answers = request.cases.map((c) => {
          const player = loadPlan(c.plan);
          return c.runs.map((run) => {
            const answer = {samples: run.times.map((t) => player.sample(t, run.options))};
            if (run.options.events !== undefined) {
              const session = player.live();
              const events = run.options.events === '' ? [] : parseEvents(run.options.events);
              let next = 0;
              // Live samples must equal the scripted ones exactly: only the times where they do not are sent back.
              answer.liveDiffers = [];
              run.times.forEach((t, index) => {
                while (next < events.length && events[next].time <= t) {
                  session.send(events[next].name, events[next].time);
                  next += 1;
                }
                const live = session.sample(t);
                if (JSON.stringify(live) !== JSON.stringify(answer.samples[index])) answer.liveDiffers.push(t);
              });
              answer.states = run.times.map((t) => player.stateName(t, run.options.events));
            }
            return answer;
          });
        });
        const formatted = request.numbers.map(shortest);
        return {answers, refusals, formatted};
    };
    """

  /// Imports the module and writes what the page's `answer(module, request)` returns (or the error it threw).
  static let driver = """
    (async () => {
      const out = document.getElementById('out');
      try {
        const source = document.getElementById('player').textContent;
        const url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
        const module = await import(url);
        const request = JSON.parse(document.getElementById('cases').textContent);
        out.textContent = JSON.stringify(answer(module, request));
      } catch (error) {
        out.textContent = JSON.stringify({error: String(error && error.stack || error)});
      }
    })();
    """

  /// Layer samples (a case's layers × the times of its runs) one page answers at most. Each is about 800 bytes of
  /// JSON, and `--dump-dom` of a page holding a hundred megabytes never returns (the replicator's random plans, with
  /// their copies, reached 113 MB in one page): the cases go to as many pages as this takes.
  static let layerSamplesPerPage = 20_000

  /// The page's answer (`{answers, refusals, formatted}`), parsed; the cases answered over as many pages as
  /// `layerSamplesPerPage` asks, in order, the refusals and numbers by the first.
  static func run(request: JSONValue) throws -> JSONValue {
    var answers: [JSONValue] = []
    var first: JSONValue?
    for (index, batch) in batches(request["cases"]?.arrayValue ?? []).enumerated() {
      var part = JSONObject()
      part.append("cases", .array(batch))
      part.append("refusals", index == 0 ? request["refusals"] ?? .array([]) : .array([]))
      part.append("numbers", index == 0 ? request["numbers"] ?? .array([]) : .array([]))
      let parsed = try run(request: part.value, script: script)
      guard let pageAnswers = parsed["answers"]?.arrayValue, parsed["refusals"] != nil else {
        throw Failure(description: "the page gave no answers")
      }
      answers += pageAnswers
      if index == 0 { first = parsed }
    }
    var reply = JSONObject()
    reply.append("answers", .array(answers))
    reply.append("refusals", first?["refusals"] ?? .array([]))
    reply.append("formatted", first?["formatted"] ?? .array([]))
    return reply.value
  }

  /// `cases` in order, cut into runs of at most `layerSamplesPerPage` layer samples (a case larger than that alone);
  /// always at least one batch, so that refusals and numbers are answered without cases.
  static func batches(_ cases: [JSONValue]) -> [[JSONValue]] {
    var batches: [[JSONValue]] = [[]]
    var weight = 0
    for item in cases {
      let layers = item["plan"]?["layers"]?.arrayValue?.count ?? 1
      let times = (item["runs"]?.arrayValue ?? []).reduce(0) { $0 + ($1["times"]?.arrayValue?.count ?? 0) }
      let caseWeight = layers * times
      if weight + caseWeight > layerSamplesPerPage, !batches[batches.count - 1].isEmpty {
        batches.append([])
        weight = 0
      }
      batches[batches.count - 1].append(item)
      weight += caseWeight
    }
    return batches
  }

  /// What `script`'s `answer(module, request)` returned for `request`, parsed.
  static func run(request: JSONValue, script: String) throws -> JSONValue {
    let chromium = try executable()
    let module = try String(contentsOf: moduleURL, encoding: .utf8)
    guard !module.contains("</script"), !module.contains("<!--") else {
      throw Failure(description: "the module's text cannot be inlined in a <script> element")
    }
    let json = JSONWriter(style: .compact).string(from: request).replacingOccurrences(of: "</", with: "<\\/")
    let page = """
      <!DOCTYPE html><html><body><script type="application/json" id="cases">\(json)</script>
      <script type="text/plain" id="player">\(module)</script>
      <pre id="out"></pre><script>\(script)\n\(driver)</script></body></html>
      """
    let text = try HeadlessChromium.output(of: page, name: "webplayer", chromium: chromium)
    let parsed = try JSONParser.parse(text, maxDepth: 64)
    if let error = parsed["error"]?.stringValue { throw Failure(description: "the page failed: \(error)") }
    return parsed
  }
}
