package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dump setup | animation | script print the E3 records of the stand-in.
func TestE3_DumpObjectRecords(t *testing.T) {
	var out, errb bytes.Buffer
	if err := dump([]string{"setup", "0x02000001"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var s map[string]any
	json.Unmarshal(out.Bytes(), &s)
	if s["default_animation"] != "0x03000001" || s["default_sound_table"] != "0x20000010" {
		t.Errorf("dump setup: %s", out.String())
	}
	out.Reset()
	if err := dump([]string{"animation", "0x03000001"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var a struct {
		NumFrames int `json:"num_frames"`
		Hooked    []struct {
			Frame int `json:"frame"`
			Hooks []struct {
				Type  string `json:"type"`
				SType uint32 `json:"stype"`
			} `json:"hooks"`
		} `json:"frames_with_hooks"`
	}
	if err := json.Unmarshal(out.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if a.NumFrames != 90 || len(a.Hooked) != 3 || a.Hooked[0].Frame != 12 || a.Hooked[0].Hooks[0].Type != "SoundTable" || a.Hooked[0].Hooks[0].SType != 0x69 {
		t.Errorf("dump animation: %+v", a)
	}
	out.Reset()
	if err := dump([]string{"script", "0x33000001"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"type": "SoundTweaked"`) || !strings.Contains(out.String(), `"probability": 0.6`) {
		t.Errorf("dump script: %s", out.String())
	}
	if err := dump([]string{"script", "0x33000099"}, &out, &errb); err == nil {
		t.Error("dump of a missing script: no error")
	}
}

// render plays the objects by default; -objects=false leaves them out; with
// -from the flag is refused (the sidecar says whether objects played).
func TestE3_RenderObjectsFlag(t *testing.T) {
	dir := t.TempDir()
	on, off := filepath.Join(dir, "on.csv"), filepath.Join(dir, "off.csv")
	if err := renderTest(t, "-at", "0xA9B4 90 14", "-seconds", "4", "-o", filepath.Join(dir, "on.wav"), "-events", on); err != nil {
		t.Fatal(err)
	}
	if err := renderTest(t, "-at", "0xA9B4 90 14", "-seconds", "4", "-objects=false", "-o", filepath.Join(dir, "off.wav"), "-events", off); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(on)
	b, _ := os.ReadFile(off)
	rows := func(csv []byte) string { _, r, _ := strings.Cut(string(csv), "\n"); return r } // the header names an object column
	if !strings.Contains(rows(a), ",object,") || strings.Contains(rows(b), ",object,") {
		t.Fatalf("objects on:\n%s\noff:\n%s", a, b)
	}
	err := renderTest(t, "-from", filepath.Join(dir, "x.json"), "-objects=false", "-seconds", "1", "-o", filepath.Join(dir, "x.wav"))
	if !errors.Is(err, errUsage) {
		t.Errorf("-from with -objects: %v", err)
	}
}

// probe lists the objects around the player, and says when they are left out.
func TestE3_ProbeObjects(t *testing.T) {
	var out, errb bytes.Buffer
	if err := probe([]string{"-at", "0xA9B4 84 7.1", "-json"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var p struct {
		Objects []struct {
			Setup string `json:"setup"`
			Kind  string `json:"kind"`
		} `json:"objects"`
	}
	json.Unmarshal(out.Bytes(), &p)
	// The 3×3 around 0xA9B4: its three statics (forge first), the wind
	// chimes the town scenes place (scenery) and the inn's hearth (a static
	// of the taproom, which the inn's door lists: interior).
	var statics []string
	chimes, hearths := 0, 0
	for _, o := range p.Objects {
		switch {
		case o.Kind == "static":
			statics = append(statics, o.Setup)
		case o.Kind == "scenery" && o.Setup == "0x02000030":
			chimes++
		case o.Kind == "interior" && o.Setup == "0x02000004":
			hearths++
		default:
			t.Errorf("unexpected object %+v", o)
		}
	}
	if len(statics) != 3 || statics[0] != "0x02000001" || chimes == 0 || hearths != 1 {
		t.Errorf("probe objects: %s", out.String())
	}
	out.Reset()
	if err := probe([]string{"-at", "0xA9B4 84 7.1", "-objects=false"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "objects   left out (-objects=false)") {
		t.Errorf("probe -objects=false: %s", out.String())
	}
}

// TestE3_DumpMotionTable (E3 [D4]): dump motiontable prints the stand-in
// windmill's table: its default style and substate, the default cycle's key
// (style<<16 | substate&0xFFFFFF, in 32 bits: 0x003D0003) and the cycle's
// animation, range and rate (the windmill's sails at 60 frames/s); a record
// that is not there is an error naming it.
func TestE3_DumpMotionTable(t *testing.T) {
	var out, errb bytes.Buffer
	if err := dump([]string{"motiontable", "0x09000001"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var m struct {
		DefaultStyle  string `json:"default_style"`
		DefaultCycle  string `json:"default_cycle"`
		StyleDefaults []struct {
			Style, Substate string
		} `json:"style_defaults"`
		Cycles []struct {
			Key        string `json:"key"`
			Animations []struct {
				Animation string  `json:"animation"`
				Low       int32   `json:"low_frame"`
				High      int32   `json:"high_frame"`
				Rate      float32 `json:"framerate"`
			} `json:"animations"`
		} `json:"cycles"`
	}
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if m.DefaultStyle != "0x8000003D" || m.DefaultCycle != "0x003D0003" || len(m.StyleDefaults) != 1 || m.StyleDefaults[0].Substate != "0x41000003" ||
		len(m.Cycles) != 1 || len(m.Cycles[0].Animations) != 1 || m.Cycles[0].Animations[0].Animation != "0x03000002" ||
		m.Cycles[0].Animations[0].Low != 0 || m.Cycles[0].Animations[0].High != -1 || m.Cycles[0].Animations[0].Rate != 60 {
		t.Errorf("dump motiontable: %s", out.String())
	}
	out.Reset()
	if err := dump([]string{"motiontable", "0x09000077"}, &out, &errb); err == nil || !strings.Contains(err.Error(), "0x09000077") {
		t.Errorf("a missing motion table: %v", err)
	}
}
