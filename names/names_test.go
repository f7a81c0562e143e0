package names

import (
	"errors"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
)

// The stand-in's objects and sounds by their own names, not the retail
// SoundType names the stand-in reuses (0x69 is §5.1's Lockpicking).
func TestNames_StandIn(t *testing.T) {
	b := New(nil, true, nil)
	for _, c := range []struct{ got, want string }{
		{b.Object(0xA9B40000, assets.ForgeSetup), "forge"},
		{b.ObjectWithID(0xA9B40000, assets.ForgeSetup), "forge 0xA9B40000"},
		{b.Object(0xA9B40007, assets.WindmillSetup), "windmill"},
		{b.Object(0xA9B40008, assets.FountainSetup), "fountain"},
		{b.Object(0xA9B44011, assets.ChimeSetup), "wind chime"},
		{b.Sound(0x69, assets.ForgeTable, 0x0A000020), "forge hammer"},
		{b.Sound(0x21, assets.ForgeTable, 0x0A000023), "forge quench"},
		{b.SoundWithID(0x69, assets.ForgeTable, 0), "forge hammer (0x69)"},
		{b.Sound(0x69, 0x20000099, 0), "Lockpicking"}, // another table: the SoundType's name
		{b.Sound(0, 0, assets.CreakWave), "windmill creak"},
		{b.Sound(0, 0, 0x0A00000C), "splash-a"},
		{b.Model(0x01000201), "inn"},
		{b.Model(0xA9B40101), "inn cellar"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// Real data gets none of the stand-in's names.
	r := New(nil, false, nil)
	if got := r.Object(0xA9B40000, assets.ForgeSetup); got != "object 0xA9B40000" {
		t.Errorf("real data, no names: %q", got)
	}
	if got := r.Sound(0x69, assets.ForgeTable, 0); got != "Lockpicking" {
		t.Errorf("real data: %q, want the SoundType's name", got)
	}
	var nilBook *Book
	if got := nilBook.Sound(0x4E, 1, 2); got != "Waterfall" {
		t.Errorf("nil book: %q", got)
	}
}

// fakeData is a tiny portal: one Setup looping a 90-frame animation with one
// SoundHook, one whose default script splashes, one that plays nothing.
type fakeData struct{}

func (fakeData) Setup(id uint32) (*dat.Setup, error) {
	switch id {
	case 0x02000ABC:
		return &dat.Setup{ID: id, DefaultAnimation: 0x03000ABC}, nil
	case 0x02000ABD:
		return &dat.Setup{ID: id, DefaultScript: 0x33000ABD}, nil
	case 0x02000ABE:
		return &dat.Setup{ID: id}, nil
	}
	return nil, errors.New("no such record")
}

func (fakeData) Animation(id uint32) (*dat.Animation, error) {
	a := &dat.Animation{ID: id, Frames: make([]dat.AnimFrame, 90)}
	a.Frames[40].Hooks = []dat.Hook{{Type: dat.HookSound, Wave: 0x0A000023}}
	return a, nil
}

func (fakeData) PhysicsScript(id uint32) (*dat.PhysicsScript, error) {
	return &dat.PhysicsScript{ID: id, Entries: []dat.ScriptEntry{{StartTime: 1, Hook: dat.Hook{Type: dat.HookSoundTable, SType: 0x4E}}}}, nil
}

// For real data an object is named by what its Setup plays: 90 frames at
// E3's 30 frames/s is a 3.0 s loop.
func TestNames_RealDataSetup(t *testing.T) {
	b := New(fakeData{}, false, map[uint32]string{0xA9B40005: "Holtburg well"})
	for _, c := range []struct{ got, want string }{
		{b.Object(0xA9B40001, 0x02000ABC), "Setup 0x02000ABC — plays 0x0A000023 every 3.0 s"},
		{b.Object(0xA9B40002, 0x02000ABD), "Setup 0x02000ABD — plays Waterfall (0x4E) once when created"},
		{b.Object(0xA9B40003, 0x02000ABE), "Setup 0x02000ABE"},
		{b.Object(0xA9B40004, 0x02000FFF), "object 0xA9B40004"}, // unreadable Setup
		{b.Object(0xA9B40005, 0x02000ABC), "Holtburg well"},     // the user's name wins
		{b.ObjectWithID(0xA9B40005, 0x02000ABC), "Holtburg well 0xA9B40005"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// The user's name beats the stand-in's.
	s := New(nil, true, map[uint32]string{assets.ForgeSetup: "smithy"})
	if got := s.Object(0xA9B40000, assets.ForgeSetup); got != "smithy" {
		t.Errorf("user over stand-in: %q", got)
	}
}

func TestNames_ParseFile(t *testing.T) {
	csv := "id,name\n# a comment\n0xA9B40000,Holtburg forge\n2768502784, \"inn, east door\"\n"
	m, err := Parse("n.csv", []byte(csv))
	if err != nil || m[0xA9B40000] != "Holtburg forge" || m[2768502784] != "inn, east door" || len(m) != 2 {
		t.Fatalf("csv: %v %v", m, err)
	}
	m, err = Parse("n.json", []byte(` {"0x0A000023": "quench", "33554433": "forge setup"}`))
	if err != nil || m[0x0A000023] != "quench" || m[0x02000001] != "forge setup" {
		t.Fatalf("json: %v %v", m, err)
	}
	for _, c := range []struct{ in, want string }{
		{"id,name\n0xA9B40000,forge\nxyz,inn\n", "n.txt:3: id \"xyz\""},
		{"0x1,a,b\n", "n.txt:1: 3 fields"},
		{"0x1,\n", "n.txt:1: empty name"},
		{"0x100000000,big\n", "not a 32-bit number"},
		{`{"0x1": 5}`, "n.txt: not a names file"},
		{`{"abc": "x"}`, `n.txt: key "abc"`},
	} {
		if _, err := Parse("n.txt", []byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to say %q", c.in, err, c.want)
		}
	}
}

// Names files saved by a Windows editor — a UTF-8 byte order mark and CRLF
// line ends — read as their plain twins, CSV and JSON alike.
func TestParse_BOMAndCRLF(t *testing.T) {
	for _, src := range []string{
		"id,name\n0xA9B40000,Smithy forge\n# a comment\n0x0A000020,hammer\n",
		"{\n  \"0xA9B40000\": \"Smithy forge\",\n  \"0x0A000020\": \"hammer\"\n}\n",
	} {
		win := "\xef\xbb\xbf" + strings.ReplaceAll(src, "\n", "\r\n")
		got, err := Parse("n.csv", []byte(win))
		if err != nil {
			t.Errorf("%q: %v", win, err)
			continue
		}
		if len(got) != 2 || got[0xA9B40000] != "Smithy forge" || got[0x0A000020] != "hammer" {
			t.Errorf("%q: %v; want 2 names, Smithy forge and hammer", win, got)
		}
	}
}
