"""Validates lines of the harness <-> Python child protocol against its written schema,
reports/schema/adapter-protocol.schema.json (JSON Schema draft 2020-12), with jsonschema: an
independent validator, so that neither side is checked against itself.

    protocol_messages.py REQUESTS.jsonl REPLIES.jsonl

prints the number of lines of each kind and every line that is no valid message, and exits 1 if
there is one (2 if a file cannot be read). Imported, validator(name) checks one $defs entry."""

import collections
import json
import pathlib
import sys

import jsonschema

SCHEMA_PATH = (pathlib.Path(__file__).resolve().parents[3] / "reports" / "schema"
               / "adapter-protocol.schema.json")


def schema():
    document = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(document)
    return document


def validator(name, document=None):
    """A validator of the schema's $defs entry `name` ("request", "reply", ...)."""
    document = document or schema()
    entry = {key: value for key, value in document.items() if key != "oneOf"}
    entry["$ref"] = f"#/$defs/{name}"
    return jsonschema.Draft202012Validator(entry)


def kind_of(message):
    kind = message.get("type", "?") if isinstance(message, dict) else type(message).__name__
    if kind == "error":
        kind += ":" + str(message.get("kind"))
    return kind


def check_file(path, check, side, counts, problems):
    for number, line in enumerate(pathlib.Path(path).read_text().splitlines(), 1):
        try:
            message = json.loads(line)
        except ValueError as e:
            problems.append(f"{path}:{number}: not JSON ({e})")
            continue
        errors = sorted(check.iter_errors(message), key=lambda e: list(e.absolute_path))
        for error in errors[:3]:
            where = "/".join(map(str, error.absolute_path))
            problems.append(f"{path}:{number}: {side} {kind_of(message)}: {where}: "
                            f"{error.message[:300]}")
        if not errors:
            counts[f"{side} {kind_of(message)}"] += 1


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    document = schema()
    counts, problems = collections.Counter(), []
    try:
        check_file(argv[1], validator("request", document), "request", counts, problems)
        check_file(argv[2], validator("reply", document), "reply", counts, problems)
    except OSError as e:
        print(f"protocol_messages: {e}", file=sys.stderr)
        return 2
    for kind, count in sorted(counts.items()):
        print(f"valid {kind}: {count}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
