package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz/geom"
	"soundworld/audio"
	"soundworld/world"
)

// gateFake is a host with a Gate whose ABX run is open or not.
type gateFake struct {
	fakeHost
	abx, done bool
	answerErr error // AnswerX's error
}

func (h *gateFake) CopyPosition() string  { return "clipboard" }
func (h *gateFake) ToggleRecording()      {}
func (h *gateFake) OpenGate(string) error { return nil }
func (h *gateFake) ToggleB() error        { return nil }
func (h *gateFake) PlayX() error          { return nil }
func (h *gateFake) AnswerX(bool) error    { return h.answerErr }
func (h *gateFake) SetABXTrials(int) error {
	return nil
}
func (h *gateFake) SetGainMatch(bool) {}
func (h *gateFake) GateView() GateView {
	return GateView{Gate: "g", Ready: true, Hearing: "X", Trials: 10, ABX: h.abx, ABXDone: h.done, Trial: 1}
}

// panelTexts lays out and draws every panel (all open) for a busy snapshot
// with a playing voice selected and returns every text line drawn.
func panelTexts(t *testing.T, h *gateFake) string {
	t.Helper()
	s := &world.Snapshot{Time: 5, Prefs: audio.DefaultPrefs(), Cursor: 3}
	s.Voices[0] = audio.Voice{Busy: true, Source: audio.SourceBed, SType: 0x47, Wave: 0x0A000001, DB: -12, Pan: 15, Start: 4, Length: 20, Volume: 0.4}
	s.Instances = []world.Instance{{Stb: 1, Continuous: true, Count: 2, Share: 0.5, CurrentVolume: 0.25, CanHear: true}}
	st := NewState()
	st.SelectedVoice = 0
	u := New(h, st)
	u.AddGate(h)
	u.OpenAll()
	u.SetScreen(1280, 720)
	u.SetMeter(func() (audio.MeterReading, string) {
		return audio.MeterReading{Peak: [2]float64{-6, -7}, RMS: [2]float64{-15, -16}, Hold: [2]float64{-5, -5}}, "device"
	})
	var b strings.Builder
	drawFrames(t, u, s, func(s string, _ float64) { b.WriteString(s + "\n") })
	if got := u.LevelsHidden(); got != (h.abx && !h.done) {
		t.Errorf("LevelsHidden %v with ABX %v done %v", got, h.abx, h.done)
	}
	return b.String()
}

// Issue 21 item 7: an ABX trial is judged by ear. While one is open the
// panels show no level: no meter numbers, no voice dB, no S1 volume or
// gain, no bed volume; with no run (or a finished one) they all show.
func TestABX_HidesEveryLevelReadout(t *testing.T) {
	levels := []string{"-12 dB", "peak   -6.0", "rms   -15.0", "S1: vol", "gain 0.", "vol 0.250"}
	open := panelTexts(t, &gateFake{})
	for _, l := range levels {
		if !strings.Contains(open, l) {
			t.Fatalf("no ABX run: %q not shown (the test would prove nothing)\n%s", l, open)
		}
	}
	blind := panelTexts(t, &gateFake{abx: true})
	for _, l := range levels {
		if strings.Contains(blind, l) {
			t.Errorf("ABX trial open: %q still shown", l)
		}
	}
	if !strings.Contains(blind, levelsHiddenNote) || !strings.Contains(blind, "pan +15") {
		t.Errorf("ABX trial open: want the note and the voice's pan, got\n%s", blind)
	}
	if done := panelTexts(t, &gateFake{abx: true, done: true}); !strings.Contains(done, "-12 dB") {
		t.Errorf("finished ABX run: levels still hidden")
	}
}

// The timeline's bars are brighter the louder they play, except during an
// ABX trial, when every bar has one brightness.
func TestABX_TimelineBarsOneBrightness(t *testing.T) {
	loud := geom.VoiceBar{Voice: audio.Voice{Source: audio.SourceBed, DB: -3}}
	quiet := geom.VoiceBar{Voice: audio.Voice{Source: audio.SourceBed, DB: -45}}
	if barColor(loud, false) == barColor(quiet, false) {
		t.Fatal("levels shown: loud and quiet bars have the same colour")
	}
	if barColor(loud, true) != barColor(quiet, true) {
		t.Errorf("ABX trial: loud %v and quiet %v bars differ", barColor(loud, true), barColor(quiet, true))
	}
}

// The Events panel's rows keep time, sound and pan but not the level.
func TestABX_EventRowsWithoutLevel(t *testing.T) {
	p := audio.Play{Time: 2.5, SType: 0x47, DB: -21, Pan: 4, Slot: 3}
	if got := lateRowText(nil, p, 0, false); !strings.Contains(got, "-21") {
		t.Fatalf("row %q has no level", got)
	}
	got := lateRowText(nil, p, 0, true)
	if strings.Contains(got, "21") || !strings.Contains(got, "pan +4") || len(got) != len(lateRowText(nil, p, 0, false)) {
		t.Errorf("blind row %q: want no level, the pan, the same columns", got)
	}
}

// An answer before X was played ("play X first") is an error under the
// answer buttons: it frames no field (the trials box stays unmarked) and
// the buttons stay where they were.
func TestABX_AnswerErrorUnderTheButtons(t *testing.T) {
	h := &gateFake{abx: true, answerErr: errors.New("ABX: play X first (X key), then answer")}
	u := New(h, NewState())
	u.AddGate(h)
	u.answerX(h, true)
	if u.bad("abx") || u.st.FieldErr[abxAnswerKey] == "" {
		t.Fatalf("field errors %v: want the answer's, not the trials box's", u.st.FieldErr)
	}
	// Drawn: the answer buttons' row sits between the trials row and the
	// error line (the error no longer pushes the buttons down).
	st := NewState()
	st.FieldErr[abxAnswerKey] = "ABX: play X first (X key), then answer"
	ys := gateLineYs(t, h, st)
	trials, errY := ys["ABX trials"], ys["ABX: play X first (X key), then answer"]
	if trials == 0 || errY == 0 || errY-trials < 2*lineH-1 {
		t.Errorf("trials row at y %v, the error at %v: want the answer buttons' row between", trials, errY)
	}
	h.answerErr = nil
	u.answerX(h, false)
	if len(u.st.FieldErr) != 0 {
		t.Errorf("after a good answer: field errors %v", u.st.FieldErr)
	}
}

// gateLineYs draws the panels over state st and returns each text line
// drawn with its y (px; the last frame's).
func gateLineYs(t *testing.T, h *gateFake, st *State) map[string]float64 {
	t.Helper()
	s := &world.Snapshot{Time: 5, Prefs: audio.DefaultPrefs()}
	u := New(h, st)
	u.AddGate(h)
	u.OpenAll()
	u.SetScreen(1280, 720)
	ys := map[string]float64{}
	drawFrames(t, u, s, func(s string, y float64) { ys[s] = y })
	return ys
}

// drawFrames updates and draws u over s for three frames at 1280×720,
// handing every text line drawn (and its y) to seen.
func drawFrames(t *testing.T, u *UI, s *world.Snapshot, seen func(s string, y float64)) {
	t.Helper()
	onDrawLine = seen
	defer func() { onDrawLine = nil }()
	img := ebiten.NewImage(1280, 720)
	for i := 0; i < 3; i++ {
		if _, err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		u.Draw(img)
	}
}
