package world

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Issue 13 item 8: the input record's emitters are written with snake_case
// keys, read back exactly, and the Go-named keys the first -from sidecars
// wrote still read.
func TestInputLog_EmittersSnakeCase(t *testing.T) {
	z := float32(2.25)
	es := RecordedEmitters{{Name: "bell", Landblock: 0xA9B4, X: 1.5, Y: 191.75, Z: &z, SoundTable: 0x20000010, SType: 0x69,
		Wave: 0x0A000021, Probability: 0.3, Volume: 0.7, Interval: [2]float32{2, 4}, Path: 2}}
	b, err := json.Marshal(InputStart{Emitters: es})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"sound_table":536870928`, `"s_type":105`, `"landblock":43444`, `"z":2.25`, `"interval":[2,4]`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("written %s: no %s", b, k)
		}
	}
	if strings.ContainsAny(string(b), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		t.Errorf("written %s has a capital letter", b)
	}
	var back InputStart
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back.Emitters, es) {
		t.Errorf("read back %+v (%v), want %+v", back.Emitters, err, es)
	}
	old := `{"kind":"add_emitter","t":0,"emitters":[{"Name":"bell","Landblock":43444,"X":1.5,"Y":191.75,"Z":2.25,` +
		`"SoundTable":536870928,"SType":105,"Wave":167772193,"Probability":0.3,"Volume":0.7,"Interval":[2,4],"Path":2}]}`
	var in Input
	if err := json.Unmarshal([]byte(old), &in); err != nil || !reflect.DeepEqual(in.Emitters, es) {
		t.Errorf("Go-named keys read as %+v (%v), want %+v", in.Emitters, err, es)
	}
	if b, _ := json.Marshal(Input{Kind: InTick}); strings.Contains(string(b), "emitters") {
		t.Errorf("an input without emitters wrote %s", b)
	}
}
