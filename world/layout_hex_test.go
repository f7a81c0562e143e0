package world

import (
	"strings"
	"testing"
)

// Issue 13 item 8: layouts are written with the SoundType in hex ("0x69", as
// the window shows it); the decimal form stays readable.
func TestLayout_STypeWrittenInHex(t *testing.T) {
	es, err := LoadLayout(strings.NewReader(forgeLayout), "forge.json") // "stype":105
	if err != nil {
		t.Fatal(err)
	}
	out := string(EncodeLayout(es))
	if !strings.Contains(out, `"stype":"0x69"`) {
		t.Errorf("EncodeLayout got %s, want \"stype\":\"0x69\"", out)
	}
	back, err := LoadLayout(strings.NewReader(out), "again.json")
	if err != nil || len(back) != 1 || back[0].SType != 0x69 {
		t.Errorf("reading the hex form back: got %+v, %v; want SType 0x69", back, err)
	}
}
