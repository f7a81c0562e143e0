package world

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The record's own parser reads entries as encoding/json reads []Input
// (keys in any case, null, escapes, repeated keys, numbers at their
// types' bounds), then keeps what each kind uses: the values equal
// json.Unmarshal's packed with Append, and a value json refuses is refused.
// Plain go test checks decodeCases (the seeds); -fuzz, any text.
func FuzzInputsAsEncodingJSON(f *testing.F) {
	for _, js := range decodeCases {
		f.Add(js)
	}
	f.Fuzz(func(t *testing.T, js string) { sameAsEncodingJSON(t, js) })
}

var decodeCases = []string{
	`[]`, `null`,
	`[{"kind":"eye","t":1.5,"eye":2}]`,
	`[{"KIND":"Eye","T":1,"EYE":3}]`, // a kind is case-sensitive (unknown), keys are not
	`[{"kind":"eye","eye":null,"t":null}]`,
	`[{"kind":"\u0065ye","\u0065ye":2.5}]`,
	`[{"kind":"eye","eye":1,"eye":4}]`,
	`[{"kind":"eye","eye":1,"x":7,"prefs":"volume=1"}]`,
	`[{"kind":"tick","n":3,"dt":0.25},{"kind":"step","n":2}]`,
	`[{"kind":"tick","n":1.5}]`, `[{"kind":"tick","n":"1"}]`, `[{"kind":"tick","n":1e2}]`,
	`[{"kind":"eye","eye":1e39}]`, `[{"kind":"eye","eye":true}]`, `[{"kind":1}]`,
	`[{"kind":"player","landblock":65535,"x":1,"y":2,"heading":-90}]`, `[{"kind":"player","landblock":65536}]`,
	`[{"kind":"indoor","landblock":43444,"cell":2847146241,"x":54,"y":40,"z":82.33,"heading":1}]`,
	`[{"kind":"indoor","cell":4294967296}]`, `[{"kind":"indoor","cell":-1}]`,
	`[{"kind":"drag","t":2,"drag":[1,2,3,4.5,5e3,-6]},{"kind":"drag","drag":null},{"kind":"drag","drag":[null]}]`,
	`[{"kind":"drag","drag":[1,"2"]}]`, `[{"kind":"drag","drag":{}}]`,
	`[{"kind":"prefs","prefs":"volume=0.5,\nmusic=on \u00e9\ud83d\ude00\ud800x"}]`, `[{"kind":"prefs","prefs":""}]`,
	`[{"kind":"active","active":true},{"kind":"active","active":false},{"kind":"active","active":1}]`,
	`[{"kind":"set_emitters","emitters":[]},{"kind":"set_emitters","emitters":null},{"kind":"set_emitters"}]`,
	`[{"kind":"add_emitter","emitters":[{"name":"a","Sound_Table":536870912,"s_type":1,"z":2,"interval":[1,2,3],"path":2}]}]`,
	`[{"kind":"update_emitter","index":2,"emitters":[{"NAME":"b","landblock":43444,"x":1,"y":2,"z":null,"wave":167772161,"probability":0.5,"volume":1,"interval":[4]}]}]`,
	`[{"kind":"move_emitter","index":-1,"x":3,"y":4},{"kind":"delete_emitter","index":9223372036854775807}]`,
	`[{"kind":"stinger","table":4294967295,"stype":7},{"kind":"object_mute","object":5,"muted":true},{"kind":"object_solo","object":6}]`,
	`[{"kind":"indoors","t":3},{"kind":"","x":1},{}]`,
}

func sameAsEncodingJSON(t *testing.T, js string) {
	t.Helper()
	var ref []Input
	refErr := json.Unmarshal([]byte(js), &ref)
	var got Inputs
	err := json.Unmarshal([]byte(js), &got)
	if (err == nil) != (refErr == nil) {
		t.Errorf("%s: error %v, encoding/json's %v", js, err, refErr)
		return
	}
	if err != nil {
		return
	}
	want := InputsOf(ref...)
	if g, w := got.Slice(), want.Slice(); !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %+v\nwant %+v", js, g, w)
	}
}

// Every key of Input is one the parser knows, by the same name.
func TestInputs_ParserKnowsEveryKey(t *testing.T) {
	ty := reflect.TypeFor[Input]()
	var tags []string
	for i := range ty.NumField() {
		tag, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
		tags = append(tags, tag)
		if entryKey([]byte(tag)) == fNone {
			t.Errorf("Input.%s (%q): the record's parser does not read it", ty.Field(i).Name, tag)
		}
	}
	if len(tags) != len(entryKeys)-1 {
		t.Errorf("Input has %d keys, the parser %d", len(tags), len(entryKeys)-1)
	}
}

// A record written, read and written again is the same text (the entries'
// JSON is an Input's, as before they were packed).
func TestInputs_WrittenAsInputs(t *testing.T) {
	ins := []Input{{Kind: InTick, T: 0, N: 2, Dt: 0.5}, {Kind: InDrag, T: 1, Drag: []float32{1, 2, 3}},
		{Kind: InIndoor, T: 1.1, Landblock: 0xA9B4, X: 54, Y: 40, Z: 82.33, Cell: 0xA9B40101, Heading: 9},
		{Kind: InAdd, T: 2, Emitters: []Emitter{{Name: "a", SoundTable: 0x20000001, SType: 3}}},
		{Kind: InPrefs, T: 3, Prefs: "volume=0.5"}, {Kind: InObjMute, T: 3, Object: 7, Muted: true}}
	want, err := json.Marshal(ins)
	if err != nil {
		t.Fatal(err)
	}
	l := InputsOf(ins...)
	got, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var back Inputs
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(got) != string(want) || string(again) != string(want) {
		t.Errorf("written %s\nread and written again %s\nwant (a []Input) %s", got, again, want)
	}
}

// A record of more than MaxInputs entries is refused (the window stops
// recording there); one of MaxInputs is not.
func TestInputLog_CheckRefusesPastMaxInputs(t *testing.T) {
	l := InputLog{Start: InputStart{Prefs: ""}}
	l.Inputs.rows = make([]inputRow, MaxInputs+1)
	for i := range l.Inputs.rows {
		l.Inputs.rows[i] = l.Inputs.row(&Input{Kind: InEye, Eye: 1}, false)
	}
	if err := l.Check(0); err == nil || !strings.Contains(err.Error(), "more than a record holds (1048576)") {
		t.Errorf("%d entries: %v, want them refused", l.Inputs.Len(), err)
	}
	l.Inputs.Truncate(MaxInputs)
	if err := l.Check(0); err != nil {
		t.Errorf("%d entries: %v", l.Inputs.Len(), err)
	}
}

// refEmitters decodes recorded emitters as encoding/json does once every
// key's underscores are dropped (how RecordedEmitters read them before
// its own parser): the reference decodeEmitter is held to. Keys keep
// their order, so a repeated key (in any case) ends as json leaves it:
// the last one wins.
func refEmitters(b []byte) ([]Emitter, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || raw == nil {
		return nil, err
	}
	es := make([]Emitter, len(raw))
	for i, r := range raw {
		plain, err := dropKeyUnderscores(r)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(plain, &es[i]); err != nil {
			return nil, err
		}
	}
	return es, nil
}

// dropKeyUnderscores rewrites one JSON object with "_" removed from its
// keys, in their order; any other value is returned as it is.
func dropKeyUnderscores(r json.RawMessage) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(r))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return r, err
	}
	out := []byte{'{'}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		key, err := json.Marshal(strings.ReplaceAll(k.(string), "_", ""))
		if err != nil {
			return nil, err
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, key...), ':'), v...)
	}
	return append(out, '}'), nil
}

var emitterCases = []string{
	`null`, `[]`, `[{}]`, `[null]`,
	`[{"name":"a","landblock":43444,"x":1.5,"y":2,"z":3,"sound_table":536870928,"s_type":105,"wave":0,"probability":0.5,"volume":1,"interval":[2,4],"path":3}]`,
	`[{"Name":"b","SoundTable":1,"SType":2,"Z":null,"Interval":[1]},{"NAME":"\u00e9\ud800","sOuNd_TaBlE":7,"interval":[1,2,3]}]`,
	`[{"x":0,"X":1,"s_type":2,"stype":3}]`, `[{"x":1e39}]`, `[{"landblock":65536}]`, `[{"path":256}]`, `[{"name":1}]`, `[{"interval":{}}]`, `[{"z":"1"}]`, `[5]`,
}

func sameEmitters(t *testing.T, js string) {
	t.Helper()
	want, refErr := refEmitters([]byte(js))
	var got RecordedEmitters
	err := json.Unmarshal([]byte(js), &got)
	if (err == nil) != (refErr == nil) {
		t.Errorf("%s: error %v, encoding/json's %v", js, err, refErr)
		return
	}
	if err == nil && !reflect.DeepEqual([]Emitter(got), want) {
		t.Errorf("%s:\n got %+v\nwant %+v", js, got, want)
	}
}

// Recorded emitters read as encoding/json read them (keys without their
// underscores, in any case). Plain go test checks emitterCases (the seeds);
// -fuzz, any text.
func FuzzRecordedEmittersAsEncodingJSON(f *testing.F) {
	for _, js := range emitterCases {
		f.Add(js)
	}
	f.Fuzz(func(t *testing.T, js string) { sameEmitters(t, js) })
}
