package names

import (
	"fmt"
	"strings"

	"soundworld/dat"
)

// frameRate is a static's default animation's rate, frames/s (E3: AnimData's
// default framerate 30.0).
const frameRate = 30.0

// SType is a SoundType's §5.1 name, or its number when §5.1 has none.
func SType(t uint32) string {
	if s := dat.SoundTypeName(t); s != "" {
		return s
	}
	return fmt.Sprintf("0x%02X", t)
}

// SetupPlays is what Setup setup plays by its default animation or script
// ("Setup 0x… — plays 0x0A000023 every 3.0 s"), "" when it plays nothing
// the data says (or cannot be read): the sound browser's object sources.
func (b *Book) SetupPlays(setup uint32) string {
	if s := b.describeSetup(setup); strings.Contains(s, " — plays ") {
		return s
	}
	return ""
}

// describeSetup is the best name real data gives an object's Setup: "Setup
// 0x02000ABC — plays 0x0A000023 every 3.0 s" from its default animation's
// sound hooks (one loop of frames/30 s; E3), or "… plays … once when
// created" from its default script; "" when the Setup cannot be read or
// plays nothing the data says.
func (b *Book) describeSetup(setup uint32) string {
	if b == nil || b.data == nil || setup == 0 {
		return ""
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.setups[setup]; ok {
		return s
	}
	s := b.describe(setup)
	b.setups[setup] = s
	return s
}

func (b *Book) describe(setup uint32) string {
	st, err := b.data.Setup(setup)
	if err != nil {
		return ""
	}
	head := fmt.Sprintf("Setup 0x%08X", setup)
	if st.DefaultAnimation != 0 {
		if a, err := b.data.Animation(st.DefaultAnimation); err == nil && len(a.Frames) > 0 {
			var hooks []dat.Hook
			for _, f := range a.Frames {
				hooks = append(hooks, soundHooks(f.Hooks)...)
			}
			if len(hooks) > 0 {
				return fmt.Sprintf("%s — plays %s every %.1f s", head, b.targets(hooks, st.DefaultSoundTable), float64(len(a.Frames))/frameRate)
			}
		}
	}
	if st.DefaultScript != 0 {
		if sc, err := b.data.PhysicsScript(st.DefaultScript); err == nil {
			for _, e := range sc.Entries {
				if h := soundHooks([]dat.Hook{e.Hook}); len(h) > 0 {
					return fmt.Sprintf("%s — plays %s once when created", head, b.targets(h, st.DefaultSoundTable))
				}
			}
		}
	}
	return head
}

// soundHooks are the hooks of hs that play a sound (E3's three).
func soundHooks(hs []dat.Hook) []dat.Hook {
	var out []dat.Hook
	for _, h := range hs {
		switch h.Type {
		case dat.HookSound, dat.HookSoundTweaked, dat.HookSoundTable:
			out = append(out, h)
		}
	}
	return out
}

// targets says what hooks play, in order, each once with its count: "0x0A000023",
// "forge hammer (0x69) ×2, forge quench (0x21)"; at most three, then "…".
func (b *Book) targets(hooks []dat.Hook, table uint32) string {
	var order []string
	count := map[string]int{}
	for _, h := range hooks {
		t := b.hookTarget(h, table)
		if count[t] == 0 {
			order = append(order, t)
		}
		count[t]++
	}
	parts := make([]string, 0, 4)
	for i, t := range order {
		if i == 3 {
			parts = append(parts, "…")
			break
		}
		if n := count[t]; n > 1 {
			t += fmt.Sprintf(" ×%d", n)
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

// hookTarget is what a sound hook plays: its wave (named, id beside), or its
// SoundType in the Setup's table.
func (b *Book) hookTarget(h dat.Hook, table uint32) string {
	if h.Type == dat.HookSoundTable {
		return fmt.Sprintf("%s (0x%02X)", b.Sound(h.SType, table, 0), h.SType)
	}
	if s, ok := b.Known(h.Wave); ok {
		return fmt.Sprintf("%s (0x%08X)", s, h.Wave)
	}
	return fmt.Sprintf("0x%08X", h.Wave)
}
