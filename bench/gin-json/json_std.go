//go:build !sonic && !simdjsongo

package main

import "encoding/json"

const jsonLibrary = "encoding/json"

// encoding/json matches struct fields without regard to case (ops_unmarshal.go).
const caseSensitive = false

func jsonLibraryVersion() string { return "(Go standard library)" }

func unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

func valid(data []byte) bool { return json.Valid(data) }

// jsonLibraryUnusable: "" (it runs on any CPU Go runs on).
func jsonLibraryUnusable() string { return "" }
