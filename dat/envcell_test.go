package dat

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func sampleEnvCell() *EnvCell {
	return &EnvCell{ID: 0xA9B40100, Flags: EnvCellSeenOutside | EnvCellHasStatics | EnvCellHasRestriction,
		Surfaces: []uint16{0x0032, 0x0107, 0x0108}, Environment: 0x0425, CellStructure: 2,
		Frame:        Frame{X: 90, Y: 12, Z: 84, QW: 1},
		Portals:      []CellPortal{{Flags: 2, Polygon: 3, OtherCell: 0xFFFF, OtherPortal: 0}, {Flags: 0, Polygon: 5, OtherCell: 0x0101, OtherPortal: 1}},
		VisibleCells: []uint16{0x0101},
		Statics:      []Stab{{ID: 0x0200029F, Frame: Frame{X: 91, Y: 13, Z: 84, QW: 1}}},
		Restriction:  0x7000000B}
}

// TestA11_ParseEnvCell: an EnvCell round-trips through its encoding, byte
// offsets of the fields are as ACE's DatLoader reads them (flags at 4, the
// frame after the surfaces, environment and structure), seen_outside is bit
// 0, and damaged records are errors naming the record and the byte.
func TestA11_ParseEnvCell(t *testing.T) {
	c := sampleEnvCell()
	b := EncodeEnvCell(c)
	if want := 12 + 4 + 2*3 + 4 + 28 + 8*2 + 2*1 + 4 + 32 + 4; len(b) != want {
		t.Fatalf("encoding is %d bytes, want %d", len(b), want)
	}
	if f := b[16+6+4:]; f[0] != 0 || f[1] != 0 || f[2] != 0xB4 || f[3] != 0x42 { // origin x = 90.0 (0x42B40000)
		t.Errorf("frame not at byte %d: %x", 16+6+4, f[:4])
	}
	got, err := ParseEnvCell(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) || !got.SeenOutside() {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, c)
	}
	closed := *c
	closed.Flags = 0
	closed.Statics = nil
	if got, err := ParseEnvCell(EncodeEnvCell(&closed)); err != nil || got.SeenOutside() || got.Frame != c.Frame {
		t.Errorf("a closed cell: %+v %v, want seen_outside false and the frame", got, err)
	}
	for _, d := range []struct {
		name string
		b    []byte
		want string
	}{
		{"land cell id", append([]byte{0x19, 0, 0xB4, 0xA9}, b[4:]...), "not a EnvCell"},
		{"truncated", b[:40], "0xA9B40100"},
		{"trailing", append(append([]byte{}, b...), 1, 2, 3, 4), "bytes after its last field"},
		{"id repeated wrong", append(append(append([]byte{}, b[:8]...), 0x01, 0x01, 0xB4, 0xA9), b[12:]...), "repeated cell id"},
	} {
		_, err := ParseEnvCell(d.b)
		var fe *FormatError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), d.want) {
			t.Errorf("%s: %v, want a *FormatError containing %q", d.name, err, d.want)
		}
	}
	if !IsEnvCellID(0xA9B40100) || !IsEnvCellID(0xA9B4FFFD) || IsEnvCellID(0xA9B40040) || IsEnvCellID(0xA9B4FFFE) {
		t.Error("IsEnvCellID: want 0x0100..0xFFFD")
	}
}

// FuzzParseEnvCell: never panics, fails only with a *FormatError, and its
// encoding is stable (fuzzParse).
func FuzzParseEnvCell(f *testing.F) {
	f.Add(EncodeEnvCell(sampleEnvCell()))
	fuzzParse(f, "FuzzParseEnvCell", ParseEnvCell, EncodeEnvCell)
}
