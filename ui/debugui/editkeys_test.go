package debugui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/textinput"
)

// keys is a fake keyboard: held keys, and the keys that fire (press or repeat) this frame.
func keys(held []ebiten.Key, fire ...ebiten.Key) keyState {
	in := func(ks []ebiten.Key, k ebiten.Key) bool {
		for _, x := range ks {
			if x == k {
				return true
			}
		}
		return false
	}
	return keyState{pressed: func(k ebiten.Key) bool { return in(held, k) || in(fire, k) }, repeated: func(k ebiten.Key) bool { return in(fire, k) }}
}

// Issue 13 item 4: the editing keys debugui v0.2.0 lacked. Each fire is one
// press or one key-repeat step, so a held Backspace that repeats 3 times
// deletes 3 characters.
func TestEditKeys(t *testing.T) {
	var f textinput.Field
	f.SetTextAndSelection("0xA9B4 84 7.1", 13, 13)
	for i := 0; i < 3; i++ {
		editKeys(&f, keys(nil, ebiten.KeyBackspace))
	}
	if got := f.Text(); got != "0xA9B4 84 " {
		t.Errorf("3× Backspace: got %q, want %q", got, "0xA9B4 84 ")
	}
	editKeys(&f, keys(nil, ebiten.KeyHome))
	editKeys(&f, keys(nil, ebiten.KeyDelete))
	editKeys(&f, keys(nil, ebiten.KeyDelete))
	if got := f.Text(); got != "A9B4 84 " {
		t.Errorf("Home, 2× Delete: got %q, want %q", got, "A9B4 84 ")
	}
	editKeys(&f, keys(nil, ebiten.KeyArrowRight))
	editKeys(&f, keys([]ebiten.Key{ebiten.KeyShift}, ebiten.KeyArrowRight))
	if a, b := f.Selection(); a != 1 || b != 2 {
		t.Errorf("Right, Shift+Right: got selection %d..%d, want 1..2", a, b)
	}
	editKeys(&f, keys(nil, ebiten.KeyEnd))
	if a, b := f.Selection(); a != 8 || b != 8 {
		t.Errorf("End: got %d..%d, want 8..8", a, b)
	}
	if editKeys(&f, keys([]ebiten.Key{ebiten.KeyControl}, ebiten.KeyA)); true {
		if a, b := f.Selection(); a != 8 || b != 8 {
			t.Errorf("editKeys must leave Ctrl+A to selectAllKey: got %d..%d", a, b)
		}
	}
	selectAllKey(&f, keys([]ebiten.Key{ebiten.KeyControl}, ebiten.KeyA))
	if a, b := f.Selection(); a != 0 || b != 8 {
		t.Errorf("Ctrl+A: got %d..%d, want 0..8", a, b)
	}
	editKeys(&f, keys(nil, ebiten.KeyBackspace))
	if f.Text() != "" {
		t.Errorf("Ctrl+A, Backspace: got %q, want empty", f.Text())
	}
}

// Issue 21 item 7: after Enter in the Jump box, clicking it again and typing
// appended to the old text (the field never lost focus, so select-all on
// focus did not happen again). Enter now selects the whole text of a
// select-all field: the next text typed replaces it.
func TestEnter_SelectAllFieldReselects(t *testing.T) {
	var f textinput.Field
	f.SetTextAndSelection("0xA9B4 84 7.1", 13, 13)
	afterEnter(&f, true)
	if s, e := f.Selection(); s != 0 || e != 13 {
		t.Errorf("after Enter: selection %d..%d, want the whole text 0..13", s, e)
	}
	var g textinput.Field
	g.SetTextAndSelection("abc", 3, 3)
	afterEnter(&g, false)
	if s, e := g.Selection(); s != 3 || e != 3 {
		t.Errorf("a plain field after Enter: selection %d..%d, want the cursor kept at 3", s, e)
	}
}
