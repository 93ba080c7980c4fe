"""Validates Lottie files against the Lottie Animation Community's JSON Schema (PyPI lottie-specs).

usage: python3 validate_lottie.py FILE.json...   prints "FILE: valid" or the first errors; exit 1 if any is invalid.
The schema (draft 2020-12) ships inside the package (lottie_specs/data/lottie.schema.json) and refers only to its
own $defs, so jsonschema needs no resolver.
"""
import json
import sys

import jsonschema
from lottie_specs import load_specs

schema = load_specs()
# One correction: the schema's data URL pattern has no "+" in the media type, so it rejects every
# "data:image/svg+xml;base64,…" (RFC 2397 media types are MIME types, which have it; scenec embeds text as SVG
# images). Only that character is added; if the package changes the pattern, this says so instead of guessing.
data_url = schema["$defs"]["values"]["data-url"]
if data_url.get("pattern") != r"^data:([\w/]+)(;base64)?,(.+)$":
    sys.exit(f"validate_lottie.py: lottie-specs' data-url pattern changed to {data_url.get('pattern')!r}; review the correction")
data_url["pattern"] = r"^data:([\w/+]+)(;base64)?,(.+)$"
validator = jsonschema.Draft202012Validator(schema)
status = 0
for path in sys.argv[1:]:
    with open(path) as file:
        document = json.load(file)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    for error in errors[:5]:
        where = "/".join(str(part) for part in error.absolute_path)
        print(f"{path}: {where}: {error.message[:300]}")
    if errors:
        status = 1
    else:
        print(f"{path}: valid")
sys.exit(status)
