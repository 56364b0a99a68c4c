"""Parses Prometheus text format from stdin with the official Python client's parser
(Debian's python3-prometheus-client) and prints the metric families as JSON. Exits 1, naming the
problem, when the text is not valid. Used by builtin-plugins.test.js."""
import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families


def number(value):
    # JSON has no infinities or NaN: give them as strings.
    return value if math.isfinite(value) else str(value)


try:
    families = [
        {
            "name": family.name,
            "type": family.type,
            "help": family.documentation,
            "samples": [
                {"name": s.name, "labels": s.labels, "value": number(s.value)}
                for s in family.samples
            ],
        }
        for family in text_string_to_metric_families(sys.stdin.read())
    ]
except Exception as error:  # the parser raises ValueError (and others) on bad input
    print(f"not Prometheus text format: {type(error).__name__}: {error}", file=sys.stderr)
    sys.exit(1)
json.dump(families, sys.stdout)
