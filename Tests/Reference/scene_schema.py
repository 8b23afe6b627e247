#!/usr/bin/env python3
"""Validates scenes against Flipbook's JSON Schema with an independent validator.

The validator is the Python `jsonschema` package (Draft202012Validator); YAML is read with
PyYAML. Overrides (a scene's variants, a test's mutations) are applied here with a second
implementation of Flipbook's override paths (`a.b[2].c`; a key containing dots, such as
`velocity.y`, is matched too; a missing key is created).

    scene_schema.py SCHEMA validate FILE...    one JSON line per scene and variant
    scene_schema.py SCHEMA mutate CASES.json   one JSON line per case {"file", "set"}

Each output line is {"file", "variant" or "set", "valid", "errors"}; the exit status is 0
whenever the validation ran (the verdicts are in the lines), 2 when it could not run.
"""
import json
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as e:  # the Swift test reports this as a skip, visibly
    print(f"missing Python package: {e.name}", file=sys.stderr)
    sys.exit(3)


def steps_of(path):
    steps, name, i = [], "", 0
    while i < len(path):
        c = path[i]
        if c == ".":
            if name:
                steps.append(("key", name))
                name = ""
        elif c == "[":
            if name:
                steps.append(("key", name))
                name = ""
            close = path.index("]", i)
            steps.append(("index", int(path[i + 1:close])))
            i = close
        else:
            name += c
        i += 1
    if name:
        steps.append(("key", name))
    return steps


def spelled(key, steps, i):
    """How many key steps from steps[i] spell `key` joined with dots, or None."""
    parts = str(key).split(".")
    for n, part in enumerate(parts):
        if i + n >= len(steps) or steps[i + n] != ("key", part):
            return None
    return len(parts)


def put(node, steps, i, value):
    if i == len(steps):
        return value
    kind, step = steps[i]
    if kind == "key":
        if node is None:
            node = {}
        if not isinstance(node, dict):
            raise ValueError(f"no key {step!r} in a {type(node).__name__}")
        best = None
        for key in node:
            n = spelled(key, steps, i)
            if n is not None and (best is None or n >= best[1]):
                best = (key, n)
        if best:
            node[best[0]] = put(node[best[0]], steps, i + best[1], value)
        else:
            node[step] = value if i + 1 == len(steps) else put({}, steps, i + 1, value)
        return node
    if not isinstance(node, list):
        raise ValueError("not a list")
    if step < len(node):
        node[step] = put(node[step], steps, i + 1, value)
    elif step == len(node):
        node.append(put({}, steps, i + 1, value))
    else:
        raise ValueError(f"index {step} past the end")
    return node


def errors_of(validator, document):
    found = []
    for e in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path)
        found.append(f"{where or '.'}: {e.message[:300]}")
    return found


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    mode = sys.argv[2]
    if mode == "validate":
        for path in sys.argv[3:]:
            document = load(path)
            variants = document.get("variants") or {} if isinstance(document, dict) else {}
            errors = errors_of(validator, document)
            print(json.dumps({"file": path, "variant": None, "valid": not errors, "errors": errors}))
            for name, changes in variants.items():
                varied = load(path)
                for key, value in (changes or {}).items():
                    varied = put(varied, steps_of(str(key)), 0, value)
                errors = errors_of(validator, varied)
                print(json.dumps({"file": path, "variant": name, "valid": not errors, "errors": errors}))
    elif mode == "mutate":
        with open(sys.argv[3], encoding="utf-8") as f:
            cases = json.load(f)
        for case in cases:
            path, value = case["set"].split("=", 1)
            try:
                document = put(load(case["file"]), steps_of(path), 0, yaml.safe_load(value))
            except (ValueError, IndexError) as e:
                print(json.dumps({"file": case["file"], "set": case["set"], "valid": None, "errors": [f"the path does not apply: {e}"]}))
                continue
            errors = errors_of(validator, document)
            print(json.dumps({"file": case["file"], "set": case["set"], "valid": not errors, "errors": errors}))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
