//go:build sonic && !simdjsongo

package main

import "github.com/bytedance/sonic"

const jsonLibrary = "sonic"

func jsonLibraryVersion() string { return moduleVersion("github.com/bytedance/sonic") }

// The settings of ConfigStd, which gin's own sonic codec uses (compatible with encoding/json), but
// with exact member names: ConfigStd, like encoding/json, would let "OP" fill the field for "op".
var decoding = sonic.Config{EscapeHTML: true, SortMapKeys: true, CompactMarshaler: true, CopyString: true,
	ValidateString: true, CaseSensitive: true}.Froze()

const caseSensitive = true

func unmarshal(data []byte, v any) error { return decoding.Unmarshal(data, v) }

func valid(data []byte) bool { return decoding.Valid(data) }

// jsonLibraryUnusable: "" (it runs on any CPU Go runs on).
func jsonLibraryUnusable() string { return "" }
