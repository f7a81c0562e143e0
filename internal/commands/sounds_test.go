package commands

import (
	"soundworld/names"

	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/cli"
)

// `soundworld sounds` lists every wave, table, SoundType and object source
// of the stand-in with its own names. Counts from assets/holtburg/sound.txt:
// [waves] holds 0x0A000001–0x14 (20), 0x20–0x23 (4), 0x30–0x44 (21), plus
// the windmill's creak, the chime's ring and the inn hearth's crackle = 48;
// six of the seven ambient tables exist (marsh's is absent on purpose), plus
// the forge's and the stingers' = 8; five Setups sound (forge, windmill,
// fountain, wind chime, hearth).
func TestSounds_StandInList(t *testing.T) {
	var out, errb bytes.Buffer
	if err := sounds([]string{"-json"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var s soundsJSON
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Waves) != 48 || len(s.Tables) != 8 || len(s.Objects) != 5 || len(s.Probs) != 0 {
		t.Fatalf("%d waves, %d tables, %d objects, problems %v; want 48, 8, 5, none", len(s.Waves), len(s.Tables), len(s.Objects), s.Probs)
	}
	for _, w := range s.Waves {
		if w.ID == 0x0A000023 && (w.Name != "thump" || w.Format != "PCM" || w.Seconds != 0.8) { // len=0.8 in sound.txt
			t.Errorf("thump: %+v", w)
		}
	}
	var hammer *names.TableSound
	for _, tb := range s.Tables {
		for i := range tb.Types {
			if tb.ID == 0x20000010 && tb.Types[i].SType == 0x69 {
				hammer = &tb.Types[i]
			}
		}
	}
	if hammer == nil || hammer.Name != "forge hammer" || hammer.TypeName != "Lockpicking" || len(hammer.Waves) != 4 {
		t.Errorf("the forge's 0x69: %+v, want forge hammer (retail's Lockpicking), 4 variants", hammer)
	}
	if o := s.Objects[0]; o.Name != "forge" || !strings.Contains(o.Plays, "forge hammer (0x69) ×2, forge quench (0x21) every 3.0 s") {
		t.Errorf("forge source: %+v", o)
	}
	out.Reset()
	if err := sounds(nil, &out, &errb); err != nil || !strings.Contains(out.String(), "0x0A000050  windmill creak") {
		t.Errorf("table output: %v\n%s", err, out.String())
	}
}

// A names file renames what the user names; a bad one is the user's error
// naming the file and line.
func TestSounds_NamesFile(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "n.csv"), filepath.Join(dir, "bad.csv")
	os.WriteFile(good, []byte("id,name\n0x0A000023,quench hiss\n"), 0o644)
	os.WriteFile(bad, []byte("id,name\nquench,0x0A000023\n"), 0o644)
	var out, errb bytes.Buffer
	if err := sounds([]string{"-names", good}, &out, &errb); err != nil || !strings.Contains(out.String(), "0x0A000023  quench hiss") {
		t.Errorf("-names: %v\n%s", err, out.String())
	}
	err := sounds([]string{"-names", bad}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "bad.csv:2:") || cli.ExitCodeTo(io.Discard, "soundworld", err) != 2 {
		t.Errorf("bad names file: %v, want the file and line, exit 2", err)
	}
}
