package commands

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseID: dump's record id argument parses or fails, never panics; a
// failure quotes the argument; what parses is the 32-bit value of the text
// (0x… hex or decimal) and its hex and decimal spellings parse back to it.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"0x13000000", "0XA9B4FFFF", "4294967295", "4294967296", "0x", "0x1FFFFFFFF", "-1", "+5", "1_000", "0x_1", " 7", "", "0xffff0001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := parseID(s)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(s)) {
				t.Fatalf("error %q does not quote the argument %q", err, s)
			}
			return
		}
		var want uint64
		if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
			want, err = strconv.ParseUint(h, 16, 64)
		} else {
			want, err = strconv.ParseUint(s, 10, 64)
		}
		if err != nil || want != uint64(id) {
			t.Fatalf("%q parsed as 0x%X; independent parse gives %d, %v", s, id, want, err)
		}
		for _, back := range []string{fmt.Sprintf("0x%08X", id), strconv.FormatUint(uint64(id), 10)} {
			if v, err := parseID(back); err != nil || v != id {
				t.Fatalf("%q → 0x%X → %q → 0x%X, %v", s, id, back, v, err)
			}
		}
	})
}
