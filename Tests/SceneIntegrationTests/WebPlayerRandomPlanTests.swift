import Foundation
import SceneCore
import SceneRuntime
import SceneTestSupport
import Testing

/// Web/scenec-player.js in headless Chromium on 500 random plans of the differential generator, in one page: each
/// plan's autoplay timelines at sixteen spread times and at every stage boundary, exactly and ±1e-7. The Swift side
/// sends what `scenec sample` prints, delta-coded (a sample's numbers only where they changed since the previous
/// sample, its shape only when it changed), and the page compares every value of every sample itself, sending back
/// counts and the first differences: the full samples would be hundreds of megabytes of JSON each way.
@Suite("Web player, random plans")
struct WebPlayerRandomPlanTests {
  static let planCount = 500

  @Test func theWebPlayerSamplesFiveHundredRandomPlansAsTheSwiftRuntimeDoes() throws {
    var generator = RandomSpecGenerator(seed: 0x5EED_0C12)
    var cases: [JSONValue] = []
    var expectedValues = 0
    var expectedSamples = 0
    var moving = 0
    for round in 0..<Self.planCount {
      // Every timeline autoplays, so that the default run composes them all, in file order, in one pass.
      let text = generator.spec().replacing(/(?m)^(  t\d+:)$/) { "\($0.output.1)\n    autoplay: true" }
      guard let compiled = PlanTestSupport.plan(yaml: text, path: "random-\(round).yaml") else {
        throw TestFailure("random spec \(round) does not check:\n\(text)")
      }
      let plan = try Plan(json: compiled.json())
      let times = WebPlayerCase.sampleTimes(plan, boundaries: nil)
      let samples = try WebPlayerTests.expected(plan: plan, run: WebPlayerCase.Run(times: times)).samples
      var coder = DeltaCoder()
      let coded = samples.map { coder.code($0) }
      expectedSamples += samples.count
      expectedValues += coder.numbers
      moving += coder.changed
      cases.append(["plan": plan.json(), "times": .array(times.map { .number($0) }), "expected": .array(coded)])
    }
    let reply = try WebPlayerHarness.run(request: ["cases": .array(cases)], script: Self.script)
    let failures = reply["failures"]?.arrayValue?.map { $0.stringValue ?? "?" } ?? ["no answer"]
    let values = reply["values"]?.numberValue ?? 0
    print(
      "web player, random plans: \(Self.planCount) plans, \(expectedSamples) samples, \(Int(values)) numbers "
        + "compared (largest difference \(reply["largest"]?.numberValue ?? .nan)), "
        + "\(Int(reply["differing"]?.numberValue ?? -1)) samples differ, \(moving) numbers moved"
    )
    #expect(failures.isEmpty, "\(failures.prefix(12).joined(separator: "\n"))")
    #expect(reply["samples"]?.numberValue == Double(expectedSamples), "the page sampled every time")
    #expect(values == Double(expectedValues), "the page compared every number")
    #expect(expectedSamples > 20_000)
    // The plans animate: most samples change numbers of the one before (a run of still frames would prove little).
    #expect(moving > expectedSamples * 2, "\(moving) numbers change from one sample to the next")
  }

  /// A sample as its numbers in document order and its shape: the JSON text with `#` for each number and strings
  /// unescaped between quotes (the page builds the same text from its own sample). Each coded sample carries
  /// `d: [index, value, …]` for the numbers that differ from the previous sample's, and `s` when the shape changed.
  struct DeltaCoder {
    var previousShape = ""
    var previous: [Double] = []
    var numbers = 0
    /// Numbers that differ from the previous sample's, over every sample but the first.
    var changed = 0

    mutating func code(_ sample: JSONValue) -> JSONValue {
      var shape = ""
      var values: [Double] = []
      Self.flatten(sample, shape: &shape, values: &values)
      numbers += values.count
      var coded = JSONObject()
      if shape != previousShape { coded.append("s", .string(shape)) }
      var delta: [JSONValue] = []
      for (index, value) in values.enumerated()
      where index >= previous.count || value.bitPattern != previous[index].bitPattern {
        delta += [.number(Double(index)), .number(value)]
      }
      if !previous.isEmpty { changed += delta.count / 2 }
      coded.append("d", .array(delta))
      previousShape = shape
      previous = values
      return coded.value
    }

    static func flatten(_ value: JSONValue, shape: inout String, values: inout [Double]) {
      switch value {
      case .null: shape += "null"
      case .bool(let flag): shape += flag ? "true" : "false"
      case .number(let number):
        shape += "#"
        values.append(number)
      case .string(let text): shape += "\"\(text)\""
      case .array(let items):
        shape += "["
        for (index, item) in items.enumerated() {
          if index > 0 { shape += "," }
          flatten(item, shape: &shape, values: &values)
        }
        shape += "]"
      case .object(let members):
        shape += "{"
        for (index, member) in members.enumerated() {
          if index > 0 { shape += "," }
          shape += "\"\(member.0)\":"
          flatten(member.1, shape: &shape, values: &values)
        }
        shape += "}"
      }
    }
  }

  /// The page: `{cases: [{plan, times, expected}]}` in, `{samples, values, largest, differing, failures}` out.
  static let script = """
    const flatten = (value, values) => {
      if (value === null) return 'null';
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (typeof value === 'number') { values.push(value); return '#'; }
      if (typeof value === 'string') return '"' + value + '"';
      if (Array.isArray(value)) return '[' + value.map((item) => flatten(item, values)).join(',') + ']';
      return '{' + Object.keys(value).map((key) => '"' + key + '":' + flatten(value[key], values)).join(',') + '}';
    };
    const answer = (module, request) => {
      const result = {samples: 0, values: 0, largest: 0, differing: 0, failures: []};
      const fail = (text) => { result.differing += 1; if (result.failures.length < 40) result.failures.push(text); };
      request.cases.forEach((item, caseIndex) => {
        let player;
        try {
          player = module.loadPlan(item.plan);
        } catch (error) {
          return fail(`random plan ${caseIndex}: ${error}`);
        }
        let shape = '';
        const expected = [];
        item.times.forEach((time, index) => {
          const coded = item.expected[index];
          if (coded.s !== undefined) {
            shape = coded.s;
            expected.length = shape.split('#').length - 1;
          }
          for (let k = 0; k < coded.d.length; k += 2) expected[coded.d[k]] = coded.d[k + 1];
          const values = [];
          const got = flatten(player.sample(time, {}), values);
          result.samples += 1;
          const place = `random plan ${caseIndex} t=${time}`;
          if (got !== shape) return fail(`${place}: shape\\n${got}\\nexpected\\n${shape}`);
          for (let k = 0; k < values.length; k += 1) {
            const difference = Math.abs(values[k] - expected[k]);
            result.values += 1;
            if (difference > result.largest) result.largest = difference;
            if (!(difference <= 1e-9 * Math.max(1, Math.abs(expected[k])))) {
              return fail(`${place}: number ${k} is ${values[k]}, expected ${expected[k]}, in ${shape}`);
            }
          }
        });
      });
      return result;
    };
    """
}
