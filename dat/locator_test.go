package dat

import (
	"bytes"
	"errors"
	"testing"
)

// Problems.SetLocator with Archive.RecordOffset: a problem naming a record
// but no byte gets the record's first data byte (entry offset + the 4-byte
// link, §2.3); problems with an offset, missing records and records in no
// file stay as they were.
func TestProblems_LocatorFillsTheRecordByte(t *testing.T) {
	pw := NewWriter(1024, DataSetPortal, 0)
	pw.Add(0x0A000002, EncodeWave(sampleWave()))
	cw := NewWriter(256, DataSetCell, 1)
	cw.Add(0xA9B4FFFF, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	pimg, _ := pw.Bytes()
	cimg, _ := cw.Bytes()
	p, _ := NewFile(bytes.NewReader(pimg), int64(len(pimg)), PortalFile)
	c, _ := NewFile(bytes.NewReader(cimg), int64(len(cimg)), CellFile)
	a := &Archive{Portal: p, Cell: c}
	wave := bytes.Index(pimg, EncodeWave(sampleWave())) // the record's bytes, found by content
	land := bytes.Index(cimg, EncodeLandBlock(sampleLandBlock(0xA9, 0xB4)))
	if wave < 0 || land < 0 {
		t.Fatal("records not found in the images")
	}
	ps := &Problems{}
	ps.SetLocator(a.RecordOffset)
	ps.AddErr(KindBadWave, PortalFile, 0x0A000002, errors.New("does not decode"))
	ps.AddErr(KindBadLandBlock, "", 0xA9B4FFFF, errors.New("odd"))
	ps.Add(Problem{File: PortalFile, Record: 0x0A000002, Off: 7, InRecord: true, Kind: KindBadWave, What: "at 7"})
	ps.AddErr(KindBadWave, PortalFile, 0x0A000099, ErrNotFound)
	ps.AddErr(KindBadWave, CellFile, 0x0A000002, errors.New("in the wrong file"))
	got := ps.List()
	want := []Problem{
		{File: PortalFile, Record: 0x0A000002, Off: int64(wave), Kind: KindBadWave, What: "does not decode"},
		{File: CellFile, Record: 0xA9B4FFFF, Off: int64(land), Kind: KindBadLandBlock, What: "odd"},
		{File: PortalFile, Record: 0x0A000002, Off: 7, InRecord: true, Kind: KindBadWave, What: "at 7"},
		{File: PortalFile, Record: 0x0A000099, Off: -1, Kind: KindMissingRecord, What: "record not found"},
		{File: CellFile, Record: 0x0A000002, Off: -1, Kind: KindBadWave, What: "in the wrong file"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("problem %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
