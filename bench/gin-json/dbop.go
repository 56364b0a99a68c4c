package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"sync"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
)

// The limits of examples/json-bench/src/operations.h.
const (
	maxBodyBytes  = 64 * 1024
	maxOperations = 100
	maxKeyBytes   = 256
	maxNameBytes  = 64
	maxTables     = 1024
	maxDepth      = 64
)

// nestingDepth is operations.cc's rule: the deepest nesting of arrays and objects outside strings.
func nestingDepth(body []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case inString && c == '\\':
			i++
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			if depth > deepest {
				deepest = depth
			}
		case (c == ']' || c == '}') && depth > 0:
			depth--
		}
	}
	return deepest
}

type operation struct {
	Op    string          `json:"op"`
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
	By    json.RawMessage `json:"by"` // read only for increment: elsewhere any type is ignored, as in Drogon
}

type opResult struct {
	Op     string `json:"op"`
	Key    string `json:"key"`
	Status string `json:"status"`
	Fields *int   `json:"fields,omitempty"`
	Value  *int64 `json:"value,omitempty"`
	Error  string `json:"error,omitempty"`
}

type summary struct {
	DB         string     `json:"db"`
	Table      string     `json:"table"`
	Operations int        `json:"operations"`
	Applied    int        `json:"applied"`
	Failed     int        `json:"failed"`
	Results    []opResult `json:"results"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

func fail(c *gin.Context, status int, code, msg string) {
	c.JSON(status, errorBody{Error: errorDetail{Code: code, Message: msg}})
}

type entry struct {
	isCounter bool
	counter   int64
	fields    int
	record    []byte
}

type table struct {
	mu      sync.Mutex
	entries map[string]*entry
}

var (
	storeMu sync.RWMutex
	tables  = map[string]*table{}
)

func findTable(db, name string) *table {
	key := db + "/" + name
	storeMu.RLock()
	t := tables[key]
	storeMu.RUnlock()
	if t != nil {
		return t
	}
	storeMu.Lock()
	defer storeMu.Unlock()
	if t = tables[key]; t != nil {
		return t
	}
	if len(tables) >= maxTables {
		return nil
	}
	t = &table{entries: map[string]*entry{}}
	tables[key] = t
	return t
}

func validName(name string) bool {
	if len(name) == 0 || len(name) > maxNameBytes {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

type checkedOp struct {
	operation
	fields int
	by     int64
}

// parseOperations returns the operations, or an error code and message as in operations.cc.
func parseOperations(body []byte) ([]checkedOp, string, string) {
	// encoding/json would replace invalid UTF-8 with U+FFFD; the other servers refuse it.
	if !utf8.Valid(body) {
		return nil, "invalid-json", "the body is not valid UTF-8"
	}
	var ops []operation
	if err := unmarshal(body, &ops); err != nil {
		if !valid(body) {
			return nil, "invalid-json", "the body is not JSON: " + err.Error()
		}
		return nil, "invalid-operations", "the body must be a JSON array of 1 to 100 operations: " + err.Error()
	}
	if len(ops) == 0 || len(ops) > maxOperations {
		return nil, "invalid-operations", fmt.Sprintf("the body must hold 1 to 100 operations, it holds %d", len(ops))
	}
	checked := make([]checkedOp, len(ops))
	for i, op := range ops {
		where := fmt.Sprintf("operation %d: ", i)
		if op.Op != "set" && op.Op != "increment" && op.Op != "delete" {
			return nil, "invalid-operations", where + `"op" must be "set", "increment" or "delete"`
		}
		if len(op.Key) == 0 || len(op.Key) > maxKeyBytes {
			return nil, "invalid-operations", where + `"key" must be a string of 1 to 256 bytes`
		}
		checked[i].operation = op
		switch op.Op {
		case "set":
			var members map[string]json.RawMessage
			if len(op.Value) == 0 || op.Value[0] != '{' || unmarshal(op.Value, &members) != nil {
				return nil, "invalid-operations", where + `"value" must be an object`
			}
			checked[i].fields = len(members)
		case "increment":
			// An int64 literal: 3.0, 1e3, "1" and out-of-range values fail to unmarshal; null would not.
			if len(op.By) == 0 || op.By[0] == 'n' || unmarshal(op.By, &checked[i].by) != nil {
				return nil, "invalid-operations", where + `"by" must be an integer`
			}
		}
	}
	return checked, "", ""
}

func intPtr(v int) *int       { return &v }
func int64Ptr(v int64) *int64 { return &v }

func apply(t *table, db, name string, ops []checkedOp) summary {
	out := summary{DB: db, Table: name, Operations: len(ops), Results: make([]opResult, 0, len(ops))}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, op := range ops {
		r := opResult{Op: op.Op, Key: op.Key, Status: "failed"}
		switch op.Op {
		case "set":
			e, found := t.entries[op.Key]
			if !found {
				e = &entry{}
				t.entries[op.Key] = e
				r.Status = "created"
			} else {
				r.Status = "replaced"
			}
			*e = entry{record: append([]byte(nil), op.Value...), fields: op.fields}
			r.Fields = intPtr(op.fields)
		case "increment":
			e, found := t.entries[op.Key]
			if !found {
				e = &entry{isCounter: true}
				t.entries[op.Key] = e
			}
			by := op.by
			switch {
			case !e.isCounter:
				r.Error = "not-a-counter"
			case by > 0 && e.counter > math.MaxInt64-by, by < 0 && e.counter < math.MinInt64-by:
				r.Error = "overflow"
			default:
				e.counter += by
				r.Status = "incremented"
				r.Value = int64Ptr(e.counter)
			}
		case "delete":
			if _, found := t.entries[op.Key]; found {
				delete(t.entries, op.Key)
				r.Status = "deleted"
			} else {
				r.Status = "not-found"
			}
		}
		if r.Status == "failed" {
			out.Failed++
		} else {
			out.Applied++
		}
		out.Results = append(out.Results, r)
	}
	return out
}

func dbop(c *gin.Context) {
	db, name := c.Param("db"), c.Param("table")
	if !validName(db) || !validName(name) {
		fail(c, http.StatusBadRequest, "invalid-path", "db and table must match [A-Za-z0-9_.-]{1,64}")
		return
	}
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBodyBytes+1))
	if err != nil {
		fail(c, http.StatusBadRequest, "invalid-json", "the body could not be read: "+err.Error())
		return
	}
	if len(body) > maxBodyBytes {
		fail(c, http.StatusBadRequest, "body-too-large", "the body is larger than 65536 bytes")
		return
	}
	if nestingDepth(body) > maxDepth {
		fail(c, http.StatusBadRequest, "invalid-json", "the body nests arrays and objects deeper than 64 levels")
		return
	}
	ops, code, msg := parseOperations(body)
	if code != "" {
		fail(c, http.StatusBadRequest, code, msg)
		return
	}
	t := findTable(db, name)
	if t == nil {
		fail(c, http.StatusServiceUnavailable, "too-many-tables", "the server holds 1024 tables already")
		return
	}
	c.JSON(http.StatusOK, apply(t, db, name, ops))
}
