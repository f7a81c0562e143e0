package game

import (
	"slices"
	"strings"
	"testing"

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
