package main

// The application's rules for a /dbop body beyond what every JSON library checks alike: the Go copy
// of examples/json-bench/src/operations.cc's checkBody (same rules, same order). RFC 8259 leaves
// these to the implementation, and the libraries differ on them, so the application decides once
// and checks before any library parses:
//   - UTF-8 only (encoding/json would replace invalid bytes with U+FFFD);
//   - arrays and objects nest at most 64 levels;
//   - between values, only JSON's own bytes: no byte order mark, no control character other than
//     tab, line feed and carriage return, nothing that cannot start or continue a JSON token;
//   - inside strings, no raw control character, only JSON's escapes, and a \u escape of a UTF-16
//     surrogate only as a high one directly followed by a low one (so no lone or reversed halves);
//     \u0000 is a character like any other;
//   - a number is written as JSON says (no leading zero, digits on both sides of a point, ...);
//     an integer (no fraction, no exponent) lies from -2^63 to 2^64-1, any other number is finite
//     as an IEEE 754 double (1e400 and -1e400 are refused; 1e-400 rounds to 0 and is kept).
// Member names that repeat are not refused: the last one wins (see makeOperation's callers).

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

// What a byte between values is: whitespace, ':' ',' and the letters of true/false/null are passed
// over (the library checks the structure); anything that cannot start or continue a token is refused.
const (
	classBad = iota
	classPass
	classQuote
	classNumber
	classOpen
	classClose
)

var byteClasses = func() (table [256]uint8) {
	for _, c := range []byte(" \t\n\r:,truefalsenull") {
		table[c] = classPass
	}
	for _, c := range []byte("-0123456789") {
		table[c] = classNumber
	}
	table['"'] = classQuote
	table['['], table['{'] = classOpen, classOpen
	table[']'], table['}'] = classClose, classClose
	return
}()

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func hexValue(s []byte) (int, bool) {
	v := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v*16 + int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v*16 + int(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// checkBody returns "" when body meets the rules above, or what is wrong. With wantFoldable (only
// encoding/json needs it), foldable tells whether an
// operation object (an object directly in the top-level array) has a member name that encoding/json
// could match to "op", "key", "value" or "by" without being that exact name: it matches struct fields
// without regard to case ("OP", "Key", even "\u212aey" with the Kelvin sign), while every other variant
// reads exact names. Only such a body needs the exact, slower decoding (ops_unmarshal.go).
func checkBody(body []byte, wantFoldable bool) (problem string, foldable bool) {
	if !utf8.Valid(body) {
		return "the body is not valid UTF-8", false
	}
	depth := 0
	n := len(body)
	for i := 0; i < n; {
		class := byteClasses[body[i]]
		if class == classPass {
			i++
			continue
		}
		switch class {
		case classQuote:
			// A string: plain runs skipped a word at a time, escapes and control characters checked.
			// An unterminated one is left to the JSON library (it refuses it).
			start, escaped := i+1, false
			for i++; ; {
				i = nextStringSpecial(body, i)
				if i >= n {
					return "", foldable
				}
				c := body[i]
				if c == '"' {
					// Only names of 2, 3 or 5 bytes can fold to an operation's fields (the Kelvin sign
					// takes 3), unless escaped.
					if l := i - start; wantFoldable && depth == 2 && !foldable && (escaped || l == 2 || l == 3 || l == 5) {
						foldable = foldableName(body, start, i, escaped)
					}
					i++
					break
				}
				if c < 0x20 {
					return fmt.Sprintf("a string holds the control character 0x%02x unescaped", c), false
				}
				if i+1 >= n { // a backslash at the very end
					return "", foldable
				}
				escaped = true
				next, problem := checkEscape(body, i)
				if problem != "" {
					return problem, false
				}
				i = next
			}
		case classNumber:
			end, problem := scanNumber(body, i)
			if problem != "" {
				return problem, false
			}
			i = end
		case classOpen:
			depth++
			if depth > maxDepth {
				return "the body nests arrays and objects deeper than 64 levels", false
			}
			i++
		case classClose:
			if depth > 0 {
				depth--
			}
			i++
		default:
			return fmt.Sprintf("byte 0x%02x at offset %d is not JSON here", body[i], i), false
		}
	}
	return "", foldable
}

// foldableName: whether the string body[start:end] (between its quotes), when it is a member name
// (a ':' follows), might be matched by encoding/json to an operation's field without being its exact
// name: escaped, not ASCII (the Kelvin sign folds to k), or "op", "key", "value", "by" in other case.
func foldableName(body []byte, start, end int, escaped bool) bool {
	name := body[start:end]
	if !escaped {
		switch string(name) {
		case "op", "key", "value", "by":
			return false
		}
		if !foldsToField(name) {
			return false
		}
	}
	next := end + 1
	for next < len(body) && (body[next] == ' ' || body[next] == '\t' || body[next] == '\n' || body[next] == '\r') {
		next++
	}
	return next < len(body) && body[next] == ':'
}

// foldsToField: name is not ASCII, or is "op", "key", "value" or "by" in some letter case.
func foldsToField(name []byte) bool {
	for _, c := range name {
		if c >= 0x80 {
			return true
		}
	}
	// c|0x20 is the lower-case letter for both cases of a letter, and no other byte gives it.
	is := func(field string) bool {
		for k := range name {
			if name[k]|0x20 != field[k] {
				return false
			}
		}
		return true
	}
	switch len(name) {
	case 2:
		return is("op") || is("by")
	case 3:
		return is("key")
	case 5:
		return is("value")
	}
	return false
}

// nextStringSpecial: the first byte at or after i that ends a run of plain string bytes: '"', '\\'
// or a control character (len(body) when none). Eight bytes at a time, as operations.cc does.
func nextStringSpecial(body []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := len(body)
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(body[i:])
		quote, backslash := x^(ones*'"'), x^(ones*'\\')
		// A byte's high bit is set where it is zero (after the xor) or below 0x20; the lowest such
		// byte is exact (a borrow only reaches bytes above it).
		found := (((quote - ones) &^ quote) | ((backslash - ones) &^ backslash) | ((x - ones*0x20) &^ x)) & highs
		if found != 0 {
			return i + bits.TrailingZeros64(found)>>3
		}
	}
	for i < n && body[i] != '"' && body[i] != '\\' && body[i] >= 0x20 {
		i++
	}
	return i
}

// checkEscape checks the escape at body[i] (a backslash, i+1 < len(body)); returns the offset after it.
func checkEscape(body []byte, i int) (int, string) {
	switch body[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, ""
	case 'u':
		unit, ok := escapedUnit(body, i)
		switch {
		case !ok:
			return 0, `a \u escape needs four hex digits`
		case unit >= 0xDC00 && unit <= 0xDFFF:
			return 0, `a \u escape is a low surrogate without a high one before it`
		case unit >= 0xD800 && unit <= 0xDBFF:
			low, ok := escapedUnit(body, i+6)
			if !ok || low < 0xDC00 || low > 0xDFFF {
				return 0, `a \u escape is a high surrogate not followed by a low one`
			}
			return i + 12, ""
		default:
			return i + 6, ""
		}
	default:
		return 0, "a string holds the invalid escape \\" + string(rune(body[i+1]))
	}
}

// escapedUnit reads the UTF-16 code unit of a \uXXXX escape at body[i].
func escapedUnit(body []byte, i int) (int, bool) {
	if i+6 > len(body) || body[i] != '\\' || body[i+1] != 'u' {
		return 0, false
	}
	return hexValue(body[i+2 : i+6])
}

var (
	int64MinDigits  = "9223372036854775808"  // -2^63 without its sign
	uint64MaxDigits = "18446744073709551615" // 2^64 - 1
)

// scanNumber checks the number that starts at body[i] (a '-' or a digit); returns the offset after it.
func scanNumber(body []byte, i int) (int, string) {
	n := len(body)
	start := i
	// The token: every byte a number can be made of, so that "1.5.3" or "01" is one malformed token.
	end := i
	for end < n && (isDigit(body[end]) || body[end] == '-' || body[end] == '+' || body[end] == '.' || body[end] == 'e' || body[end] == 'E') {
		end++
	}
	token := body[start:end]
	malformed := func() (int, string) { return 0, "the number " + quoteToken(token) + " is not written as JSON allows" }
	p := 0
	negative := p < len(token) && token[p] == '-'
	if negative {
		p++
	}
	intStart := p
	for p < len(token) && isDigit(token[p]) {
		p++
	}
	intDigits := token[intStart:p]
	if len(intDigits) == 0 || (len(intDigits) > 1 && intDigits[0] == '0') {
		return malformed()
	}
	var fracDigits []byte
	hasFrac, hasExp := false, false
	if p < len(token) && token[p] == '.' {
		p++
		fs := p
		for p < len(token) && isDigit(token[p]) {
			p++
		}
		if p == fs {
			return malformed()
		}
		fracDigits, hasFrac = token[fs:p], true
	}
	exponent := 0 // saturated: only its size matters beyond a few hundred
	if p < len(token) && (token[p] == 'e' || token[p] == 'E') {
		p++
		expNegative := false
		if p < len(token) && (token[p] == '+' || token[p] == '-') {
			expNegative = token[p] == '-'
			p++
		}
		es := p
		for p < len(token) && isDigit(token[p]) {
			if exponent < 1000000 {
				exponent = exponent*10 + int(token[p]-'0')
			}
			p++
		}
		if p == es {
			return malformed()
		}
		if expNegative {
			exponent = -exponent
		}
		hasExp = true
	}
	if p != len(token) {
		return malformed()
	}
	if !hasFrac && !hasExp {
		limit := uint64MaxDigits
		if negative {
			limit = int64MinDigits
		}
		if len(intDigits) > len(limit) || (len(intDigits) == len(limit) && string(intDigits) > limit) {
			return 0, "the integer " + quoteToken(token) + " is outside -2^63 to 2^64-1"
		}
		return end, ""
	}
	// value = 0.d1d2... x 10^magnitude, d1 the first non-zero digit. Below 10^308 it is finite; at
	// 10^309 or above it is not; in between the double nearest to it decides.
	magnitude := 0
	if intDigits[0] != '0' {
		magnitude = len(intDigits) + exponent
	} else {
		k := 0
		for k < len(fracDigits) && fracDigits[k] == '0' {
			k++
		}
		if k == len(fracDigits) {
			return end, "" // zero
		}
		magnitude = exponent - k
	}
	if magnitude <= 308 {
		return end, ""
	}
	if magnitude == 309 {
		if _, err := strconv.ParseFloat(string(token), 64); err == nil {
			return end, ""
		}
	}
	return 0, "the number " + quoteToken(token) + " is beyond the range of a double"
}

func quoteToken(token []byte) string {
	if len(token) > 40 {
		return string(token[:40]) + "..."
	}
	return string(token)
}
