package game

import (
	"encoding/json"
	"io"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	capt "soundworld/internal/capture"
	"soundworld/internal/formatdoc"
	"soundworld/world"
)

// Every key the sidecar writes outside its snake_case Sim values is on
// docs/file-formats.md, and only those; the reader's list of top-level
// keys is the writer's.
func TestFileFormats_SidecarKeysPinned(t *testing.T) {
	code, err := world.JSONKeys(Sidecar{})
	if err != nil {
		t.Fatal(err)
	}
	var top []string
	for _, k := range code {
		if !strings.ContainsAny(k, ".[") {
			top = append(top, k)
		}
	}
	if !slices.Equal(top, slices.Sorted(slices.Values(capt.SidecarKeys))) {
		t.Errorf("Sidecar writes %v, -from reads %v", top, capt.SidecarKeys)
	}
	var page []string
	for _, h := range []string{"Sidecar (format", "Sidecar view", "Sidecar replay record"} {
		ks, err := formatdoc.Keys(h)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range ks {
			if !strings.HasPrefix(k, "replay.inputs.") { // the record's own keys: capture's test
				page = append(page, k)
			}
		}
	}
	slices.Sort(page)
	if d := formatdoc.Diff(page, code); d != "" {
		t.Errorf("docs/file-formats.md and the sidecar's keys differ (a renamed key breaks every sidecar filed): %s", d)
	}
	if sc := newStandInGame(t).sidecar(); sc.Format != world.FormatVersion {
		t.Errorf("a sidecar says format %d, want %d", sc.Format, world.FormatVersion)
	}
}

// keyPaths collects every object key path of a JSON value ("a.b",
// "list[].c").
func keyPaths(v any, prefix string, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			keyPaths(e, p, out)
		}
	case []any:
		for _, e := range x {
			keyPaths(e, prefix+"[]", out)
		}
	}
}

const forgeGolden = "../internal/capture/testdata/formats/sidecar-v1-forge.json"

// forgeSidecar is the sidecar this build writes at the format 1 golden's
// instant (its record replayed), as JSON values.
func forgeSidecar(t *testing.T) map[string]any {
	t.Helper()
	a := standintest.Archive(t)
	// The golden was written on an earlier stand-in (its content hash and
	// replayed state change whenever the stand-in or a rule does): its keys
	// are the point here, so the data check is forced and its fingerprint
	// dropped (TestFileFormats_SidecarAndLinkV1Open replays it too).
	from := mustReadFrom(t, forgeGolden)
	from.Replay.Snapshot = ""
	g, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Stdout: io.Discard, From: from, Force: true})
	if err != nil {
		t.Fatal(err)
	}
	js, err := sidecarJSON(g.sidecar())
	if err != nil {
		t.Fatal(err)
	}
	var fresh map[string]any
	if err := json.Unmarshal(js, &fresh); err != nil {
		t.Fatal(err)
	}
	return fresh
}

// The parts of the sidecar whose keys come from the Sim's own field names
// (game/snake.go: snapshot, prefs, rng) keep the keys format 1 wrote: the
// format 1 golden sidecar reopened and written again holds every key path
// the golden holds, so renaming a Snapshot field fails here. The golden is
// a shot 6 s at the forge (shot -at "0xA9B4 90 14" -seconds 6), outdoors,
// so its snapshot holds objects, events and spawns (a closed cell's holds
// none of them: A11/E3 [D4]).
func TestFileFormats_SnakeKeysKeepFormat1(t *testing.T) {
	b, err := os.ReadFile(forgeGolden)
	if err != nil {
		t.Fatal(err)
	}
	var old map[string]any
	if err := json.Unmarshal(b, &old); err != nil {
		t.Fatal(err)
	}
	fresh := forgeSidecar(t)
	was, now := map[string]bool{}, map[string]bool{}
	keyPaths(old, "", was)
	keyPaths(fresh, "", now)
	n := 0
	for k := range was {
		if strings.HasPrefix(k, "snapshot.") || strings.HasPrefix(k, "prefs.") || strings.HasPrefix(k, "rng.") {
			n++
			if !now[k] {
				t.Errorf("format 1 wrote %q; this build does not: a renamed or dropped key", k)
			}
		}
	}
	if n < 50 {
		t.Fatalf("the golden sidecar has %d snapshot, prefs and rng keys: the comparison would prove little", n)
	}
}

// snakeKeys lists the key paths json.Marshal and Snake write for a value of
// type t under prefix: untagged fields by their snake_case Go names, tagged
// ones by their tag, embedded structs flattened, a type with its own
// MarshalJSON (or a map) one key.
func snakeKeys(t reflect.Type, prefix string, out map[string]bool) {
	marshaler := reflect.TypeFor[json.Marshaler]()
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		if t.Kind() != reflect.Pointer {
			prefix += "[]"
		}
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case !f.IsExported() || tag == "-":
			continue
		case f.Anonymous && tag == "":
			snakeKeys(f.Type, prefix, out)
			continue
		case tag == "":
			tag = f.Name
		}
		k := prefix + "." + snakeCase(tag)
		out[k] = true
		snakeKeys(f.Type, k, out)
	}
}

// Every snake_case key of the sidecar's snapshot, prefs and rng is on
// docs/file-formats.md with its unit, and only those: the page is compared
// with the keys the Go types give and with the keys a written sidecar holds
// (a shot at the forge: objects, events, spawns), so a renamed field fails
// here as well as against the format 1 golden.
func TestFileFormats_SnakeKeysOnThePage(t *testing.T) {
	page, err := formatdoc.Keys("Sidecar snapshot")
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]bool{}
	for _, c := range []struct {
		key string
		t   reflect.Type
	}{{"snapshot", reflect.TypeFor[world.Snapshot]()}, {"prefs", reflect.TypeFor[audio.Prefs]()}, {"rng", reflect.TypeFor[world.RNGState]()}} {
		types[c.key] = true
		snakeKeys(c.t, c.key, types)
	}
	if d := formatdoc.Diff(page, slices.Sorted(maps.Keys(types))); d != "" {
		t.Errorf("docs/file-formats.md and the snapshot's Go fields differ (a renamed field breaks every sidecar filed): %s", d)
	}
	written := map[string]bool{}
	keyPaths(forgeSidecar(t), "", written)
	n := 0
	for k := range written {
		top, _, _ := strings.Cut(strings.ReplaceAll(k, "[]", ""), ".")
		if top == "snapshot" || top == "prefs" || top == "rng" {
			if n++; !slices.Contains(page, k) {
				t.Errorf("a sidecar writes %q, docs/file-formats.md does not list it", k)
			}
		}
	}
	if n < 150 {
		t.Errorf("the forge sidecar holds %d snapshot, prefs and rng keys: the comparison would prove little", n)
	}
}
