//go:build sonic && !simdjsongo

package main

import "github.com/bytedance/sonic"

const jsonLibrary = "sonic"

func jsonLibraryVersion() string { return moduleVersion("github.com/bytedance/sonic") }

// ConfigStd: the settings gin's own sonic codec uses (compatible with encoding/json).
func unmarshal(data []byte, v any) error { return sonic.ConfigStd.Unmarshal(data, v) }

func valid(data []byte) bool { return sonic.ConfigStd.Valid(data) }

// jsonLibraryUnusable: "" (it runs on any CPU Go runs on).
func jsonLibraryUnusable() string { return "" }
