package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

// writeDats builds a tiny portal + cell pair with the dat writer in a temp
// folder and returns the folder. cellFix may change the landblock bytes.
func writeDats(t *testing.T, lbBytes []byte) string {
	t.Helper()
	return writeDatsWith(t, lbBytes, nil)
}

// writeDatsWith is writeDats with the region record's bytes replaced when
// regionBytes is not nil.
func writeDatsWith(t *testing.T, lbBytes, regionBytes []byte) string {
	t.Helper()
	dir := t.TempDir()
	p := dat.NewWriter(1024, dat.DataSetPortal, 0)
	r := &dat.Region{ID: dat.RegionID, Number: 1, Version: 3, Name: "Dereth", PartsMask: dat.PartSound | dat.PartScene,
		Sound: &dat.SoundInfo{STBDescs: []dat.AmbientSTBDesc{{STBID: 0x20000042, Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 0.5, MinRate: 4, MaxRate: 4}}}}}, // (a min_rate of 0 is a data problem)
		Scene: &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: dat.NoIndex}, {StbIndex: 0}}}}
	for i := range r.LandDefs.HeightTable {
		r.LandDefs.HeightTable[i] = float32(2 * i)
	}
	r.Terrain.TerrainTypes = []dat.TerrainType{{Name: "BarrenRock"}, {Name: "Grassland"}}
	if regionBytes == nil {
		regionBytes = dat.EncodeRegion(r)
	}
	p.Add(dat.RegionID, regionBytes)
	p.Add(0x20000042, dat.EncodeSoundTable(&dat.SoundTable{ID: 0x20000042, Sounds: map[uint32][]dat.SoundData{
		0x1F: {{WaveID: 0x0A000519, Priority: 0.5, Probability: 1, Volume: 0.8}, {WaveID: 0x0A00051E, Probability: 1, Volume: 1}}}}))
	// 16-bit stereo PCM at 22050 Hz, 1000 data bytes = 250 sample frames.
	p.Add(0x0A000001, dat.EncodeWave(&dat.Wave{ID: 0x0A000001, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 2, SamplesPerSec: 22050, BlockAlign: 4, BitsPerSample: 16}, Data: make([]byte, 1000)}))
	// An MP3 wave whose payload is not MPEG: length unknown.
	p.Add(0x0A000002, dat.EncodeWave(&dat.Wave{ID: 0x0A000002, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 22050}, Data: []byte("not mpeg")}))
	p.Add(0x02000007, dat.EncodeSetup(&dat.Setup{ID: 0x02000007, DefaultSoundTable: 0x20000042}))
	c := dat.NewWriter(256, dat.DataSetCell, 1)
	lb := &dat.LandBlock{ID: 0xA9B4FFFF, HasObjects: 1}
	lb.Terrain[dat.VertexIndex(0, 8)] = 1 << 2 // north-west corner: Grassland
	lb.Height[dat.VertexIndex(8, 0)] = 10      // south-east corner: 20 m
	if lbBytes == nil {
		lbBytes = dat.EncodeLandBlock(lb)
	}
	c.Add(0xA9B4FFFF, lbBytes)
	c.Add(0xA9B3FFFF, dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B3FFFF}))
	c.Add(0xA9B4FFFE, dat.EncodeLandBlockInfo(&dat.LandBlockInfo{ID: 0xA9B4FFFE}))
	dattest.WriteDir(t, dir, p, c)
	return dir
}

// dumpJSON runs dump in-process and decodes its JSON output.
func dumpJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if err := dump(args, &out, &errb); err != nil {
		t.Fatalf("dump %v: %v (stderr %q)", args, err, errb.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("dump %v: output is not a JSON object: %v\n%s", args, err, out.String())
	}
	return m
}

func TestDumpRegion(t *testing.T) {
	dir := writeDats(t, nil)
	m := dumpJSON(t, "-dat", dir, "region")
	if m["source"] != dir || m["id"] != "0x13000000" || m["name"] != "Dereth" || m["version"] != 3.0 {
		t.Errorf("got source %v id %v name %v version %v, want %s 0x13000000 Dereth 3", m["source"], m["id"], m["name"], m["version"], dir)
	}
	amb := m["ambient_sound_tables"].([]any)[0].(map[string]any)
	s := amb["sounds"].([]any)[0].(map[string]any)
	if amb["stb_id"] != "0x20000042" || s["stype"] != "0x46" || s["stype_name"] != "Ambient1" || s["continuous"] != true {
		t.Errorf("ambient: got %v, want stb 0x20000042, Ambient1 (0x46), continuous (A5: base_chance 0)", amb)
	}
	if st := m["scene_types"].([]any)[0].(map[string]any); st["stb_index"] != nil {
		t.Errorf("scene type 0 stb_index: got %v, want null (0xFFFFFFFF)", st["stb_index"])
	}
}

func TestDumpLandBlock(t *testing.T) {
	dir := writeDats(t, nil)
	m := dumpJSON(t, "-dat", dir, "landblock", "0xA9B4FFFF")
	if m["id"] != "0xA9B4FFFF" || m["has_objects"] != 1.0 {
		t.Errorf("got id %v has_objects %v", m["id"], m["has_objects"])
	}
	// Rows run north → south: row 0 col 0 is vertex (0, 8); row 8 col 8 is (8, 0).
	if got := m["terrain_type"].([]any)[0].([]any)[0]; got != 1.0 {
		t.Errorf("north-west type: got %v, want 1", got)
	}
	if got := m["height_m"].([]any)[8].([]any)[8]; got != 20.0 {
		t.Errorf("south-east height: got %v m, want 20 (index 10 through the table)", got)
	}
	// The short form 0xXXYY names landblock 0xXXYYFFFF.
	if m := dumpJSON(t, "-dat", dir, "landblock", "0xA9B4"); m["id"] != "0xA9B4FFFF" {
		t.Errorf("short id: got %v", m["id"])
	}
	// Decimal ids work too: 0xA9B4FFFF = 2847211519.
	if m := dumpJSON(t, "-dat", dir, "landblock", "2847211519"); m["id"] != "0xA9B4FFFF" {
		t.Errorf("decimal id: got %v", m["id"])
	}
}

func TestDumpSoundTable(t *testing.T) {
	m := dumpJSON(t, "-dat", writeDats(t, nil), "soundtable", "0x20000042")
	s := m["sounds"].([]any)[0].(map[string]any)
	v := s["variants"].([]any)
	if s["type"] != "0x1F" || s["name"] != "Swoosh2" || len(v) != 2 || v[1].(map[string]any)["wave"] != "0x0A00051E" {
		t.Errorf("got %v, want Swoosh2 with waves 0x0A000519, 0x0A00051E", s)
	}
}

func TestDumpWave(t *testing.T) {
	dir := writeDats(t, nil)
	m := dumpJSON(t, "-dat", dir, "wave", "0x0A000001")
	// 1000 bytes / (2 channels × 2 bytes) = 250 frames; 250 / 22050 s.
	if m["format"] != "PCM" || m["samples"] != 250.0 || m["rate_hz"] != 22050.0 || m["channels"] != 2.0 || m["duration_s"] != 250.0/22050 {
		t.Errorf("PCM wave: got %v", m)
	}
	m = dumpJSON(t, "-dat", dir, "wave", "0x0A000002")
	if m["format"] != "MPEG Layer-3" || m["samples"] != "unknown" || m["duration_s"] != "unknown" {
		t.Errorf("undecodable MP3: got %v, want samples and duration \"unknown\"", m)
	}
}

func TestDumpSetupAndList(t *testing.T) {
	dir := writeDats(t, nil)
	if m := dumpJSON(t, "-dat", dir, "setup", "0x02000007"); m["default_sound_table"] != "0x20000042" {
		t.Errorf("setup: got %v", m)
	}
	m := dumpJSON(t, "-dat", dir, "list", "landblock")
	if ids := m["ids"].([]any); m["count"] != 2.0 || ids[0] != "0xA9B3FFFF" || ids[1] != "0xA9B4FFFF" {
		t.Errorf("list landblock: got %v, want 0xA9B3FFFF, 0xA9B4FFFF", m)
	}
	m = dumpJSON(t, "-dat", dir, "list", "wave")
	if m["count"] != 2.0 {
		t.Errorf("list wave: got %v", m)
	}
	var out bytes.Buffer
	if err := dump([]string{"-dat", dir, "list", "all"}, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	var all []map[string]any
	if err := json.Unmarshal(out.Bytes(), &all); err != nil || len(all) != 2 || all[1]["count"] != 4.0 {
		t.Errorf("list all: got %v %v, want portal and cell lists (cell: 3 records + iteration)", all, err)
	}
}

func TestDumpStandIn(t *testing.T) {
	var out bytes.Buffer
	err := dump([]string{"region"}, &out, &bytes.Buffer{})
	if err != nil {
		t.Skipf("stand-in not available: %v", err)
	}
	if !strings.Contains(out.String(), `"source": "Holtburg (stand-in)"`) {
		t.Errorf("stand-in region: source missing in %.200s", out.String())
	}
}

// TestDumpErrors: people get a message naming what was expected and where,
// exit code 2, and no panic.
func TestDumpErrors(t *testing.T) {
	dir := writeDats(t, nil)
	empty := t.TempDir()
	cases := []struct {
		args []string
		want string // in the error or stderr
	}{
		{[]string{"-dat", filepath.Join(empty, "nope"), "region"}, "point -dat at your Asheron's Call folder"},
		{[]string{"-dat", empty, "region"}, "no client_portal.dat in " + empty + ": point -dat at your Asheron's Call folder"},
		{[]string{"-dat", dir, "landblock", "0x0101FFFF"}, "record 0x0101FFFF not found"},
		{[]string{"-dat", dir, "soundtable", "0x0A000001"}, "not a SoundTable (0x20xxxxxx) id"},
		{[]string{"-dat", dir, "landblock", "zz"}, `bad id "zz"`},
		{[]string{"-dat", dir, "list", "frogs"}, `unknown TYPE "frogs"`},
		{[]string{"-dat", dir, "frob"}, `unknown record kind "frob"`},
		{[]string{"-dat", dir, "wave"}, "wave takes 1 argument(s), got 0"},
		{[]string{}, "what to dump?"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		err := dump(c.args, &out, &errb)
		if err == nil || !(isUserErr(err) || errors.Is(err, errUsage)) {
			t.Errorf("dump %v: got %v, want a user or usage error (exit 2)", c.args, err)
			continue
		}
		if msg := err.Error() + " " + errb.String(); !strings.Contains(msg, c.want) {
			t.Errorf("dump %v: got %q, want it to mention %q", c.args, msg, c.want)
		}
	}
	if code := run([]string{"dump", "-dat", filepath.Join(empty, "nope"), "region"}); code != 2 {
		t.Errorf("run dump with a missing folder: exit %d, want 2", code)
	}
}

// TestDumpCorruptFile: a corrupt record is reported with its file, id and
// byte offset, exit code 2.
func TestDumpCorruptFile(t *testing.T) {
	bad := dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})[:248] // 4 bytes short
	dir := writeDats(t, bad)
	err := dump([]string{"-dat", dir, "landblock", "0xA9B4FFFF"}, &bytes.Buffer{}, &bytes.Buffer{})
	if !isUserErr(err) {
		t.Fatalf("got %v, want a user error", err)
	}
	want := "dat: " + filepath.Join(dir, dat.CellFile) + ": record 0xA9B4FFFF: LandBlock record size is not 252: 248 at record byte 0x0"
	if err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
	if code := run([]string{"dump", "-dat", dir, "landblock", "0xA9B4FFFF"}); code != 2 {
		t.Errorf("exit code: got %d, want 2", code)
	}
}
