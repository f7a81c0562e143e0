package names

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"soundworld/world"
)

// Parse reads a user's names file (docs/names.md): JSON, an object whose
// keys are ids ("0xA9B40000" or decimal) and values names, or CSV, rows of
// id,name (an optional header row "id,name"; lines starting with # are
// comments). file names the file in errors, with the line or key at fault.
func Parse(file string, b []byte) (map[uint32]string, error) {
	b = world.TrimBOM(b) // a Windows editor's byte order mark
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '{' {
		return parseJSON(file, t)
	}
	return parseCSV(file, b)
}

func parseJSON(file string, b []byte) (map[uint32]string, error) {
	var raw map[string]string
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a names file (JSON: an object of \"0xID\": \"name\"): %v", file, err)
	}
	out := make(map[uint32]string, len(raw))
	for k, v := range raw {
		id, err := parseID(k)
		if err != nil {
			return nil, fmt.Errorf("%s: key %q: %v", file, k, err)
		}
		if v = strings.TrimSpace(v); v == "" {
			return nil, fmt.Errorf("%s: key %q: empty name", file, k)
		}
		out[id] = v
	}
	return out, nil
}

func parseCSV(file string, b []byte) (map[uint32]string, error) {
	r := csv.NewReader(bytes.NewReader(b))
	r.Comment, r.FieldsPerRecord, r.TrimLeadingSpace = '#', -1, true
	out := map[uint32]string{}
	for first := true; ; first = false {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		if first && len(rec) == 2 && strings.EqualFold(rec[0], "id") {
			continue // the header
		}
		if len(rec) != 2 {
			return nil, fmt.Errorf("%s:%d: %d fields, want id,name", file, line, len(rec))
		}
		id, err := parseID(rec[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
		name := strings.TrimSpace(rec[1])
		if name == "" {
			return nil, fmt.Errorf("%s:%d: empty name for 0x%08X", file, line, id)
		}
		out[id] = name
	}
}

// parseID reads "0xA9B40000" (hex) or a decimal id.
func parseID(s string) (uint32, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("id %q is not a 32-bit number (write 0xA9B40000 or decimal)", s)
	}
	return uint32(v), nil
}
