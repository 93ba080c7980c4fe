import SceneCore

/// Generates the JSON Schema (draft 2020-12) of the spec language from the same tables the checker reads, so
/// that an editor's YAML language server completes and validates specs with exactly the checker's keys.
///
/// The schema is looser than the checker where JSON Schema cannot follow it (expressions are strings, key-path
/// value types depend on the key path); it never rejects a spec the checker accepts.
public enum JSONSchemaGenerator {
  public static let id = "https://scenec.dev/schema/scene-1.json"

  public static func schema() -> JSONValue {
    var root = JSONObject()
    root.append("$schema", "https://json-schema.org/draft/2020-12/schema")
    root.append("$id", .string(id))
    root.append("title", "scenec scene spec")
    root.append("description", "A layer-animation scene with Core Animation's semantics. See Grammar.md.")
    root.append("type", "object")
    root.append("properties", .object(SpecSchema.file.map { ($0.name, fileProperty($0)) }))
    root.append("required", .array(SpecSchema.file.filter(\.required).map { .string($0.name) }))
    root.append("additionalProperties", false)
    root.append("$defs", definitions())
    return root.value
  }

  private static func fileProperty(_ key: SchemaKey) -> JSONValue {
    switch key.name {
    case "version": return described(["const": 1], key)
    case "let": return described(["type": "object", "additionalProperties": ref("letValue")], key)
    case "paths": return described(["type": "object", "additionalProperties": ref("path")], key)
    case "timelines": return described(["type": "object", "additionalProperties": ref("animation")], key)
    case "states": return described(ref("states"), key)
    default: return described(valueSchema(key), key)
    }
  }

  /// A `let` name, which may stand for a list; which lengths it holds is the checker's to say.
  private static let letName: JSONValue = ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"]

  private static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }

  private static func described(_ schema: JSONValue, _ key: SchemaKey) -> JSONValue {
    guard case .object(var members) = schema else { return schema }
    var text = key.summary
    if !key.defaultText.isEmpty { text += " Default: \(key.defaultText)." }
    members.append(("description", .string(text)))
    return .object(members)
  }

  private static func valueSchema(_ key: SchemaKey) -> JSONValue {
    switch key.shape {
    case .value(let kind): return ref(kind.rawValue)
    case .layers: return ["type": "array", "items": ref("layer")]
    case .layer: return ref("maskLayer")
    case .namedMap: return ["type": "object"]
    case .animations: return ["type": "array", "items": ref("animation")]
    case .keyPathValues: return ["type": "array"]
    case .keyPathValue: return [:]
    case .numbers: return ["type": "array", "items": ref("number")]
    case .timingFunctions: return ["type": "array", "items": ref("timingFunction")]
    case .spring: return ref("spring")
    case .timingFunction: return ref("timingFunction")
    case .layerReference, .name, .text: return ["type": "string"]
    case .word: return ["enum": .array(key.cases.map { .string($0) })]
    case .count: return ["anyOf": [ref("number"), ["enum": ["inf", ".inf"]]]]
    }
  }

  private static func object(_ keys: [SchemaKey], extra: [(String, JSONValue)] = []) -> JSONValue {
    var object = JSONObject()
    object.append("type", "object")
    object.append("properties", .object(keys.map { ($0.name, described(valueSchema($0), $0)) }))
    let required = keys.filter(\.required).map { JSONValue.string($0.name) }
    if !required.isEmpty { object.append("required", .array(required)) }
    object.append("additionalProperties", false)
    for (key, value) in extra { object.append(key, value) }
    return object.value
  }

  private static func definitions() -> JSONValue {
    let expression: JSONValue = ["anyOf": [["type": "number"], ["type": "string"]]]
    func vector(_ count: Int) -> JSONValue {
      ["type": "array", "items": ref("number"), "minItems": .number(Double(count)), "maxItems": .number(Double(count))]
    }
    func listOrName(_ list: JSONValue) -> JSONValue { ["anyOf": [list, letName]] }
    var defs = JSONObject()
    defs.append("number", expression)
    defs.append("angle", expression)
    defs.append("duration", expression)
    defs.append("point", listOrName(vector(2)))
    defs.append("size", listOrName(vector(2)))
    defs.append("rect", listOrName(vector(4)))
    defs.append(
      "letValue",
      [
        "anyOf": [expression, ["type": "array", "items": ref("number"), "minItems": 1]],
        "description":
          "A number, angle or duration expression, a colour, a list of numbers, or an earlier colour or list name.",
      ])
    defs.append(
      "color", ["type": "string", "description": "\"#RRGGBB\", \"#RRGGBBAA\", rgb(…), rgba(…) or a UIKit colour name."])
    defs.append("bool", ["type": "boolean"])
    defs.append("numberList", listOrName(["type": "array", "items": ref("number")]))
    let maxStops = JSONValue.number(Double(ListLayout.maxStops))
    defs.append("colorList", ["type": "array", "items": ref("color"), "minItems": 1, "maxItems": maxStops])
    defs.append("locationList", ["type": "array", "items": ref("number"), "minItems": 1, "maxItems": maxStops])
    defs.append("string", ["type": "string"])
    defs.append("enumeration", ["type": "string"])
    defs.append("font", ["anyOf": [["type": "string"], object(SpecSchema.font)]])
    defs.append("transform", transform(perspective: false))
    defs.append("perspectiveTransform", transform(perspective: true))
    defs.append(
      "timingFunction",
      ["anyOf": [["enum": .array(TimingFunction.named.map { .string($0.name) })], vector(4), letName]])
    defs.append("spring", object(SpecSchema.spring))
    defs.append("pathCommand", pathCommand())
    defs.append("path", ["anyOf": [["type": "string"], ["type": "array", "items": ref("pathCommand")]]])
    defs.append("layer", layer())
    defs.append("maskLayer", layer().removingRequired("id"))
    defs.append(
      "animation",
      [
        "anyOf": [
          ["type": "array", "items": ref("animation")],
          object(SpecSchema.timing + SpecSchema.animation).replacingProperty(
            "keyTimes", with: ["anyOf": [["type": "array", "items": ref("number")], letName]]),
        ]
      ])
    defs.append("states", states())
    defs.append("state", object(SpecSchema.state))
    defs.append("transition", object(SpecSchema.transition))
    return defs.value
  }

  /// `transform`'s object; `sublayerTransform`'s also takes `perspective`, a number above 0.
  private static func transform(perspective: Bool) -> JSONValue {
    var keys = [
      SchemaKey("translation", .numbers, "`[x, y]` or `[x, y, z]`."),
      SchemaKey("rotation", .value(.angle), "An angle about z, or `{x, y, z}`."),
      SchemaKey("scale", .value(.number), "`s`, `[sx, sy]` or `[sx, sy, sz]`."),
    ]
    if perspective {
      keys.insert(SchemaKey("perspective", .value(.number), "Eye distance d > 0: m34 = −1/d."), at: 0)
    }
    var schema = object(keys).replacingProperty("rotation", with: ["anyOf": [ref("angle"), ["type": "object"]]])
      .replacingProperty("translation", with: ["anyOf": [["type": "array", "items": ref("number")], letName]])
      .replacingProperty("scale", with: ["anyOf": [ref("number"), ["type": "array", "items": ref("number")]]])
    if perspective {
      schema = schema.replacingProperty(
        "perspective",
        with: [
          "anyOf": [["type": "number", "exclusiveMinimum": 0], ["type": "string"]],
          "description": "Eye distance d > 0: m34 = −1/d.",
        ])
    }
    return schema
  }

  private static func pathCommand() -> JSONValue {
    var choices: [JSONValue] = [["const": "close"]]
    let arguments: [String: JSONValue] = [
      "move": ref("point"), "line": ref("point"), "rect": ref("rect"), "ellipse": ref("rect"),
      "quad": object(SpecSchema.quad), "cubic": object(SpecSchema.cubic), "arc": object(SpecSchema.arc),
      "roundedRect": object(SpecSchema.roundedRect), "close": ["type": "null"],
    ]
    for command in SpecSchema.pathCommands {
      choices.append([
        "type": "object", "properties": .object([(command.name, arguments[command.name] ?? [:])]),
        "required": [.string(command.name)], "additionalProperties": false,
      ])
    }
    return ["anyOf": .array(choices)]
  }

  /// `states:`: its three keys, and every other key a state.
  private static func states() -> JSONValue {
    let items: [String: JSONValue] = ["events": ["type": "string"], "transitions": ref("transition")]
    var properties: [(String, JSONValue)] = []
    for key in SpecSchema.stateMachine {
      var schema = valueSchema(key)
      if let item = items[key.name], case .object(var members) = schema {
        members.append(("items", item))
        schema = .object(members)
      }
      properties.append((key.name, described(schema, key)))
    }
    var object = JSONObject()
    object.append("type", "object")
    object.append("properties", .object(properties))
    object.append("required", .array(SpecSchema.stateMachine.filter(\.required).map { .string($0.name) }))
    object.append("additionalProperties", ref("state"))
    return object.value
  }

  /// Every layer key, with the type-specific properties forbidden on the types that lack them.
  private static func layer() -> JSONValue {
    var conditions: [JSONValue] = []
    for property in LayerProperty.all where property.layerTypes != LayerType.every {
      let lacking = LayerType.allCases.filter { !property.layerTypes.contains($0) }.map {
        JSONValue.string($0.rawValue)
      }
      let typeIsLacking: JSONValue =
        lacking.contains("layer")
        ? ["anyOf": [["not": ["required": ["type"]]], ["properties": ["type": ["enum": .array(lacking)]]]]]
        : ["required": ["type"], "properties": ["type": ["enum": .array(lacking)]]]
      conditions.append(["if": typeIsLacking, "then": ["not": ["required": [.string(property.name)]]]])
    }
    let keys = SpecSchema.layerStructure + LayerProperty.all.map(SpecSchema.propertyKey)
    return object(keys, extra: [("allOf", .array(conditions))])
  }
}

extension JSONValue {
  /// A copy of an object schema in which `name` is optional (a mask's `id` defaults to `<id>-mask`).
  fileprivate func removingRequired(_ name: String) -> JSONValue {
    guard case .object(var members) = self, let index = members.firstIndex(where: { $0.0 == "required" }),
      let required = members[index].1.arrayValue
    else { return self }
    let remaining = required.filter { $0 != .string(name) }
    if remaining.isEmpty { members.remove(at: index) } else { members[index].1 = .array(remaining) }
    return .object(members)
  }

  /// A copy of an object schema with one property's schema replaced.
  fileprivate func replacingProperty(_ name: String, with schema: JSONValue) -> JSONValue {
    guard case .object(var members) = self, let index = members.firstIndex(where: { $0.0 == "properties" }),
      case .object(var properties) = members[index].1, let slot = properties.firstIndex(where: { $0.0 == name })
    else { return self }
    properties[slot].1 = schema
    members[index].1 = .object(properties)
    return .object(members)
  }
}
