package commands

import (
	"bytes"
	"encoding/json"
	"testing"

	"soundworld/assets"
)

// dump scene prints a Scene's ObjectDescs as stored; dump scenery places a
// landblock's scenery and says which objects sound (the stand-in's chimes).
func TestE3_DumpScenery(t *testing.T) {
	var out, errb bytes.Buffer
	if err := dump([]string{"scene", "0x12000008"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var sc struct {
		Objects []struct {
			ObjID string  `json:"obj_id"`
			Freq  float32 `json:"freq"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(out.Bytes(), &sc); err != nil || len(sc.Objects) != 2 || sc.Objects[0].ObjID != "0x02000030" || sc.Objects[0].Freq != chimeFreq() {
		t.Errorf("dump scene: %v %s", err, out.String())
	}
	out.Reset()
	if err := dump([]string{"scenery", "0xA9B4"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var p struct {
		Count, Sounding int
		Placed          []struct {
			ID     string `json:"id"`
			ObjID  string `json:"obj_id"`
			Sounds bool   `json:"sounds"`
		} `json:"placed"`
	}
	if err := json.Unmarshal(out.Bytes(), &p); err != nil || p.Count != len(p.Placed) || p.Sounding == 0 {
		t.Fatalf("dump scenery: %v %s", err, out.String())
	}
	for _, o := range p.Placed {
		if o.Sounds != (o.ObjID == "0x02000030") {
			t.Errorf("%s (%s): sounds = %v; only the chime (0x%08X) sounds", o.ID, o.ObjID, o.Sounds, assets.ChimeSetup)
		}
	}
	if err := dump([]string{"scenery", "0x0101"}, &out, &errb); err == nil {
		t.Errorf("dump scenery of a landblock not in the data: no error")
	}
}

// chimeFreq is the stand-in's chime frequency as its scene record holds it.
func chimeFreq() float32 {
	for _, s := range assets.Scenes() {
		if s.ID == 0x12000008 {
			return s.Objects[0].Freq
		}
	}
	return -1
}
