//go:build !simdjsongo

package main

// parseOperations for the libraries with encoding/json's interface (encoding/json, sonic). Each
// element is decoded into a struct of raw members; a repeated name's last value wins, as everywhere.
// encoding/json matches struct fields without regard to case ("OP" would fill op), so a body where
// checkBody saw such a name (foldable) is decoded into maps instead, which keep exact names. sonic is
// configured case-sensitive (json_sonic.go) and never needs that.
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
	if members == nil {
		return parsedOp{}
	}
	return elementParsedFrom(members["op"], members["key"], members["value"], members["by"])
}

// elementParsedFrom types the raw members of an object (nil: the member is missing).
func elementParsedFrom(op, key, value, by json.RawMessage) parsedOp {
	p := parsedOp{isObject: true}
	if op != nil {
		p.op, p.opName = stringField(op)
	}
	if key != nil {
		p.key, p.keyText = stringField(key)
	}
	if value != nil {
		p.value = fieldWrongType
		var names map[string]json.RawMessage
		if value[0] == '{' && unmarshal(value, &names) == nil {
			p.value, p.valueFields, p.record = fieldPresent, len(names), value
		}
	}
	if by != nil {
		// An int64 literal: 3.0, 1e3, "1" and out-of-range values fail to unmarshal; null would not.
		p.by = fieldWrongType
		if by[0] != 'n' && unmarshal(by, &p.byValue) == nil {
			p.by = fieldPresent
		}
	}
	return p
}

// The members of an operation that the application reads. op and key decode straight into strings:
// a missing, null or empty one is refused by makeOperation alike (as is a null element, which decodes
// like {}), and one of another type fails the decoding, which is then redone member by member
// (notOperations) to find the first problem.
type operationFields struct {
	Op    string          `json:"op"`
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
	By    json.RawMessage `json:"by"`
}

func fieldsParsed(f *operationFields) parsedOp {
	p := elementParsedFrom(nil, nil, f.Value, f.By)
	p.op, p.opName = fieldPresent, f.Op
	p.key, p.keyText = fieldPresent, f.Key
	return p
}

func parseOperations(body []byte, foldable bool) ([]checkedOp, string, string) {
	if foldable && !caseSensitive {
		return exactOperations(body)
	}
	var elements []operationFields
	if err := unmarshal(body, &elements); err != nil {
		return notOperations(body, err)
	} else if elements == nil {
		return nil, "invalid-operations", arrayMessage(0, false) // null decodes to a nil slice
	}
	if len(elements) == 0 || len(elements) > maxOperations {
		return nil, "invalid-operations", arrayMessage(len(elements), true)
	}
	ops := make([]checkedOp, len(elements))
	for i := range elements {
		p := fieldsParsed(&elements[i])
		op, msg := makeOperation(&p, i)
		if msg != "" {
			return nil, "invalid-operations", msg
		}
		ops[i] = op
	}
	return ops, "", ""
}

// exactOperations decodes each element into a map, which keeps member names exactly as sent.
func exactOperations(body []byte) ([]checkedOp, string, string) {
	var elements []map[string]json.RawMessage
	if err := unmarshal(body, &elements); err != nil {
		return notOperations(body, err)
	} else if elements == nil {
		return nil, "invalid-operations", arrayMessage(0, false)
	}
	parsed := make([]parsedOp, len(elements))
	for i, members := range elements {
		parsed[i] = elementParsed(members) // a null element decodes to a nil map: not an object
	}
	return checkedOperations(parsed)
}

// notOperations: the answer for a body the decoder refused: not JSON, or JSON that is not an array of
// objects (read element by element, with exact names, to name the first problem).
func notOperations(body []byte, err error) ([]checkedOp, string, string) {
	if !valid(body) {
		return nil, "invalid-json", "the body is not JSON: " + err.Error()
	}
	var list []json.RawMessage
	if unmarshal(body, &list) != nil || list == nil {
		return nil, "invalid-operations", arrayMessage(0, false)
	}
	parsed := make([]parsedOp, len(list))
	for i, raw := range list {
		var members map[string]json.RawMessage
		if len(raw) > 0 && raw[0] == '{' {
			unmarshal(raw, &members)
		}
		parsed[i] = elementParsed(members)
	}
	return checkedOperations(parsed)
}

func checkedOperations(parsed []parsedOp) ([]checkedOp, string, string) {
	if len(parsed) == 0 || len(parsed) > maxOperations {
		return nil, "invalid-operations", arrayMessage(len(parsed), true)
	}
	ops := make([]checkedOp, len(parsed))
	for i := range parsed {
		op, msg := makeOperation(&parsed[i], i)
		if msg != "" {
			return nil, "invalid-operations", msg
		}
		ops[i] = op
	}
	return ops, "", ""
}
