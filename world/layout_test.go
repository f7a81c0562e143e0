package world

import (
	"strings"
	"testing"

	"soundworld/audio"
)

const forgeLayout = `{"emitters":[{"name":"forge","landblock":"0xA9B4","x":90.0,"y":20.0,"z":null,"sound_table":"0x20000010","stype":105,"volume":1.0,"interval":[2.0,4.0],"path":"server"}]}`

func TestE2_LoadLayout(t *testing.T) {
	es, err := LoadLayout(strings.NewReader(forgeLayout), "forge.json")
	if err != nil {
		t.Fatal(err)
	}
	want := Emitter{Name: "forge", Landblock: 0xA9B4, X: 90, Y: 20, SoundTable: 0x20000010, SType: 105,
		Volume: 1, Interval: [2]float32{2, 4}, Path: audio.PathServer}
	if len(es) != 1 || es[0].Z != nil || es[0].Name != want.Name || es[0].Landblock != want.Landblock ||
		es[0].X != 90 || es[0].Y != 20 || es[0].SoundTable != want.SoundTable || es[0].SType != 105 ||
		es[0].Volume != 1 || es[0].Interval != want.Interval || es[0].Path != audio.PathServer {
		t.Fatalf("E2: got %+v, want %+v", es, want)
	}
	// stype as "0x69", z given, hook path.
	s := strings.Replace(forgeLayout, `"stype":105`, `"stype":"0x69"`, 1)
	s = strings.Replace(s, `"z":null`, `"z":12.5`, 1)
	s = strings.Replace(s, `"server"`, `"hook"`, 1)
	es, err = LoadLayout(strings.NewReader(s), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if es[0].SType != 0x69 || es[0].Z == nil || *es[0].Z != 12.5 || es[0].Path != audio.PathHook {
		t.Fatalf("E2: got %+v", es[0])
	}
	if es, err := LoadLayout(strings.NewReader(`{"emitters":[]}`), "e.json"); err != nil || len(es) != 0 {
		t.Fatalf("E2: empty layout: %v %v", es, err)
	}
}

func TestE2_LayoutErrorsNameLineAndField(t *testing.T) {
	multi := "{\"emitters\":[\n" + forgeLayout[13:len(forgeLayout)-2] + ",\n" +
		strings.Replace(forgeLayout[13:len(forgeLayout)-2], `[2.0,4.0]`, `[4,2]`, 1) + "\n]}"
	for _, c := range []struct {
		name, in, want string
	}{
		{"interval order", multi, "l.json:3:1: emitters[1].interval: min 4 > max 2"},
		{"syntax", "{\"emitters\":[\n{\"name\":\"a\",,}]}", "l.json:2:"},
		{"type", "{\"emitters\":[\n{\"name\":5}]}", "l.json:2:"},
		{"unknown field", strings.Replace(forgeLayout, `"path"`, `"pth"`, 1), `unknown key "pth": format 1 of the layout`},
		{"bad landblock", strings.Replace(forgeLayout, `0xA9B4`, `0xA9`, 1), "emitters[0].landblock"},
		{"bad table", strings.Replace(forgeLayout, `0x20000010`, `0x0A000010`, 1), "emitters[0].sound_table"},
		{"bad stype", strings.Replace(forgeLayout, `105`, `999`, 1), "emitters[0].stype"},
		{"bad stype hex", strings.Replace(forgeLayout, `105`, `"0xZZ"`, 1), "emitters[0].stype"},
		{"x range", strings.Replace(forgeLayout, `90.0`, `192`, 1), "emitters[0].x"},
		{"negative volume", strings.Replace(forgeLayout, `"volume":1.0`, `"volume":-1`, 1), "emitters[0].volume"},
		{"interval length", strings.Replace(forgeLayout, `[2.0,4.0]`, `[2]`, 1), "emitters[0].interval"},
		{"path", strings.Replace(forgeLayout, `"server"`, `"client"`, 1), "emitters[0].path"},
		{"no name", strings.Replace(forgeLayout, `"forge"`, `""`, 1), "emitters[0].name"},
		{"truncated", forgeLayout[:40], "l.json:1:"},
		{"not an object", `[1,2]`, "l.json:1:"},
		{"trailing", forgeLayout + "{}", "trailing"},
		{"no list", `{}`, "no \"emitters\""},
	} {
		_, err := LoadLayout(strings.NewReader(c.in), "l.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("E2 %s: error %v, want it to contain %q", c.name, err, c.want)
		}
	}
}
