package ambientviz

import (
	"fmt"
	"testing"
)

// Issue 21 item 7: a compact heatmap key. With the loudest-bed heatmap over
// many beds the key used to list every bed (up to 8) on its own row under
// three text lines: 240 × 194 px, a third of a small map area. It is now at
// most 250 px wide and 120 px high: the beds flow as chips (at most 6, the
// rest counted), named by their table's name.
func TestHeatLegend_Compact(t *testing.T) {
	l := HeatLegend{
		Title: "7 heatmap: loudest bed",
		Kind:  "loudest bed by crossfade volume (A7)",
		Note:  "every land cell, player at its centre",
	}
	for i := 0; i < 10; i++ {
		l.Cats = append(l.Cats, fmt.Sprintf("0x%08X:Ambient%d", 0x20000001+i, i+1))
		l.Shown = append(l.Shown, int16(i))
	}
	w, h := HeatLegendSize(l)
	if w > 250 || h > 120 {
		t.Errorf("key %.0f × %.0f px, want at most 250 × 120", w, h)
	}
	k := legendLayout(l)
	if len(k.chips) != legendChips || k.chips[len(k.chips)-1].text != "Ambient6 +4" {
		t.Errorf("chips %+v, want 6, the last saying +4 more", k.chips)
	}
	for _, c := range k.chips {
		if c.x+chipSwatch+4+LabelWidth(c.text) > w-8+0.5 || c.y+16 > h {
			t.Errorf("chip %q at (%.0f, %.0f) outside the %.0f × %.0f key", c.text, c.x, c.y, w, h)
		}
	}
	// Two beds with one name: each gets its table's last two hex digits.
	l.Cats, l.Shown = []string{"0x20000001:Ambient1", "0x20000006:Ambient1"}, []int16{0, 1}
	k = legendLayout(l)
	if k.chips[0].text != "Ambient1 (01)" || k.chips[1].text != "Ambient1 (06)" {
		t.Errorf("same-name chips %q, %q; want Ambient1 (01), Ambient1 (06)", k.chips[0].text, k.chips[1].text)
	}
}
