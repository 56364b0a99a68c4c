//go:build simdjsongo

package main

// gin + simdjson-go (github.com/minio/simdjson-go): the body is parsed by simdjson-go into its tape
// and read from there; gin writes the answers with encoding/json, as in the encoding/json variant.
// simdjson-go needs an x86-64 CPU with AVX2 and CLMUL and has no fallback: jsonLibraryUnusable says
// so before the server starts (and for -check-cpu, which the bench runs to list it as not built).

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	"github.com/klauspost/cpuid/v2"
	"github.com/minio/simdjson-go"
)

const jsonLibrary = "simdjson-go"

// Member names are read exactly as they are (ops_unmarshal.go needs to know for encoding/json).
const caseSensitive = true

func jsonLibraryVersion() string { return moduleVersion("github.com/minio/simdjson-go") }

// jsonLibraryUnusable: "" when simdjson-go can parse on this CPU, else why not (one line).
func jsonLibraryUnusable() string {
	if simdjson.SupportedCPU() {
		return ""
	}
	var missing []string
	if !cpuid.CPU.Supports(cpuid.AVX2) {
		missing = append(missing, "AVX2")
	}
	if !cpuid.CPU.Supports(cpuid.CLMUL) {
		missing = append(missing, "CLMUL")
	}
	if len(missing) == 0 {
		missing = append(missing, "what simdjson.SupportedCPU() checks")
	}
	this := "this one"
	if brand := strings.TrimSpace(cpuid.CPU.BrandName); brand != "" {
		this += " (" + brand + ")"
	}
	return "simdjson-go needs an x86-64 CPU with AVX2 and CLMUL; " + this + " lacks " + strings.Join(missing, " and ")
}

// Parsed documents are reused (their tape and string buffers), one per request at a time.
var documents = sync.Pool{New: func() any { return (*simdjson.ParsedJson)(nil) }}

// A body that is not an object or an array: simdjson-go parses only those, so encoding/json tells a
// valid scalar (invalid-operations, as elsewhere) from text that is not JSON.
func notContainer(body []byte) bool {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	return len(trimmed) == 0 || (trimmed[0] != '[' && trimmed[0] != '{')
}

func parseOperations(body []byte, _ bool) ([]checkedOp, string, string) { // exact names: no foldable case
	if notContainer(body) {
		if json.Valid(body) {
			return nil, "invalid-operations", arrayMessage(0, false)
		}
		return nil, "invalid-json", "the body is not JSON"
	}
	reuse := documents.Get().(*simdjson.ParsedJson)
	// Strings may point into body: everything kept is copied before the handler returns.
	pj, err := simdjson.Parse(body, reuse, simdjson.WithCopyStrings(false))
	if err != nil { // the reused document is dropped with it
		return nil, "invalid-json", "the body is not JSON: " + err.Error()
	}
	defer documents.Put(pj)
	iter := pj.Iter()
	if iter.Advance() != simdjson.TypeRoot {
		return nil, "invalid-json", "the body is not JSON"
	}
	rootType, root, err := iter.Root(nil)
	if err != nil {
		return nil, "invalid-json", "the body is not JSON: " + err.Error()
	}
	if rootType != simdjson.TypeArray {
		return nil, "invalid-operations", arrayMessage(0, false)
	}
	array, err := root.Array(nil)
	if err != nil {
		return nil, "invalid-json", "the body is not JSON: " + err.Error()
	}
	ops := make([]checkedOp, 0, 16)
	elements := array.Iter()
	var object simdjson.Object
	var member, valueMember simdjson.Iter
	var valueObject simdjson.Object
	for index := 0; ; index++ {
		t := elements.Advance()
		if t == simdjson.TypeNone {
			break
		}
		if index >= maxOperations {
			count := index + 1
			for elements.Advance() != simdjson.TypeNone {
				count++
			}
			return nil, "invalid-operations", arrayMessage(count, true)
		}
		p := parsedOp{isObject: t == simdjson.TypeObject}
		if p.isObject {
			if _, err := elements.Object(&object); err != nil {
				return nil, "invalid-json", "the body is not JSON: " + err.Error()
			}
			for {
				name, mt, err := object.NextElementBytes(&member)
				if err != nil {
					return nil, "invalid-json", "the body is not JSON: " + err.Error()
				}
				if mt == simdjson.TypeNone {
					break
				}
				// Every member is read in order, so a repeated name's last value wins.
				switch string(name) {
				case "op":
					p.op, p.opName = stringMember(&member, mt)
				case "key":
					p.key, p.keyText = stringMember(&member, mt)
				case "value":
					p.value, p.valueFields, p.record = fieldWrongType, 0, nil
					if mt == simdjson.TypeObject {
						if _, err := member.Object(&valueObject); err != nil {
							return nil, "invalid-json", "the body is not JSON: " + err.Error()
						}
						fields, err := distinctNames(&valueObject, &valueMember)
						if err != nil {
							return nil, "invalid-json", "the body is not JSON: " + err.Error()
						}
						record, err := member.MarshalJSON()
						if err != nil {
							return nil, "invalid-json", "the body is not JSON: " + err.Error()
						}
						p.value, p.valueFields, p.record = fieldPresent, fields, record
					}
				case "by":
					// TypeInt only: a float (3.0, 1e3) or an unsigned integer above int64 is refused.
					p.by, p.byValue = fieldWrongType, 0
					if mt == simdjson.TypeInt {
						if v, err := member.Int(); err == nil {
							p.by, p.byValue = fieldPresent, v
						}
					}
				}
			}
		}
		op, msg := makeOperation(&p, index)
		if msg != "" {
			return nil, "invalid-operations", msg
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return nil, "invalid-operations", arrayMessage(0, true)
	}
	return ops, "", ""
}

func stringMember(member *simdjson.Iter, t simdjson.Type) (fieldState, string) {
	if t != simdjson.TypeString {
		return fieldWrongType, ""
	}
	s, err := member.String() // a copy: body's buffer is gin's, the tape is reused
	if err != nil {
		return fieldWrongType, ""
	}
	return fieldPresent, s
}

// distinctNames counts the distinct member names of an object (a repeated name counts once):
// compared in turn while there are few, through a set beyond that.
func distinctNames(object *simdjson.Object, member *simdjson.Iter) (int, error) {
	const fewNames = 32
	var names [][]byte
	var set map[string]struct{}
	for {
		name, t, err := object.NextElementBytes(member)
		if err != nil {
			return 0, err
		}
		if t == simdjson.TypeNone {
			break
		}
		if set != nil {
			set[string(name)] = struct{}{}
			continue
		}
		repeated := false
		for _, seen := range names {
			if bytes.Equal(seen, name) {
				repeated = true
				break
			}
		}
		if !repeated {
			names = append(names, name)
		}
		if len(names) > fewNames {
			set = make(map[string]struct{}, 2*len(names))
			for _, seen := range names {
				set[string(seen)] = struct{}{}
			}
		}
	}
	if set != nil {
		return len(set), nil
	}
	return len(names), nil
}
