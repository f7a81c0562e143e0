package world

// The one table of input kinds. Each kind a Sim records has one row here:
// how a record read from a file checks it (Check) and how a replay makes
// the call (Apply). A kind missing from the table is refused by both, and
// TestInputKinds_EveryKindHasARow fails on a declared kind without a row;
// the game package's round trip records every kind of this table.
// To add a kind: declare its constant (inputlog.go), record it (s.note),
// and add its row below with both functions.

import (
	"fmt"
	"slices"

	"soundworld/audio"
	"soundworld/dat"
)

// kindRow is one input kind: check validates an entry read from a file
// (c carries the count of emitters so far), apply makes its call on s
// (tick runs after each single Tick; nil: none).
type kindRow struct {
	check func(in *Input, c *checkState) error
	apply func(in *Input, s *Sim, tick func()) error
}

// checkState is what Check carries from entry to entry.
type checkState struct {
	emitters int // emitters the replayed Sim holds before the entry
}

// inputKinds is the table. Every row has both functions.
var inputKinds = map[InputKind]kindRow{
	InTick: {checkTick, func(in *Input, s *Sim, tick func()) error {
		for range max(in.N, 0) {
			s.Tick(in.Dt)
			tickHook(tick)
		}
		return nil
	}},
	InStep: {func(in *Input, _ *checkState) error {
		if in.N < 1 {
			return fmt.Errorf("n %d: want a step count ≥ 1", in.N)
		}
		return nil
	}, func(in *Input, s *Sim, tick func()) error {
		for range max(in.N, 0) {
			s.Tick(NextStepDt(s.Now()))
			tickHook(tick)
		}
		return nil
	}},
	InDrag: {checkDrag, applyDrag},
	InListener: {func(in *Input, _ *checkState) error {
		return firstErr(checkWorld(in.X, in.Y), checkListener(in.Heading, 0, 0, true, false, false))
	}, func(in *Input, s *Sim, _ func()) error {
		s.SetListener(in.X, in.Y, in.Heading)
		return nil
	}},
	InPlayer: {func(in *Input, _ *checkState) error {
		return firstErr(checkLocal(in.X, in.Y), checkListener(in.Heading, 0, 0, true, false, false))
	}, func(in *Input, s *Sim, _ func()) error {
		s.SetPlayer(Loc{Landblock: in.Landblock, X: in.X, Y: in.Y}, in.Heading)
		return nil
	}},
	InIndoor: {checkIndoor, func(in *Input, s *Sim, _ func()) error { // A11
		return s.SetPlayerIndoor(Loc{Landblock: in.Landblock, X: in.X, Y: in.Y, Z: in.Z}, in.Cell, in.Heading)
	}},
	InEye: {func(in *Input, _ *checkState) error {
		return checkListener(0, in.Eye, 0, false, true, false)
	}, func(in *Input, s *Sim, _ func()) error {
		s.SetEye(in.Eye)
		return nil
	}},
	InChase: {func(in *Input, _ *checkState) error {
		return checkListener(0, 0, in.Chase, false, false, true)
	}, func(in *Input, s *Sim, _ func()) error {
		s.SetChase(in.Chase)
		return nil
	}},
	InPrefs: {func(in *Input, _ *checkState) error {
		_, err := ParsePrefs(in.Prefs, audio.DefaultPrefs())
		return err
	}, func(in *Input, s *Sim, _ func()) error {
		p, err := ParsePrefs(in.Prefs, audio.DefaultPrefs())
		if err != nil {
			return fmt.Errorf("input prefs at t=%v: %w", in.T, err)
		}
		s.SetPrefs(p)
		return nil
	}},
	InActive: {checkNothing, func(in *Input, s *Sim, _ func()) error {
		s.SetActive(in.Active)
		return nil
	}},
	InEmitters: {checkEmitters, func(in *Input, s *Sim, _ func()) error {
		s.Emitters().Set(cloneEmitters(in.Emitters))
		return nil
	}},
	InAdd: {checkEmitters, func(in *Input, s *Sim, _ func()) error {
		e, err := in.oneEmitter()
		if err == nil {
			s.Emitters().Add(e)
		}
		return err
	}},
	InUpdate: {checkEmitters, func(in *Input, s *Sim, _ func()) error {
		e, err := in.oneEmitter()
		if err != nil {
			return err
		}
		return s.Emitters().Update(in.Index, e)
	}},
	InMove: {func(in *Input, c *checkState) error {
		return firstErr(checkIndex(in.Index, c.emitters), checkWorld(in.X, in.Y))
	}, func(in *Input, s *Sim, _ func()) error {
		return s.Emitters().Move(in.Index, in.X, in.Y)
	}},
	InDelete: {func(in *Input, c *checkState) error {
		err := checkIndex(in.Index, c.emitters)
		if err == nil {
			c.emitters--
		}
		return err
	}, func(in *Input, s *Sim, _ func()) error {
		return s.Emitters().Delete(in.Index)
	}},
	InStinger: {checkNothing, func(in *Input, s *Sim, _ func()) error {
		s.PlayStinger(in.Table, in.SType)
		return nil
	}},
	InObjMute: {checkNothing, func(in *Input, s *Sim, _ func()) error {
		s.SetObjectMuted(in.Object, in.Muted)
		return nil
	}},
	InObjSolo: {checkNothing, func(in *Input, s *Sim, _ func()) error {
		s.SetObjectSolo(in.Object)
		return nil
	}},
}

// InputKinds lists every kind a Sim records (sorted): the table's rows.
func InputKinds() []InputKind {
	ks := make([]InputKind, 0, len(inputKinds))
	for k := range inputKinds {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func tickHook(tick func()) {
	if tick != nil {
		tick()
	}
}

// checkNothing: a kind whose values any replay accepts (ids the data may
// lack are ignored by the Sim, as live).
func checkNothing(*Input, *checkState) error { return nil }

func checkTick(in *Input, _ *checkState) error {
	if in.N < 1 {
		return fmt.Errorf("n %d: want a tick count ≥ 1", in.N)
	}
	if !(in.Dt >= 0 && in.Dt <= MaxReplaySeconds) {
		return fmt.Errorf("dt %v: want seconds in 0..%d", in.Dt, MaxReplaySeconds)
	}
	return nil
}

func checkDrag(in *Input, _ *checkState) error {
	if len(in.Drag) == 0 || len(in.Drag)%3 != 0 {
		return fmt.Errorf("drag: %d values, want x, y, heading triples", len(in.Drag))
	}
	for k := 0; k+3 <= len(in.Drag); k += 3 {
		err := firstErr(checkWorld(in.Drag[k], in.Drag[k+1]), checkListener(in.Drag[k+2], 0, 0, true, false, false))
		if err != nil {
			return fmt.Errorf("frame %d: %w", k/3, err)
		}
	}
	return nil
}

// applyDrag: per frame, SetListener then one grid step.
func applyDrag(in *Input, s *Sim, tick func()) error {
	if len(in.Drag)%3 != 0 {
		return fmt.Errorf("input drag at t=%v: %d values, want x, y, heading triples", in.T, len(in.Drag))
	}
	for i := 0; i+3 <= len(in.Drag); i += 3 {
		s.SetListener(in.Drag[i], in.Drag[i+1], in.Drag[i+2])
		s.Tick(NextStepDt(s.Now()))
		tickHook(tick)
	}
	return nil
}

// checkIndoor checks what SetPlayerIndoor can check without the data (A11):
// an EnvCell id in the entry's landblock, a finite floor, the player's
// local metres and heading. Whether the data holds the cell is the
// replay's to say (an error naming the cell).
func checkIndoor(in *Input, _ *checkState) error {
	switch {
	case !dat.IsEnvCellID(in.Cell):
		return fmt.Errorf("cell 0x%08X: not an EnvCell (low word 0x0100..0xFFFD, A11)", in.Cell)
	case uint16(in.Cell>>16) != in.Landblock:
		return fmt.Errorf("cell 0x%08X: not in landblock 0x%04X", in.Cell, in.Landblock)
	case !finite32(in.Z):
		return fmt.Errorf("z %v: want a floor height in m", in.Z)
	}
	return firstErr(checkLocal(in.X, in.Y), checkListener(in.Heading, 0, 0, true, false, false))
}

// checkEmitters checks set_emitters, add_emitter and update_emitter
// entries: each emitter as a layout file's, one for add and update, and
// the index of an update among the emitters so far.
func checkEmitters(in *Input, c *checkState) error {
	if in.Kind != InEmitters && len(in.Emitters) != 1 {
		return fmt.Errorf("want one emitter, have %d", len(in.Emitters))
	}
	for k, e := range in.Emitters {
		if err := checkEmitter(e); err != nil {
			return fmt.Errorf("emitters[%d]: %w", k, err)
		}
	}
	switch in.Kind {
	case InEmitters:
		c.emitters = len(in.Emitters)
	case InAdd:
		c.emitters++
	case InUpdate:
		return checkIndex(in.Index, c.emitters)
	}
	return nil
}

// oneEmitter is the emitter of an add or update entry.
func (in *Input) oneEmitter() (Emitter, error) {
	if len(in.Emitters) != 1 {
		return Emitter{}, fmt.Errorf("input %s at t=%v: want one emitter, have %d", in.Kind, in.T, len(in.Emitters))
	}
	return cloneEmitter(in.Emitters[0]), nil
}
