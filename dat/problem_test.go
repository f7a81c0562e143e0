package dat

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestProblemString(t *testing.T) {
	cases := []struct {
		p    Problem
		want string
	}{
		{Problem{File: "client_cell_1.dat", Record: 0xA9B4FFFF, Off: 0x5400, What: "bad block link 0x80001234"},
			"client_cell_1.dat: record 0xA9B4FFFF: bad block link 0x80001234 at byte 0x5400"},
		{Problem{File: "client_portal.dat", Record: 0x0A000002, Off: 4, InRecord: true, What: "bad wave"},
			"client_portal.dat: record 0x0A000002: bad wave at record byte 0x4"},
		{Problem{Record: 0x20000001, Off: -1, What: "record not found"}, "record 0x20000001: record not found"},
		{Problem{File: "x.dat", Off: 0x14C, What: "header data_set 1"}, "x.dat: header data_set 1 at byte 0x14C"},
	}
	for _, c := range cases {
		if got := c.p.String(); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// The conversion keeps FormatError's file, record, offset and message; the
// line is FormatError's without its "dat: " prefix.
func TestProblemFromFormatError(t *testing.T) {
	fe := &FormatError{File: "client_cell_1.dat", ID: 0xA9B4FFFF, Off: 0x5400, Msg: "bad block link", Val: uint32(0x80001234)}
	p := fe.Problem(KindBadChain)
	if want := strings.TrimPrefix(fe.Error(), "dat: "); p.String() != want {
		t.Errorf("got %q, want %q", p.String(), want)
	}
	if p.Kind != KindBadChain || p.Off != 0x5400 || p.InRecord {
		t.Errorf("fields: %+v", p)
	}
	// Wrapped, with the file and id filled in only where the error has none.
	wrapped := fmt.Errorf("world: table: %w", &FormatError{Off: 8, InRecord: true, Msg: "short"})
	q := ProblemOf(KindBadTable, "p.dat", 0x20000001, wrapped)
	if q.File != "p.dat" || q.Record != 0x20000001 || q.Off != 8 || !q.InRecord || q.What != "short" {
		t.Errorf("wrapped: %+v", q)
	}
	// Plain errors: text, no offset; not-found is its own kind.
	if q := ProblemOf(KindBadWave, "p.dat", 0x0A000001, errors.New("mp3: junk")); q.Off != -1 || q.What != "mp3: junk" || q.Kind != KindBadWave {
		t.Errorf("plain: %+v", q)
	}
	if q := ProblemOf(KindBadFile, "d/c.dat", 0, errors.New("dat: d/c.dat: is a named pipe, not a regular file")); q.String() != "d/c.dat: is a named pipe, not a regular file" {
		t.Errorf("file named twice: %q", q.String())
	}
	nf := fmt.Errorf("dat: p.dat: record 0x20000009 %w", ErrNotFound)
	if q := ProblemOf(KindBadTable, "p.dat", 0x20000009, nf); q.Kind != KindMissingRecord {
		t.Errorf("not found: kind %q, want %q", q.Kind, KindMissingRecord)
	}
}

func TestProblemsKeepsEachOnceInFirstSeenOrder(t *testing.T) {
	var ps Problems
	var notified []string
	ps.OnNew(func(p Problem) { notified = append(notified, p.What) })
	a := Problem{File: "f", Record: 1, Off: 2, Kind: KindBadWave, What: "a"}
	b := Problem{File: "f", Record: 1, Off: 3, Kind: KindBadWave, What: "b"}
	if !ps.Add(a) || !ps.Add(b) {
		t.Fatal("new problems not reported new")
	}
	again := a
	again.Kind = KindBadTable // same fault met by another reader
	if ps.Add(a) || ps.Add(again) {
		t.Error("a repeated problem was added again")
	}
	got := ps.List()
	if len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("list: %+v", got)
	}
	if strings.Join(notified, ",") != "a,b" {
		t.Errorf("notified %v, want [a b]", notified)
	}
	if ps.AddErr(KindBadWave, "f", 1, nil) {
		t.Error("nil error added")
	}
}

func TestProblemsNilIsANoOp(t *testing.T) {
	var ps *Problems
	if ps.Add(Problem{What: "x"}) || ps.Len() != 0 {
		t.Error("nil collector collected")
	}
	ps.OnNew(func(Problem) {})
	if b, _ := json.Marshal(ps.List()); string(b) != "[]" {
		t.Errorf("nil list encodes as %s, want []", b)
	}
}

// Many goroutines adding overlapping problems: each distinct one once, each
// notified once, in list order.
func TestProblemsConcurrent(t *testing.T) {
	var ps Problems
	var mu sync.Mutex
	var notified []Problem
	ps.OnNew(func(p Problem) { mu.Lock(); notified = append(notified, p); mu.Unlock() })
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				ps.Add(Problem{Record: uint32((i + g) % 50), Off: -1, What: "x"})
			}
		}()
	}
	wg.Wait()
	list := ps.List()
	if len(list) != 50 || ps.Len() != 50 {
		t.Fatalf("%d problems, want 50", len(list))
	}
	for i := range list {
		if notified[i] != list[i] {
			t.Fatalf("notification %d is %+v, list has %+v", i, notified[i], list[i])
		}
	}
}

func TestProblemJSON(t *testing.T) {
	p := Problem{File: "client_portal.dat", Record: 0x0A000002, Off: 12, InRecord: true, Kind: KindBadWave, What: "bad"}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	want := map[string]any{"file": "client_portal.dat", "record": "0x0A000002", "offset": 12.0, "offset_in": "record",
		"kind": "bad_wave", "what": "bad", "message": "client_portal.dat: record 0x0A000002: bad at record byte 0xC"}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s: got %v, want %v", k, m[k], v)
		}
	}
	if len(m) != len(want) {
		t.Errorf("keys: %v", m)
	}
	var back Problem
	if err := json.Unmarshal(b, &back); err != nil || back != p {
		t.Errorf("round trip: %+v %v", back, err)
	}
	// No offset: no offset keys, and it reads back as -1.
	q := Problem{File: "f", Off: -1, Kind: KindBadFile, What: "w"}
	b, _ = json.Marshal(q)
	if strings.Contains(string(b), "offset") {
		t.Errorf("unknown offset written: %s", b)
	}
	if err := json.Unmarshal(b, &back); err != nil || back != q {
		t.Errorf("round trip: %+v %v", back, err)
	}
}

func TestBadTerrainWord(t *testing.T) {
	g := &Region{Terrain: TerrainInfo{TerrainTypes: []TerrainType{{SceneTypes: []uint32{0, 1}}, {SceneTypes: nil}}}}
	l := &LandBlock{}
	l.Terrain[3] = 1 << 2       // type 1: no scene types at all → fine
	l.Terrain[5] = 1<<11 | 0<<2 // type 0, scene 1 of 2 → fine
	if first, _, what := BadTerrainWord(l, g); first != -1 {
		t.Fatalf("clean words: %d %q", first, what)
	}
	l.Terrain[7] = 2<<11 | 0<<2 // scene 2 of 2
	l.Terrain[9] = 5 << 2       // type 5 of 2
	l.Terrain[80] = 31 << 11    // scene 31 of 2
	first, more, what := BadTerrainWord(l, g)
	if first != 7 || more != 2 || what != "vertex 7 terrain word 0x1000: scene index 2, terrain type 0 has 2 (and 2 more vertices)" {
		t.Errorf("got %d %d %q", first, more, what)
	}
	if TerrainWordOffset(7) != 22 {
		t.Errorf("offset of word 7: %d, want 8 + 14", TerrainWordOffset(7))
	}
}
