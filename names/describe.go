package names

import (
	"fmt"

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
				times := ""
				if len(hooks) > 1 {
					times = fmt.Sprintf(" %d×", len(hooks))
				}
				return fmt.Sprintf("%s — plays %s%s every %.1f s", head, hookTarget(hooks[0]), times, float64(len(a.Frames))/frameRate)
			}
		}
	}
	if st.DefaultScript != 0 {
		if sc, err := b.data.PhysicsScript(st.DefaultScript); err == nil {
			for _, e := range sc.Entries {
				if h := soundHooks([]dat.Hook{e.Hook}); len(h) > 0 {
					return fmt.Sprintf("%s — plays %s once when created", head, hookTarget(h[0]))
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

// hookTarget is what a sound hook plays: its wave's id, or its SoundType.
func hookTarget(h dat.Hook) string {
	if h.Type == dat.HookSoundTable {
		return fmt.Sprintf("%s (0x%02X)", SType(h.SType), h.SType)
	}
	return fmt.Sprintf("0x%08X", h.Wave)
}
