package weblink

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/internal/alloctest"
	"soundworld/internal/capture"
	"soundworld/world"
)

// session drives a recording Sim on the stand-in as the window does (the
// listener set before each tick, Tick(0) first, then 1/60 s grid steps), with
// a seed, a preference and an emitter change on the way, and returns the
// desktop sidecar of the instant after the last tick: the replay record plus
// the view and the bulky fields a link leaves out.
func session(t *testing.T) []byte {
	t.Helper()
	a := standintest.Archive(t)
	es := standintest.Layout(t, assets.DefaultLayout())
	s, err := world.NewSim(world.Config{Archive: a, Seed: 7, Emitters: es})
	if err != nil {
		t.Fatal(err)
	}
	s.RecordInputs()
	for k := 0; k < 300; k++ {
		s.SetListener(world.HoltburgX+float32(k)*0.05, world.HoltburgY-float32(k)*0.03, float32(k%360))
		switch k {
		case 100:
			p := s.Prefs()
			p.AmbientVolume = 0.5
			s.SetPrefs(p)
		case 200:
			s.SetEye(7.5)
		}
		if k == 0 {
			s.Tick(0)
		} else {
			s.Tick(world.NextStepDt(s.Now()))
		}
	}
	id, err := capture.Identify(a, true)
	if err != nil {
		t.Fatal(err)
	}
	rp := capture.Replay{Data: id, SimTime: s.Now(), Inputs: s.Inputs(), Snapshot: capture.Fingerprint(s.Snapshot())}
	js, err := json.MarshalIndent(map[string]any{
		"tool": "soundworld", "replay": rp, "snapshot": s.Snapshot(),
		"view": map[string]any{"metres_per_pixel": 0.5, "centre_x": 21800.0, "centre_y": 33000.0, "time_scale": 2, "paused": true},
	}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// rebuild replays path's record on a fresh stand-in Sim, as -from does, and
// returns the Snapshot's fingerprint.
func rebuild(t *testing.T, path string) string {
	t.Helper()
	r, err := capture.ReadSidecar(path)
	if err != nil {
		t.Fatal(err)
	}
	a := standintest.Archive(t)
	s, err := world.NewSim(world.Config{Archive: a, Seed: 1, Prefs: audio.DefaultPrefs()})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Rebuild(s, nil); err != nil {
		t.Fatal(err)
	}
	return capture.Fingerprint(s.Snapshot())
}

// The link's round trip: the fragment decodes to the sidecar's replay and
// view objects unchanged, and the desktop's sidecar and the browser's link
// rebuild the same Snapshot, which is the one the session ended on.
func TestLink_SameSnapshotAsTheSidecar(t *testing.T) {
	sc := session(t)
	frag, err := Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, Prefix) || strings.ContainsAny(frag[len(Prefix):], "+/=#?&% ") {
		t.Fatalf("fragment %.40q… is not %s + unpadded base64url", frag, Prefix)
	}
	back, err := Decode("#" + frag)
	if err != nil {
		t.Fatal(err)
	}
	var want, got struct {
		Replay, View json.RawMessage
		Snapshot     json.RawMessage
	}
	if err := json.Unmarshal(sc, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(back, &got); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, a, b string }{{"replay", compact(t, want.Replay), string(got.Replay)}, {"view", compact(t, want.View), string(got.View)}} {
		if c.a != c.b {
			t.Errorf("%s changed on the way:\n%s\n%s", c.name, c.a, c.b)
		}
	}
	if got.Snapshot != nil {
		t.Error("the link carries the bulky snapshot; only replay and view belong in it")
	}
	dir := t.TempDir()
	desk, link := filepath.Join(dir, "desktop.json"), filepath.Join(dir, "link.json")
	os.WriteFile(desk, sc, 0o644)
	os.WriteFile(link, back, 0o644)
	fd, fl := rebuild(t, desk), rebuild(t, link)
	var rp struct {
		Replay struct {
			Snapshot string `json:"snapshot_sha256"`
		}
	}
	json.Unmarshal(sc, &rp)
	if fd != fl || fd != rp.Replay.Snapshot {
		t.Fatalf("snapshots differ: desktop %s, link %s, recorded %s", fd, fl, rp.Replay.Snapshot)
	}
	t.Logf("sidecar %d bytes, fragment %d characters", len(sc), len(frag))
}

func compact(t *testing.T, b []byte) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// Bad fragments are refused with an error that says what is wrong, never a
// panic or an allocation past MaxSidecarBytes.
func TestDecode_RefusesBadFragments(t *testing.T) {
	defer func(m int64) { maxBytes = m }(maxBytes)
	maxBytes = 1 << 20 // the bound's check, at a size a test inflates quickly
	deflate := func(b []byte) string {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestSpeed)
		w.Write(b)
		w.Close()
		return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}
	good, err := Encode([]byte(`{"replay":{"inputs":{}},"view":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, frag, want string }{
		{"empty", "", "not a soundworld link"},
		{"other page's", "#section-2", "not a soundworld link"},
		{"not base64url", Prefix + "a+b/c", "not base64url"},
		{"cut short", good[:len(good)-6], "does not inflate"},
		{"not JSON", deflate([]byte("hello")), "not a sidecar"},
		{"no replay", deflate([]byte(`{"view":{}}`)), "no \"replay\""},
		{"bomb", deflate(make([]byte, 1<<20+10)), "inflates past"},
	} {
		_, err := Decode(c.frag)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := Encode([]byte(`{"tool":"soundworld"}`)); err == nil {
		t.Error("a sidecar without a replay record made a link")
	}
}

// Bounded decoding: an accepted link allocates at most 4× its
// inflated size (plus the inflater's fixed state, 64 KiB); a bomb — 87 KB
// of fragment inflating to 64 MiB — is refused at MaxSidecarBytes having
// allocated at most 4× that, not the 221 MB it once took.
func TestDecode_AllocatesLittle(t *testing.T) {
	const fixed = 64 << 10
	var sc strings.Builder
	sc.WriteString(`{"replay":{"sim_time":100,"inputs":{"start":{"seed":1},"inputs":[`)
	for i := range 30000 {
		if i > 0 {
			sc.WriteByte(',')
		}
		fmt.Fprintf(&sc, `{"kind":"drag","t":%d,"drag":[%d.5,%d.25,%d]}`, i, 30000+i, 34000+i%977, i%360)
	}
	sc.WriteString(`]}},"view":{}}`)
	frag, err := Encode([]byte(sc.String()))
	if err != nil {
		t.Fatal(err)
	}
	var js []byte
	got := alloctest.Bytes(func() { js, err = Decode(frag) })
	if err != nil {
		t.Fatal(err)
	}
	if lim := 4*uint64(len(js)) + fixed; got > lim {
		t.Errorf("decoding a %d-character link of %d bytes allocated %d bytes, want at most %d", len(frag), len(js), got, lim)
	}
	t.Logf("link: %d characters → %d bytes, %d allocated (%.2f×)", len(frag), len(js), got, float64(got)/float64(len(js)))

	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write([]byte(`{"replay":{"inputs":{"start":{},"inputs":[`))
	w.Write(bytes.Repeat([]byte(" "), 64<<20))
	w.Close()
	bomb := Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	got = alloctest.Bytes(func() { _, err = Decode(bomb) })
	if err == nil || !strings.Contains(err.Error(), "inflates past") {
		t.Fatalf("a %d-character bomb: %v, want it refused", len(bomb), err)
	}
	if lim := uint64(4 * MaxSidecarBytes); got > lim {
		t.Errorf("refusing a %d-character bomb allocated %d bytes, want at most %d", len(bomb), got, lim)
	}
	t.Logf("bomb: %d characters refused after %d bytes allocated", len(bomb), got)

	long := Prefix + strings.Repeat("A", MaxFragmentChars)
	got = alloctest.Bytes(func() { _, err = Decode(long) })
	if err == nil || !strings.Contains(err.Error(), "longer than any link") || got > fixed {
		t.Errorf("a fragment past MaxFragmentChars: %v, %d bytes allocated; want it refused before decoding", err, got)
	}
}

// Encode refuses a session past MaxLinkCalls calls (its drags' frames
// counted): such a link could not be opened.
func TestEncode_RefusesSessionsPastN(t *testing.T) {
	drag := strings.Repeat("1,2,3,", MaxLinkCalls/2)
	sc := `{"replay":{"inputs":{"inputs":[{"kind":"drag","drag":[` + drag + `1,2,3]},{"kind":"drag","drag":[` + drag + `1,2,3]}]}}}`
	if _, err := Encode([]byte(sc)); err == nil || !strings.Contains(err.Error(), "too long for a link") {
		t.Fatalf("a session of %d calls: %v, want it refused", MaxLinkCalls+4, err)
	}
}

// Decode refuses a link holding more than MaxLinkCalls calls (a
// hand-made one: Encode makes none), counting its drags' frames.
func TestDecode_RefusesSessionsPastN(t *testing.T) {
	deflate := func(s string) string {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write([]byte(s))
		w.Close()
		return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}
	eyes := func(n int) string {
		return `{"replay":{"inputs":{"inputs":[` + strings.Repeat(`{"kind":"eye"},`, n-1) + `{"kind":"eye"}]}}}`
	}
	if _, err := Decode(deflate(eyes(MaxLinkCalls))); err != nil {
		t.Errorf("a session of %d calls: %v", MaxLinkCalls, err)
	}
	if _, err := Decode(deflate(eyes(MaxLinkCalls + 1))); err == nil || !strings.Contains(err.Error(), "more than a link holds") {
		t.Errorf("a session of %d calls: %v, want it refused", MaxLinkCalls+1, err)
	}
	drag := `{"replay":{"inputs":{"inputs":[{"kind":"drag","drag":[` + strings.Repeat("1,1,0,", MaxLinkCalls-1) + `1,1,0]}]}}}`
	if _, err := Decode(deflate(drag)); err == nil || !strings.Contains(err.Error(), "65537 calls") {
		t.Errorf("a drag of %d frames: %v, want it refused", MaxLinkCalls, err)
	}
}
