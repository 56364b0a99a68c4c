package main

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"sync"

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

// checkedOp is one operation of a body that passed every check: what apply() needs.
type checkedOp struct {
	Op     string
	Key    string
	record []byte // set: the value object as JSON text
	fields int    // set: distinct member names of the value object
	by     int64  // increment
}

// What a codec found in one element of the body's array (operations.h's ParsedOperation).
type fieldState int

const (
	fieldMissing fieldState = iota
	fieldWrongType
	fieldPresent
)

type parsedOp struct {
	isObject    bool
	op          fieldState
	opName      string
	key         fieldState
	keyText     string
	value       fieldState // present only when it is an object
	valueFields int        // distinct member names
	record      []byte
	by          fieldState // present only when it is an integer in int64 range
	byValue     int64
}

// makeOperation is operations.cc's rule for one element: the operation, or why element index is invalid.
func makeOperation(p *parsedOp, index int) (checkedOp, string) {
	where := fmt.Sprintf("operation %d: ", index)
	if !p.isObject {
		return checkedOp{}, where + "must be an object"
	}
	if p.op != fieldPresent {
		return checkedOp{}, where + `"op" must be a string`
	}
	if p.opName != "set" && p.opName != "increment" && p.opName != "delete" {
		return checkedOp{}, where + `"op" must be "set", "increment" or "delete"`
	}
	if p.key != fieldPresent || len(p.keyText) == 0 || len(p.keyText) > maxKeyBytes {
		return checkedOp{}, where + `"key" must be a string of 1 to 256 bytes`
	}
	out := checkedOp{Op: p.opName, Key: p.keyText}
	switch p.opName {
	case "set":
		if p.value != fieldPresent {
			return checkedOp{}, where + `"value" must be an object`
		}
		out.record, out.fields = p.record, p.valueFields
	case "increment":
		if p.by != fieldPresent {
			return checkedOp{}, where + `"by" must be an integer`
		}
		out.by = p.byValue
	}
	return out, ""
}

// arrayMessage: the message for a body that is not an array of 1 to maxOperations elements.
func arrayMessage(count int, isArray bool) string {
	if !isArray {
		return "the body must be a JSON array of 1 to 100 operations"
	}
	return fmt.Sprintf("the body must hold 1 to 100 operations, it holds %d", count)
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
			*e = entry{record: op.record, fields: op.fields}
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
	// The application's own rules for bodies (bodyrules.go), the same in every variant: UTF-8, nesting
	// depth, and what JSON leaves to implementations (number range, \u escapes, stray bytes).
	problem, foldable := checkBody(body, !caseSensitive)
	if problem != "" {
		fail(c, http.StatusBadRequest, "invalid-json", problem)
		return
	}
	ops, code, msg := parseOperations(body, foldable)
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
