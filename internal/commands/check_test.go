package commands

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/datcheck"
)

// cleanDats writes a portal + cell pair with nothing wrong in it: a region
// whose one ambient table exists and names one PCM wave that exists, and one
// landblock using terrain type 0.
func cleanDats(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	p := dat.NewWriter(1024, dat.DataSetPortal, 0)
	r := &dat.Region{ID: dat.RegionID, Number: 1, Version: 3, Name: "Dereth", PartsMask: dat.PartSound | dat.PartScene,
		Sound: &dat.SoundInfo{STBDescs: []dat.AmbientSTBDesc{{STBID: 0x20000042, Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 0.5, MinRate: 4, MaxRate: 4}}}}}, // a bed re-fired every 4 s (a min_rate of 0 is a data problem)
		Scene: &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: 0}}}}
	for i := range r.LandDefs.HeightTable {
		r.LandDefs.HeightTable[i] = float32(2 * i)
	}
	r.Terrain.TerrainTypes = []dat.TerrainType{{Name: "Grassland", SceneTypes: []uint32{0}}}
	p.Add(dat.RegionID, dat.EncodeRegion(r))
	p.Add(0x20000042, dat.EncodeSoundTable(&dat.SoundTable{ID: 0x20000042, Sounds: map[uint32][]dat.SoundData{
		0x46: {{WaveID: 0x0A000001, Probability: 1, Volume: 1}}}}))
	p.Add(0x0A000001, dat.EncodeWave(&dat.Wave{ID: 0x0A000001, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 2, SamplesPerSec: 22050, BlockAlign: 4, BitsPerSample: 16, AvgBytesPerSec: 88200}, Data: make([]byte, 1000)}))
	c := dat.NewWriter(256, dat.DataSetCell, 1)
	c.Add(0xA9B4FFFF, dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF}))
	dattest.WriteDir(t, dir, p, c)
	return dir
}

// Issue 12 item 2: check exits 0 on clean data, 2 listing every problem
// (file, record, offset) on damaged data; -json has the same problems.
func TestCheck_CleanAndDamaged(t *testing.T) {
	code, out, errs := runOut("check", "-dat", cleanDats(t))
	if code != 0 || !strings.Contains(out, "no problems found") || !strings.Contains(out, "landblock 1") {
		t.Errorf("clean: exit %d, stdout %q, stderr %q; want 0 and no problems", code, out, errs)
	}
	bad := dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})[:248] // 4 bytes short
	dir := writeDats(t, bad)
	code, out, _ = runOut("check", "-dat", dir, "-workers", "1")
	if code != 2 || !strings.Contains(out, "client_cell_1.dat: record 0xA9B4FFFF: ") {
		t.Errorf("damaged: exit %d, stdout %q; want 2 naming the landblock", code, out)
	}
	code, out, _ = runOut("check", "-dat", dir, "-json")
	var sum struct {
		Records  int           `json:"records"`
		Problems []dat.Problem `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || code != 2 {
		t.Fatalf("-json: exit %d, %v: %q", code, err, out)
	}
	found := false
	for _, p := range sum.Problems {
		found = found || p.Record == 0xA9B4FFFF && p.Off >= 0
	}
	if !found || sum.Records == 0 {
		t.Errorf("-json: %+v, want the landblock's problem with its offset", sum)
	}
	if code, _, errs := runOut("check", "-workers", "-1"); code != 2 || !strings.Contains(errs, "-workers -1") {
		t.Errorf("-workers -1: exit %d, stderr %q; want 2", code, errs)
	}
	if code, _, errs := runOut("check", "-dat", filepath.Join(t.TempDir(), "nope")); code != 2 || !strings.Contains(errs, "point -dat at your Asheron's Call folder") {
		t.Errorf("missing folder: exit %d, stderr %q; want 2", code, errs)
	}
}

// TestO1_CheckPrintsCompressedWaves: the text summary lists compressed waves
// by (tag, rate, channels) and names the formats retail must convert.
func TestO1_CheckPrintsCompressedWaves(t *testing.T) {
	var b strings.Builder
	printCompressed(&b, []datcheck.CompressedFormat{
		{Tag: 0x55, Rate: 11025, Channels: 1, Waves: 3},
		{Tag: 0x55, Rate: 22050, Channels: 2, Waves: 5, Converted: true},
	})
	got := b.String()
	for _, want := range []string{"compressed waves (O1: played as 16-bit mono 11025 Hz): 8",
		"tag 0x0055  11025 Hz 1 ch:     3 waves — already 11025 Hz mono",
		"tag 0x0055  22050 Hz 2 ch:     5 waves — not 11025 Hz mono: retail converts these with ACM in one step, or plays them silent"} {
		if !strings.Contains(got, want) {
			t.Errorf("check output %q lacks %q", got, want)
		}
	}
}
