# Validates the JSON document on standard input against the JSON Schema named by the first argument, with
# Python's jsonschema. Exit status 0 valid, 1 invalid (each error printed), 3 jsonschema missing.
import json, sys
try:
    import jsonschema
except ImportError:
    print("python3 has no jsonschema module (pip install jsonschema)")
    sys.exit(3)
with open(sys.argv[1], encoding="utf-8") as handle:
    schema = json.load(handle)
document = json.load(sys.stdin)
validator = jsonschema.validators.validator_for(schema)
validator.check_schema(schema)
errors = sorted(validator(schema).iter_errors(document), key=lambda error: list(error.absolute_path))
for error in errors:
    print("/".join(map(str, error.absolute_path)) or "<root>", ":", error.message)
sys.exit(1 if errors else 0)
