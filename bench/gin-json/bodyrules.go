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
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Bytes that may appear between values: whitespace, structure, and what starts or continues a
// literal (true, false, null) or a number. Everything else there is refused.
var betweenValues = func() (table [256]bool) {
	for _, c := range []byte(" \t\n\r[]{}:,\"-0123456789truefalsenull") {
		table[c] = true
	}
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

// checkBody returns "" when body meets the rules above, or what is wrong.
func checkBody(body []byte) string {
	if !utf8.Valid(body) {
		return "the body is not valid UTF-8"
	}
	depth := 0
	n := len(body)
	for i := 0; i < n; {
		c := body[i]
		switch {
		case c == '"':
			end, problem := scanString(body, i+1)
			if problem != "" {
				return problem
			}
			i = end
		case c == '-' || isDigit(c):
			end, problem := scanNumber(body, i)
			if problem != "" {
				return problem
			}
			i = end
		case c == '[' || c == '{':
			depth++
			if depth > maxDepth {
				return "the body nests arrays and objects deeper than 64 levels"
			}
			i++
		case c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
			i++
		case !betweenValues[c]:
			return fmt.Sprintf("byte 0x%02x at offset %d is not JSON here", c, i)
		default:
			i++
		}
	}
	return ""
}

// scanString checks a string whose opening quote is before body[i]; returns the offset after the
// closing quote. An unterminated string is left to the JSON library (it refuses it).
func scanString(body []byte, i int) (int, string) {
	n := len(body)
	for i < n {
		c := body[i]
		switch {
		case c == '"':
			return i + 1, ""
		case c < 0x20:
			return 0, fmt.Sprintf("a string holds the control character 0x%02x unescaped", c)
		case c != '\\':
			i++
		case i+1 >= n:
			return n, ""
		default:
			switch body[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
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
					i += 12
				default:
					i += 6
				}
			default:
				return 0, "a string holds the invalid escape \\" + string(rune(body[i+1]))
			}
		}
	}
	return n, ""
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
