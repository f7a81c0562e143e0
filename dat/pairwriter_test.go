package dat

import (
	"bytes"
	"strings"
	"testing"
)

// A pair writes two dats that open with their data sets and records; the
// first failed add is what Bytes reports, naming the record, and later adds
// change nothing.
func TestPairWriter(t *testing.T) {
	w := NewPairWriter()
	w.AddPortal(0x0A000001, []byte{1, 2, 3})
	w.AddCell(0xA9B4FFFF, []byte{4, 5})
	portal, cell, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		img  []byte
		set  uint32
		id   uint32
		want []byte
	}{{portal, DataSetPortal, 0x0A000001, []byte{1, 2, 3}}, {cell, DataSetCell, 0xA9B4FFFF, []byte{4, 5}}} {
		f, err := NewFile(bytes.NewReader(c.img), int64(len(c.img)), "pair")
		if err != nil {
			t.Fatal(err)
		}
		if f.Header().DataSet != c.set {
			t.Errorf("data set %d, want %d", f.Header().DataSet, c.set)
		}
		if got, err := f.Get(c.id); err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("record 0x%08X: %v %v, want %v", c.id, got, err, c.want)
		}
	}

	w.AddPortal(0x0A000001, []byte{9}) // added twice
	w.AddCell(0x0A000001, nil)         // after the error: ignored
	if _, _, err := w.Bytes(); err == nil || !strings.Contains(err.Error(), "writing record 0x0A000001") || !strings.Contains(err.Error(), "added twice") {
		t.Fatalf("Bytes after a duplicate: %v", err)
	}
}
