"""Validates spec files against the JSON Schema `scenec schema` prints (the one editors use).

    python3 validate_specs_schema.py SCHEMA.json SPEC.yaml...

Specs are read as YAML 1.2's core schema reads them, as libyaml-based scenec and YAML 1.2 editors do: PyYAML's
YAML 1.1 resolver would turn the transition key `on` (and yes/no/off) into booleans. Prints one line per file
('valid' or its errors); exits 1 when any file is invalid.
"""
import json
import re
import sys

import jsonschema
import yaml


class CoreSchemaLoader(yaml.SafeLoader):
    pass


# Only true/false (any case YAML 1.2 allows) are booleans; on/off/yes/no stay strings.
CoreSchemaLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def main():
    schema = json.load(open(sys.argv[1]))
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as file:
            document = yaml.load(file, Loader=CoreSchemaLoader)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            failed = True
            for error in errors[:10]:
                print(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
        else:
            print(f"{path}: valid")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
