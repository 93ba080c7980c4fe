import Testing

@testable import SceneCore

@Suite struct JSONTests {
  let compact = JSONWriter(style: .compact)
  let pretty = JSONWriter(style: .pretty)

  // MARK: Writing

  @Test func keepsMemberOrderAndWritesCompactlyWithoutSpaces() {
    let value: JSONValue = ["z": 1, "a": [true, false, .null], "m": ["k": "v"]]
    #expect(compact.string(from: value) == #"{"z":1,"a":[true,false,null],"m":{"k":"v"}}"#)
  }

  @Test func prettyIndentsTwoSpacesAndKeepsScalarArraysOnOneLine() {
    let value: JSONValue = [
      "scene": "like-button",
      "bounds": [0, 0, 80.5, 80],
      "names": ["a", "b"],
      "empty": [],
      "nothing": [:],
      "layers": [["id": "heart", "hidden": false]],
    ]
    let expected = """
      {
        "scene": "like-button",
        "bounds": [0, 0, 80.5, 80],
        "names": [
          "a",
          "b"
        ],
        "empty": [],
        "nothing": {},
        "layers": [
          {
            "id": "heart",
            "hidden": false
          }
        ]
      }
      """
    #expect(pretty.string(from: value) == expected)
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-3.0, "-3"), (0.1, "0.1"), (2.5, "2.5"), (1e-6, "0.000001"),
    (0.00001234, "0.00001234"), (123456789012345.0, "123456789012345"), (1e16, "1e+16"), (1e-7, "1e-07"),
    (1.0 / 3.0, "0.3333333333333333"), (.leastNonzeroMagnitude, "5e-324"),
    (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
  ])
  func writesNumbersInShortestRoundTripForm(number: Double, text: String) throws {
    #expect(compact.string(from: .number(number)) == text)
    let back = try #require(try JSONParser.parse(text).numberValue)
    #expect(back == number)
  }

  @Test func writesNonFiniteNumbersAsNullSoOutputAlwaysParses() {
    #expect(compact.string(from: [.number(.nan), .number(.infinity), .number(-.infinity)]) == "[null,null,null]")
  }

  @Test func escapesExactlyWhatRFC8259Requires() {
    let text = "quote\" back\\ slash/ nl\n cr\r tab\t bs\u{08} ff\u{0C} nul\u{00} us\u{1F} del\u{7F} é 按住拍 😀"
    let expected = #""quote\" back\\ slash/ nl\n cr\r tab\t bs\b ff\f nul\u0000 us\u001f del\#u{7F} é 按住拍 😀""#
    #expect(compact.string(from: .string(text)) == expected)
  }

  @Test func writingIsDeterministic() {
    let value: JSONValue = ["b": [1.25, 2, 3], "a": ["x": .null, "y": "é"], "c": 1e-7]
    let first = pretty.string(from: value)
    for _ in 0..<10 { #expect(pretty.string(from: value) == first) }
    #expect(compact.string(from: value) == #"{"b":[1.25,2,3],"a":{"x":null,"y":"é"},"c":1e-07}"#)
  }

  @Test func objectBuilderSkipsAbsentMembers() {
    var object = JSONObject(["id": "E0203"])
    object.appendIfPresent("help", nil)
    object.appendIfPresent("uri", JSONValue("a.yaml"))
    object.append("line", JSONValue(3))
    #expect(compact.string(from: object.value) == #"{"id":"E0203","uri":"a.yaml","line":3}"#)
    #expect(JSONValue(nil as String?) == .null)
  }

  // MARK: Round trip

  @Test func roundTripsThroughBothStyles() throws {
    let value: JSONValue = [
      "version": 1, "text": "line\nbreak \"quoted\" \u{01} 按",
      "numbers": [0, -1.5, 1e300, .number(.leastNonzeroMagnitude)],
      "nested": [["a": [], "b": [:]], [[1, [2, [3]]]]], "flags": [true, false], "none": .null,
      "dup": 1, "dup ": 2,
    ]
    for writer in [compact, pretty] {
      let parsed = try JSONParser.parse(writer.string(from: value))
      #expect(parsed == value)
      #expect(writer.string(from: parsed) == writer.string(from: value))
    }
  }

  @Test func parsesWhitespaceEscapesSurrogatesAndDuplicateKeys() throws {
    let value = try JSONParser.parse(
      " \t\r\n{\"a\" : [ 1 , -0.5e+2, 3E-1 ] , \"s\":\"\\u00e9\\ud83d\\ude00\\/\",\"a\":2}\n")
    #expect(value["a"] == 2)
    #expect(value.objectMembers?.count == 3)
    #expect(value["s"]?.stringValue == "é😀/")
    let first = try #require(value.objectMembers?.first?.1)
    #expect(first == [1, -50, 0.3])
  }

  /// The parser reads most numbers without a String (DecimalDigits' fast path); each must equal the correctly
  /// rounded conversion, which `Double(String)` is, on both sides of every limit of that path.
  @Test func numbersParseExactlyAsTheCorrectlyRoundedConversion() throws {
    var texts = [
      "0", "-0", "9007199254740991", "9007199254740992", "9007199254740993", "1e22", "1e23", "9007199254740991e22",
      "9007199254740991e23", "1e-22", "1e-23", "0.1", "0.3", "-2.5e-3", "123456789012345678", "1234567890123456789",
      "12345678901234567890", "0.000000000000000000001", "4.9e-324", "1.7976931348623157e308",
      "2.2250738585072014e-308",
      "1e+0", "1E-0", "5e00000000000000000000001", "0.12345678901234567890e-1",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let x = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
      texts.append("\(x)")
      let mantissa = UInt64.random(in: 0..<1 << 54, using: &generator)
      texts.append("\(mantissa)e\(Int.random(in: -25...25, using: &generator))")
      let digits = String(mantissa)
      let point = Int.random(in: 1...digits.count, using: &generator)
      texts.append("-" + digits.prefix(point) + "." + (point < digits.count ? digits.dropFirst(point) : "0"))
    }
    for text in texts {
      let expected = try #require(Double(text))
      let parsed = try JSONParser.parse(text).numberValue
      #expect(parsed?.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test func stringsSwitchFromTheirPlainASCIIStartToEscapesAndUTF8() throws {
    let cases = [
      ("plain", "plain"), ("", ""), ("ab\\n", "ab\n"), ("ab\\\"c", "ab\"c"), ("abé", "abé"), ("ab😀cd", "ab😀cd"),
      ("é", "é"), ("\\u0041bc", "Abc"),
    ]
    for (written, expected) in cases {
      #expect(try JSONParser.parse("\"" + written + "\"").stringValue == expected, "\(written)")
    }
  }

  @Test func equalityIsOrderSensitiveForObjects() {
    let ab: JSONValue = ["a": 1, "b": 2]
    let ba: JSONValue = ["b": 2, "a": 1]
    #expect(ab != ba)
    #expect(Set([ab, ab, ba]).count == 2)
  }

  // MARK: Errors

  @Test(arguments: [
    ("", 0, "expected a value, found end of input"),
    ("[1,]", 3, "expected a value, found ']'"),
    ("{\"a\":1,}", 7, "expected a string key in double quotes, found '}'"),
    ("{\"a\" 1}", 5, "expected ':' after an object key, found '1'"),
    ("[1 2]", 3, "expected ',' or ']' after an array item, found '2'"),
    ("01", 0, "a number must not have leading zeros"),
    ("-", 1, "expected a digit after '-'"),
    ("1.", 2, "expected a digit after a decimal point"),
    ("1e", 2, "expected a digit after an exponent"),
    (".5", 0, "expected a value, found '.'"),
    ("+1", 0, "expected a value, found '+'"),
    ("NaN", 0, "expected a value, found 'N'"),
    ("1e400", 0, "the number 1e400 is too large for a 64-bit float"),
    ("tru", 0, "expected 'true'"),
    ("\"abc", 0, "unterminated string"),
    ("\"a\tb\"", 2, "a control character must be escaped in a string (as \\u00XX)"),
    ("\"\\x\"", 1, "invalid escape '\\x'"),
    ("\"\\u12G4\"", 1, "expected four hex digits after '\\u'"),
    ("\"\\ud800\"", 1, "a high surrogate escape must be followed by a low surrogate escape"),
    ("\"\\udc00\"", 1, "a low surrogate escape without a high surrogate before it"),
    ("1 2", 2, "unexpected '2' after the JSON value"),
    ("{} // c", 3, "unexpected '/' after the JSON value"),
    ("'a'", 0, "expected a value, found '''"),
    ("\u{FEFF}1", 0, "a byte order mark is not allowed before JSON text"),
  ])
  func rejectsWhatRFC8259Rejects(text: String, offset: Int, message: String) {
    #expect(throws: JSONParseError(offset: offset, message: message)) { try JSONParser.parse(text) }
  }

  @Test func rejectsInvalidUTF8WithItsOffset() {
    for bytes: [UInt8] in [
      [0x22, 0x61, 0xFF, 0x22], [0x22, 0x61, 0xC0, 0xAF, 0x22], [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22],
    ] {
      #expect(throws: JSONParseError(offset: 2, message: "invalid UTF-8")) { try JSONParser.parse(bytes) }
    }
    #expect(throws: JSONParseError(offset: 0, message: "expected a value, found byte 0xE9")) {
      try JSONParser.parse([0xE9])
    }
  }

  @Test func errorsDescribeThemselvesWithTheByteOffset() {
    #expect(
      JSONParseError(offset: 3, message: "expected a value, found ']'").description
        == "byte 3: expected a value, found ']'")
  }

  // MARK: Depth

  @Test func acceptsNestingUpToTheLimit() throws {
    let depth = JSONParser.defaultMaxDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    _ = try JSONParser.parse(text)
    let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
    _ = try JSONParser.parse(objects)
  }

  @Test func hostileNestingEndsInAnErrorNotAStackOverflow() {
    let limit = JSONParser.defaultMaxDepth
    let hostile = String(repeating: "[", count: 1_000_000)
    #expect(throws: JSONParseError(offset: limit, message: "nesting deeper than \(limit) levels")) {
      try JSONParser.parse(hostile)
    }
    #expect(throws: JSONParseError(offset: 3, message: "nesting deeper than 3 levels")) {
      try JSONParser.parse("[[[[]]]]", maxDepth: 3)
    }
  }
}
