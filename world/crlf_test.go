package world

import (
	"reflect"
	"strings"
	"testing"
)

// Text files written on Windows end their lines in CRLF: a layout and a walk
// path so written load exactly as their LF twins, and an error in one names
// the same line and column (the \r is not counted as a column).
func TestCRLF_LayoutAndWalkLoadAsLF(t *testing.T) {
	layout := editorLayout
	walk := "{\"eye\": 2, \"chase\": 0, \"camera\": \"retail\",\n" +
		"\"points\": [\n" +
		"  {\"t\": 0, \"landblock\": \"0xA9B4\", \"x\": 84, \"y\": 7.1, \"heading\": 0},\n" +
		"  {\"t\": 6, \"loc\": \"0xA9B40019 [90 20 85] 1 0 0 0\"}\n" +
		"]}\n"
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

	loadsAsTwin(t, "CRLF", layout, walk, crlf)

	// The bad number is on line 3 of both files (its column:
	// TestLayoutSyntaxErrorColumn, bom_test.go).
	badLayout := strings.Replace(layout, `"volume": 1.0`, `"volume": 1.0.0`, 1)
	_, errLF := LoadLayout(strings.NewReader(badLayout), "x.json")
	_, errCR := LoadLayout(strings.NewReader(crlf(badLayout)), "x.json")
	if errLF == nil || errCR == nil || !strings.HasPrefix(errLF.Error(), "x.json:3:") || !strings.HasPrefix(errCR.Error(), "x.json:3:") {
		t.Errorf("error in a CRLF layout: %v; LF: %v; want both on line 3", errCR, errLF)
	}
	// A field of the wrong type: the same message, position included, in both.
	badType := strings.Replace(layout, `"volume": 1.0`, `"volume": "loud"`, 1)
	_, errLF = LoadLayout(strings.NewReader(badType), "x.json")
	_, errCR = LoadLayout(strings.NewReader(crlf(badType)), "x.json")
	if errLF == nil || errCR == nil || errLF.Error() != errCR.Error() {
		t.Errorf("type error in a CRLF layout: %v; LF: %v; want the same", errCR, errLF)
	}
	badWalk := strings.Replace(walk, `"t": 6`, `"t": "6"`, 1)
	_, errLF = LoadWalk(strings.NewReader(badWalk), "w.json")
	_, errCR = LoadWalk(strings.NewReader(crlf(badWalk)), "w.json")
	if errLF == nil || errCR == nil || errLF.Error() != errCR.Error() || !strings.HasPrefix(errCR.Error(), "w.json:4:") {
		t.Errorf("error in a CRLF walk: %v; LF: %v; want the same, on line 4", errCR, errLF)
	}
}

// editorLayout is a one-emitter layout as a text editor saves it (LF ends).
const editorLayout = "{\"emitters\": [\n" +
	"  {\"name\": \"forge\", \"landblock\": \"0xA9B4\", \"x\": 90.0, \"y\": 20.0, \"z\": null,\n" +
	"   \"sound_table\": \"0x20000010\", \"stype\": 105, \"volume\": 1.0,\n" +
	"   \"interval\": [2.0, 4.0], \"path\": \"server\"}\n" +
	"]}\n"

// loadsAsTwin checks that a one-emitter layout and a two-point walk, saved
// as another editor saves them (save: line ends, a byte order mark), load
// exactly as the LF twins do; how names the saving in the messages.
func loadsAsTwin(t *testing.T, how, layout, walk string, save func(string) string) {
	t.Helper()
	want, err := LoadLayout(strings.NewReader(layout), "lf.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadLayout(strings.NewReader(save(layout)), "saved.json")
	if err != nil || !reflect.DeepEqual(got, want) || len(got) != 1 {
		t.Errorf("%s layout: %+v, %v; want %+v", how, got, err, want)
	}
	wantW, err := LoadWalk(strings.NewReader(walk), "lf.json")
	if err != nil {
		t.Fatal(err)
	}
	gotW, err := LoadWalk(strings.NewReader(save(walk)), "saved.json")
	if err != nil || !reflect.DeepEqual(gotW, wantW) || len(gotW.Points) != 2 {
		t.Errorf("%s walk: %+v, %v; want %+v", how, gotW, err, wantW)
	}
}
