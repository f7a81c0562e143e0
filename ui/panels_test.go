package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/audio"
	"soundworld/world"
)

type fakeHost struct{ prefs []audio.Prefs }

func (h *fakeHost) SetPrefs(p audio.Prefs)              { h.prefs = append(h.prefs, p) }
func (h *fakeHost) SetEye(float32)                      {}
func (h *fakeHost) SetCamera(float32, float32)          {}
func (h *fakeHost) Reset(uint32) error                  { return nil }
func (h *fakeHost) SetAudio(bool) error                 { return nil }
func (h *fakeHost) PlayStinger(uint32)                  {}
func (h *fakeHost) Stingers() []Stinger                 { return []Stinger{{0x77, "UI_Bell", 0x66}} }
func (h *fakeHost) AddEmitterAtListener()               {}
func (h *fakeHost) SetEmitter(int, world.Emitter) error { return nil }
func (h *fakeHost) DeleteEmitter(int)                   {}
func (h *fakeHost) ShowEmitter(int)                     {}
func (h *fakeHost) SaveLayout(string) error             { return nil }
func (h *fakeHost) LoadLayout(string) error             { return nil }
func (h *fakeHost) Jump(string) error                   { return nil }
func (h *fakeHost) Notify(string)                       {}
func (h *fakeHost) SoundTypes(uint32) []uint32          { return []uint32{0x21, 0x69} }

// Every panel lays out and draws a busy snapshot without error, with a voice,
// an instance and an emitter selected (the "why" and edit sections shown).
func TestPanels_UpdateAndDraw(t *testing.T) {
	s := &world.Snapshot{Time: 5, Prefs: audio.DefaultPrefs(), Cursor: 3, Drops: 2, Evictions: 1}
	s.Voices[0] = audio.Voice{Busy: true, Source: audio.SourceOneShot, SType: 0x47, Wave: 0x0A000001, DB: -12, Pan: 15, Start: 4, Length: 2}
	s.Instances = []world.Instance{{Stb: 1, Index: 0, Count: 2, Share: 0.5, PlayChance: 0.1, CanHear: true, OnQueue: true, Deadline: 7}}
	s.Emitters = []world.EmitterView{{Emitter: world.Emitter{Name: "forge", SoundTable: 0x20000010, SType: 0x69, Volume: 1, Interval: [2]float32{2, 5}}}}
	st := NewState()
	st.SelectedVoice, st.Selected, st.SelectedEmitter = 0, 0, 0
	u := New(&fakeHost{}, st)
	u.SetScreen(1280, 720)
	img := ebiten.NewImage(1280, 720)
	for i := 0; i < 3; i++ {
		if _, err := u.Update(s); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		u.Draw(img)
	}
	// The sound type is chosen from the table's list (fakeHost: 0x21, 0x69) with 0x69 selected.
	if u.edit.index != 0 || u.edit.table != "0x20000010" || len(u.edit.stypes) != 2 || u.edit.stypes[u.edit.stypeIdx] != 0x69 {
		t.Errorf("emitter edit: got index %d table %q types %v [%d], want 0, 0x20000010, [0x21 0x69] [1]", u.edit.index, u.edit.table, u.edit.stypes, u.edit.stypeIdx)
	}
}

// E1, issue 13 item 3: the emitter editor parses hex ids and seconds and
// names the bad field; junk is an error, never 0.
func TestEmitterEdit_Apply(t *testing.T) {
	e := emitterEdit{name: "x", table: "0x20000010", stypes: []uint32{0x21, 0x69}, stypeIdx: 1, volume: 0.5, ivMin: "1", ivMax: "3", path: 1}
	em, err := e.apply(world.Emitter{})
	if err != nil || em.SoundTable != 0x20000010 || em.SType != 0x69 || em.Volume != 0.5 || em.Interval != [2]float32{1, 3} || em.Path != audio.PathHook {
		t.Errorf("apply: got %+v, %v; want table 0x20000010 type 0x69 vol 0.5 interval 1..3 hook", em, err)
	}
	for _, c := range []struct {
		field string
		edit  func(*emitterEdit)
	}{
		{"em_table", func(e *emitterEdit) { e.table = "zz" }},
		{"em_table", func(e *emitterEdit) { e.table = "0x0A000001" }},
		{"em_ivmin", func(e *emitterEdit) { e.ivMin = "1abc" }},
		{"em_ivmin", func(e *emitterEdit) { e.ivMin = "-1" }},
		{"em_ivmax", func(e *emitterEdit) { e.ivMax = "0.5" }},
		{"em_name", func(e *emitterEdit) { e.name = " " }},
		{"em_stype", func(e *emitterEdit) { e.stypeIdx = 5 }},
	} {
		bad := e
		c.edit(&bad)
		_, err := bad.apply(world.Emitter{})
		fe, ok := err.(*fieldError)
		if !ok || fe.field != c.field {
			t.Errorf("%+v: got %v, want an error on %s", bad, err, c.field)
		}
	}
}

// A7/A8/A10: the Ambient panel's line shows volume for beds, chance for
// one-shots, can-hear, and the time to the deadline or "off queue".
func TestInstanceLine(t *testing.T) {
	got := instanceLine(true, 2, 0.25, 0.125, 0, true, false, 0)
	if !strings.Contains(got, "vol 0.125") || !strings.Contains(got, "(25%)") || !strings.Contains(got, "audible yes") || !strings.Contains(got, "not queued") {
		t.Errorf("bed line got %q", got)
	}
	got = instanceLine(false, 1, 0.5, 0, 0.05, false, true, 2.25)
	if !strings.Contains(got, "chance 0.050") || !strings.Contains(got, "audible no") || !strings.Contains(got, "next 2.2 s") {
		t.Errorf("one-shot line got %q", got)
	}
}

// Issue 13 items 5, 6: the Voices detail follows the sound, not the slot:
// when another sound starts in the slot, the detail keeps the old one and
// says it ended; the row reads name first, then ids, with the priority
// marked unused by retail (P3/P5); the draws behind it are listed (O4).
func TestVoices_DetailFollowsTheSound(t *testing.T) {
	s := &world.Snapshot{Time: 5, Prefs: audio.DefaultPrefs()}
	s.Voices[2] = audio.Voice{Busy: true, Source: audio.SourceBed, Table: 0x20000005, SType: 0x4D, Wave: 0x0A000012, Priority: 0.2, Start: 4, Length: 10}
	tr := [16]audio.Trace{}
	tr[2] = audio.Trace{Draws: []float32{0.2853809}, Rands: []int{41}}
	s.VoiceTraces = &tr
	st := NewState()
	u := New(&fakeHost{}, st)
	u.snap = s
	u.selectVoice(2)
	if got, want := VoiceName(nil, st.voice.v), "Ambient8 bed, table 0x20000005, wave 0x0A000012, priority 0.20 (not used by retail)"; got != want {
		t.Errorf("VoiceName got %q, want %q", got, want)
	}
	if got := traceLine(st.voice.trace); got != "draws: 0.2853809  rand(): 41" {
		t.Errorf("traceLine got %q", got)
	}
	s2 := *s
	s2.Time = 6
	s2.Voices[2] = audio.Voice{Busy: true, Source: audio.SourceOneShot, SType: 0x47, Start: 5.5, Length: 1}
	img := ebiten.NewImage(1280, 720)
	if _, err := u.Update(&s2); err != nil {
		t.Fatal(err)
	}
	u.Draw(img)
	if st.voice == nil || st.voice.v.SType != 0x4D || st.voice.start != 4 {
		t.Errorf("after the slot's reuse: got %+v, want the Ambient8 bed still explained", st.voice)
	}
}

// E1: the DataID paths take a wave id (and tweaked_hook a probability)
// instead of a table and SoundType; bad ones are field errors.
func TestEmitterEdit_WavePaths(t *testing.T) {
	e := emitterEdit{name: "x", volume: 1, ivMin: "1", ivMax: "2", path: int(audio.PathTweakedHook), wave: "0x0A000012", prob: "0.25"}
	em, err := e.apply(world.Emitter{SoundTable: 0x20000010, SType: 0x69})
	if err != nil || em.Wave != 0x0A000012 || em.Probability != 0.25 || em.Path != audio.PathTweakedHook {
		t.Errorf("tweaked_hook: got %+v, %v; want wave 0x0A000012 probability 0.25", em, err)
	}
	for field, edit := range map[string]func(*emitterEdit){
		"em_wave": func(e *emitterEdit) { e.wave = "0x20000010" },
		"em_prob": func(e *emitterEdit) { e.prob = "1.5" },
	} {
		bad := e
		edit(&bad)
		if _, err := bad.apply(world.Emitter{}); err == nil || err.(*fieldError).field != field {
			t.Errorf("%s: got %v, want an error on it", field, err)
		}
	}
	e.path, e.prob = int(audio.PathSoundHook), "junk" // sound_hook has no probability
	if em, err := e.apply(world.Emitter{}); err != nil || em.Wave != 0x0A000012 {
		t.Errorf("sound_hook: got %+v, %v", em, err)
	}
}
