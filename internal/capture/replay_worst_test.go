package capture

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"soundworld/internal/alloctest"
	"soundworld/internal/weblink"
	"soundworld/world"
)

// worstEntries are, per input kind, the shortest entries a record can hold
// and still be accepted (compact, as in a link; keys at zero left out),
// made n times: entry(i, t) is the i-th, t its time (s) where the kind
// ticks. An emitter costs most: start holds one emitter to move or update.
type worstCase struct {
	kind  world.InputKind
	ticks bool // each entry is one grid step (its t is written)
	entry func(i int, t string) string
	n     int // entries (0: worstN)
}

var worstEntries = []worstCase{
	{kind: world.InTick, ticks: false, entry: func(int, string) string { return `{"kind":"tick","n":1}` }},
	{kind: world.InStep, ticks: true, entry: func(_ int, t string) string { return `{"kind":"step","t":` + t + `,"n":1}` }},
	{kind: world.InDrag, ticks: true, entry: func(_ int, t string) string { return `{"kind":"drag","t":` + t + `,"drag":[1,1,0]}` }},
	{kind: world.InListener, ticks: false, entry: func(int, string) string { return `{"kind":"listener","x":1,"y":1}` }},
	{kind: world.InPlayer, ticks: false, entry: func(int, string) string { return `{"kind":"player"}` }},
	{kind: world.InIndoor, ticks: false, entry: func(int, string) string { return `{"kind":"indoor","cell":256}` }},
	{kind: world.InEye, ticks: false, entry: func(int, string) string { return `{"kind":"eye"}` }},
	{kind: world.InChase, ticks: false, entry: func(int, string) string { return `{"kind":"chase"}` }},
	{kind: world.InPrefs, ticks: false, entry: func(int, string) string { return `{"kind":"prefs"}` }},
	{kind: world.InActive, ticks: false, entry: func(int, string) string { return `{"kind":"active"}` }},
	{kind: world.InEmitters, ticks: false, entry: func(int, string) string { return `{"kind":"set_emitters"}` }},
	{kind: world.InAdd, ticks: false, entry: func(int, string) string { return `{"kind":"add_emitter","emitters":[` + minEmitter + `]}` }},
	{kind: world.InUpdate, ticks: false, entry: func(int, string) string { return `{"kind":"update_emitter","emitters":[` + minEmitter + `]}` }},
	{kind: world.InMove, ticks: false, entry: func(int, string) string { return `{"kind":"move_emitter","x":1,"y":1}` }},
	{kind: world.InDelete, ticks: false, entry: func(i int, _ string) string { // an add, then its delete
		if i%2 == 0 {
			return `{"kind":"add_emitter","emitters":[` + minEmitter + `]}`
		}
		return `{"kind":"delete_emitter","index":1}`
	}},
	{kind: world.InStinger, ticks: false, entry: func(int, string) string { return `{"kind":"stinger"}` }},
	{kind: world.InObjMute, ticks: false, entry: func(int, string) string { return `{"kind":"object_mute"}` }},
	{kind: world.InObjSolo, ticks: false, entry: func(int, string) string { return `{"kind":"object_solo"}` }},
	{kind: world.InEye, ticks: false, entry: func(int, string) string { return `{"\u006bind":"\u0065ye"}` }}, // escapes: decoded on the stack
	{kind: world.InEmitters, ticks: false, entry: func(int, string) string { // one entry of many emitters
		return `{"kind":"set_emitters","emitters":[` + strings.Repeat(minEmitter+",", worstN-1) + minEmitter + `]}`
	}, n: 1},
}

// worstN is the number of entries of each worst case (0.4–2.5 MB).
const worstN = 30000

// minEmitter is the shortest emitter a record accepts (a layout's checks:
// a name, a sound table 0x20000000 and a SoundType; zeros left out).
const minEmitter = `{"name":"a","soundtable":536870912,"stype":1}`

// worstSidecar is a compact sidecar of n entries made by entry.
func worstSidecar(n int, ticks bool, entry func(int, string) string) []byte {
	var b strings.Builder
	clock := 0.0
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(entry(i, strconv.FormatFloat(clock, 'f', 3, 64)))
		if ticks {
			clock += world.NextStepDt(clock)
		}
	}
	return []byte(`{"replay":{"sim_time":` + strconv.FormatFloat(clock, 'f', 3, 64) +
		`,"inputs":{"start":{"emitters":[` + minEmitter + `]},"inputs":[` + b.String() + `]}}}`)
}

// Issue 30 item 4, the worst case: for every input kind, a record of its
// shortest accepted entries (compact, as a link's JSON is) read as a
// sidecar allocates at most 4× its size plus fixed state, and so does a
// report link of it, decoded: the fragment to JSON (weblink.Decode) and
// that JSON read as -from reads it.
func TestReadSidecar_WorstCaseEveryKind(t *testing.T) {
	const fixed = 64 << 10
	kinds := map[world.InputKind]bool{}
	for _, c := range worstEntries {
		kinds[c.kind] = true
		n := worstN
		if c.n > 0 {
			n = c.n
		}
		b := worstSidecar(n, c.ticks, c.entry)
		p := filepath.Join(t.TempDir(), "worst.json")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var sc *Sidecar
		var err error
		got := alloctest.Bytes(func() { sc, err = ReadSidecarFile(p) })
		if err != nil {
			t.Fatalf("%s: the shortest entries are refused: %v", c.kind, err)
		}
		if k := sc.Replay.Inputs.Inputs.Len(); k != n || sc.Replay.Inputs.Inputs.At(n-1).Kind != c.kind {
			t.Fatalf("%s: read %d entries, want %d", c.kind, k, n)
		}
		if lim := 4*uint64(len(b)) + fixed; got > lim {
			t.Errorf("%s: reading a %d-byte sidecar of %d entries allocated %d bytes (%.2f×), want at most 4× + %d", c.kind, len(b), n, got, float64(got)/float64(len(b)), fixed)
		}
		frag, err := weblink.Encode(b)
		if err != nil {
			t.Fatalf("%s: link: %v", c.kind, err)
		}
		var js []byte
		dec := alloctest.Bytes(func() { js, err = weblink.Decode(frag) })
		if err != nil {
			t.Fatalf("%s: link: %v", c.kind, err)
		}
		parse := alloctest.Bytes(func() { _, err = parseSidecar(js, "link") })
		if err != nil {
			t.Fatalf("%s: link read as a sidecar: %v", c.kind, err)
		}
		if lim := 4*uint64(len(js)) + fixed; dec+parse > lim {
			t.Errorf("%s: a link inflating to %d bytes: decoding allocated %d bytes, reading it %d; want both at most 4× + %d", c.kind, len(js), dec, parse, fixed)
		}
		t.Logf("%-14s %8d bytes %5.2f×; link %8d bytes: decode %4.2f×, read %4.2f×, both %4.2f×", c.kind, len(b), float64(got)/float64(len(b)),
			len(js), float64(dec)/float64(len(js)), float64(parse)/float64(len(js)), float64(dec+parse)/float64(len(js)))
	}
	for _, k := range world.InputKinds() {
		if !kinds[k] {
			t.Errorf("kind %q has no worst case here", k)
		}
	}
}

// The format 1 goldens' entries read into the packed record are written
// back byte for byte as the files hold them (compacted).
func TestReadSidecar_GoldensWriteBackTheSame(t *testing.T) {
	for _, p := range []string{"testdata/formats/sidecar-v1.json", "testdata/formats/sidecar-v1-forge.json"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var raw struct {
			Replay struct {
				Inputs struct {
					Inputs json.RawMessage `json:"inputs"`
				} `json:"inputs"`
			} `json:"replay"`
		}
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Compact(&want, raw.Replay.Inputs.Inputs); err != nil {
			t.Fatal(err)
		}
		sc, err := ReadSidecarFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(sc.Replay.Inputs.Inputs)
		if err != nil {
			t.Fatal(err)
		}
		if n := sc.Replay.Inputs.Inputs.Len(); n == 0 || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: %d entries written back as\n%s\nthe file holds\n%s", p, n, got, want.Bytes())
		}
	}
}
