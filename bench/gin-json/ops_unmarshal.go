//go:build !simdjsongo

package main

// parseOperations for the libraries with encoding/json's interface (encoding/json, sonic): the body
// into a list of member maps. Maps, not a struct: a struct field would also take "OP" or "Key"
// (encoding/json matches names without regard to case), and a map keeps the last of repeated names,
// as the other libraries do; the value object's size is then its count of distinct names.

import "encoding/json"

func stringField(raw json.RawMessage) (fieldState, string) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || unmarshal(raw, &s) != nil {
		return fieldWrongType, ""
	}
	return fieldPresent, s
}

// elementParsed reads one element's members (nil: the element is not an object).
func elementParsed(members map[string]json.RawMessage) parsedOp {
	p := parsedOp{isObject: members != nil}
	if raw, found := members["op"]; found {
		p.op, p.opName = stringField(raw)
	}
	if raw, found := members["key"]; found {
		p.key, p.keyText = stringField(raw)
	}
	if raw, found := members["value"]; found {
		p.value = fieldWrongType
		var names map[string]json.RawMessage
		if len(raw) > 0 && raw[0] == '{' && unmarshal(raw, &names) == nil {
			p.value, p.valueFields, p.record = fieldPresent, len(names), raw
		}
	}
	if raw, found := members["by"]; found {
		// An int64 literal: 3.0, 1e3, "1" and out-of-range values fail to unmarshal; null would not.
		p.by = fieldWrongType
		if len(raw) > 0 && raw[0] != 'n' && unmarshal(raw, &p.byValue) == nil {
			p.by = fieldPresent
		}
	}
	return p
}

func parseOperations(body []byte) ([]checkedOp, string, string) {
	var elements []map[string]json.RawMessage // one call in the common case
	err := unmarshal(body, &elements)
	if err != nil {
		if !valid(body) {
			return nil, "invalid-json", "the body is not JSON: " + err.Error()
		}
		// JSON, but not an array of objects: read it element by element to name the first problem.
		var list []json.RawMessage
		if unmarshal(body, &list) != nil {
			return nil, "invalid-operations", arrayMessage(0, false)
		}
		elements = make([]map[string]json.RawMessage, len(list))
		for i, raw := range list {
			if len(raw) > 0 && raw[0] == '{' {
				unmarshal(raw, &elements[i])
			}
		}
	} else if elements == nil {
		return nil, "invalid-operations", arrayMessage(0, false) // null decodes to a nil slice
	}
	if len(elements) == 0 || len(elements) > maxOperations {
		return nil, "invalid-operations", arrayMessage(len(elements), true)
	}
	ops := make([]checkedOp, len(elements))
	for i, members := range elements {
		p := elementParsed(members) // a null element decodes to a nil map: not an object
		op, msg := makeOperation(&p, i)
		if msg != "" {
			return nil, "invalid-operations", msg
		}
		ops[i] = op
	}
	return ops, "", ""
}
