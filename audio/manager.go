package audio

import (
	"fmt"

	"soundworld/dat"
)

// NumVoices is the pool size (P1).
const NumVoices = 16

// invRandMax is retail's float constant 1/32767 (3.051851e-05) of PlayProbability (T2).
const invRandMax float32 = 1.0 / 32767

// Manager is the retail SoundManager: level, pan, pool, pick, gate, RNGs.
// It runs on the simulation's goroutine and is not safe for concurrent use;
// the UI reads it through Voices (copied into the Sim's snapshot).
type Manager struct {
	bank    *Bank
	prefs   Prefs
	lis     Vec3
	heading float32 // compass degrees
	active  bool

	dice Dice
	rnd  Rand
	// O4: every draw, in chunks; [drawFrom:] and [randFrom:] are those since
	// the last TakeTrace. TakeTrace hands out capacity-clipped windows of a
	// chunk, so a decision's trace costs no allocation of its own.
	draws              []float32
	rands              []int
	drawFrom, randFrom int

	slots     [NumVoices]slot
	cursor    int
	drops     int
	evictions int
	starts    []VoiceStart
}

// slot is one pool entry (P1): the voice as the UI sees it plus its end time.
type slot struct {
	used bool    // ever claimed
	end  float64 // sim s: start + wave length; finished when now ≥ end (P2)
	prio float32 // the ref's priority (P5 revision 2): refPriority for every voice
	v    Voice
}

// NewManager builds a manager over the bank with retail RNGs seeded by seed:
// rand() after srand(seed) and Random::Seed(seed) for RollDice (T4). The
// window counts as active until SetActive says otherwise.
func NewManager(b *Bank, p Prefs, seed uint32) *Manager {
	return &Manager{bank: b, prefs: p, active: true, dice: NewRan2(seed), rnd: NewMSVCRand(seed)}
}

// Trace is the draw record of O4: the RollDice unit values (Random::rand()
// results) and the rand() values drawn through the Manager, each in draw order.
type Trace struct {
	Draws []float32
	Rands []int
}

// TakeTrace returns and clears everything drawn since the previous TakeTrace
// (O4). The caller takes it after each decision so the record stays small.
func (m *Manager) TakeTrace() Trace {
	var t Trace
	if n := len(m.draws); n > m.drawFrom {
		t.Draws = m.draws[m.drawFrom:n:n]
		m.drawFrom = n
	}
	if n := len(m.rands); n > m.randFrom {
		t.Rands = m.rands[m.randFrom:n:n]
		m.randFrom = n
	}
	return t
}

// traceChunk is the size of a new trace chunk.
const traceChunk = 512

func (m *Manager) noteDraw(u float32) {
	if len(m.draws) == cap(m.draws) { // new chunk; the pending draws move along
		p := m.draws[m.drawFrom:]
		c := make([]float32, len(p), max(traceChunk, 2*len(p)))
		copy(c, p)
		m.draws, m.drawFrom = c, 0
	}
	m.draws = append(m.draws, u)
}

func (m *Manager) noteRand(r int) {
	if len(m.rands) == cap(m.rands) {
		p := m.rands[m.randFrom:]
		c := make([]int, len(p), max(traceChunk, 2*len(p)))
		copy(c, p)
		m.rands, m.randFrom = c, 0
	}
	m.rands = append(m.rands, r)
}

// SetRandom replaces the random sources (tests script rolls and gates); a nil
// argument keeps the current source.
func (m *Manager) SetRandom(d Dice, r Rand) {
	if d != nil {
		m.dice = d
	}
	if r != nil {
		m.rnd = r
	}
}

// SetPrefs replaces the preferences.
func (m *Manager) SetPrefs(p Prefs) { m.prefs = p }

// Prefs returns the current preferences.
func (m *Manager) Prefs() Prefs { return m.prefs }

// SetListener sets the listener origin and compass heading (deg) (W4, W5).
func (m *Manager) SetListener(pos Vec3, heading float32) { m.lis, m.heading = pos, heading }

// SetActive reports window focus for G4.
func (m *Manager) SetActive(active bool) { m.active = active }

// RollDice is the retail RollDice(lo, hi) on the manager's generator (T4),
// recorded (O4): lo == hi returns lo and draws nothing. The ambient runtime,
// the emitters and the variant pick share this one generator, as in retail.
func (m *Manager) RollDice(lo, hi float32) float32 {
	if lo == hi {
		return lo
	}
	u := m.dice.Roll()
	m.noteDraw(u)
	return diceValue(u, lo, hi)
}

// rand is retail rand() on the manager's generator (T2, T4), recorded (O4).
func (m *Manager) rand() int {
	r := m.rnd.Rand()
	m.noteRand(r)
	return r
}

// EffectiveVolume returns the vol handed to GetAttenuation and the master it
// multiplies by (G3): ambient plays use the ambient volume as master and, with
// the Squared quirk on, pre-multiply vol by it too (so it lands twice); every
// other play uses the effect volume once (G2: interface sounds included).
func EffectiveVolume(p Prefs, ambient bool, vol float32) (v, master float32) {
	if !ambient {
		return vol, p.EffectVolume
	}
	if p.Squared {
		vol = float32(vol * p.AmbientVolume) // explicit: no fused multiply-add
	}
	return vol, p.AmbientVolume
}

// refPriority is the priority every SoundBufRef carries: its own SoundData,
// default-constructed and never written (P3, P5 revision 2 [D: SoundBufRef::
// SoundBufRef, SoundManager::GetSound]). The value is the same for every sound,
// so pass 2 of the allocator never finds a strictly lower slot.
const refPriority float32 = 0

// request is one play call, normalised.
type request struct {
	now      float64
	src      Source
	table    uint32
	stype    uint32
	wave     uint32 // DataID plays (PathSoundHook, PathTweakedHook): no pick
	pos      *Vec3  // nil: from the centre (distance 0, pan 0)
	vol      float32
	prob     float32 // PathTweakedHook: the caller's gate probability
	path     Path
	entryVol bool // T3: use the picked entry's volume (hook and stinger plays)
	ambient  bool // S1/G3: ambient master
}

// PlayAmbientAt plays an intermittent ambient one-shot at pos with the desc
// volume (A9): PlayAmbientSound. G4 is checked after the pick and the gate (G4).
func (m *Manager) PlayAmbientAt(now float64, table uint32, stype uint32, pos Vec3, vol float32) Play {
	return m.play(request{now: now, src: SourceOneShot, table: table, stype: stype, pos: &pos, vol: vol, ambient: true})
}

// PlayAmbientFromCenter plays a continuous bed from the centre at vol (A9):
// PlayAmbientSoundFromCenter. G4 is checked after the pick and the gate (G4).
func (m *Manager) PlayAmbientFromCenter(now float64, table uint32, stype uint32, vol float32) Play {
	return m.play(request{now: now, src: SourceBed, table: table, stype: stype, vol: vol, ambient: true})
}

// PlayEmitter plays a placed emitter's SoundType at pos (E1). PathServer is
// PlaySound(SoundType, object, vol): the caller's vol, multiplied by the effect
// volume once, Squared or not (G3); PathHook (SoundTableHook) is
// PlaySound(SoundType, object): the entry's volume. The DataID paths need a
// wave id: use PlayWave.
func (m *Manager) PlayEmitter(now float64, table uint32, stype uint32, pos Vec3, vol float32, path Path) Play {
	if path != PathServer && path != PathHook {
		return Play{Time: now, Source: SourceEmitter, Table: table, SType: stype, Slot: -1, DB: VolMin,
			Outcome: OutcomeSilent, Reason: fmt.Sprintf("path %s plays a wave id, not a SoundType (E1)", path)}
	}
	return m.play(request{now: now, src: SourceEmitter, table: table, stype: stype, pos: &pos, vol: vol, path: path, entryVol: path == PathHook})
}

// PlayWave plays a wave id (a DataID) at pos for an emitter (E1):
// PathSoundHook is PlaySound(DataID, object): no pick, no gate, the effect
// volume passed as vol and applied again as the master (G3 squared; vol and
// prob are ignored); PathTweakedHook is PlaySound(DataID, object, prio, prob,
// vol): no pick, the gate on prob (T2), the caller's vol, prio unused. Both
// check effect-enabled and G4 first and then draw nothing when refused.
func (m *Manager) PlayWave(now float64, wave uint32, pos Vec3, vol, prob float32, path Path) Play {
	if path != PathSoundHook && path != PathTweakedHook {
		return Play{Time: now, Source: SourceEmitter, Wave: wave, Slot: -1, DB: VolMin,
			Outcome: OutcomeSilent, Reason: fmt.Sprintf("path %s plays a SoundType, not a wave id (E1)", path)}
	}
	return m.play(request{now: now, src: SourceEmitter, wave: wave, pos: &pos, vol: vol, prob: prob, path: path})
}

// PlayStinger plays a SoundType from the centre (PlaySoundFromCenter(SoundType, table)):
// gated by the interface enable and G4 first, entry volume (T3), effect volume
// as master (G2: interface volume is never read).
func (m *Manager) PlayStinger(now float64, table uint32, stype uint32) Play {
	return m.play(request{now: now, src: SourceStinger, table: table, stype: stype, entryVol: true})
}

// refused applies the enables (G1) and, for every play but the ambient ones,
// G4 on entry (G4 revision 2): effect and interface plays draw nothing when
// refused. It returns the reason, "" when the play may go on.
func (m *Manager) refused(rq request) string {
	switch {
	case rq.ambient:
		if !m.prefs.Ambient {
			return "ambient sounds disabled (G1)"
		}
		return "" // G4 comes after the pick and the gate (inactive)
	case rq.src == SourceStinger:
		if !m.prefs.Interface {
			return "interface sounds disabled (G1)"
		}
	default:
		if !m.prefs.Effects {
			return "effect sounds disabled (G1)"
		}
	}
	return m.inactive()
}

// inactive is G4: with Play Sound Only When Active on and the window not
// focused, no new sound starts.
func (m *Manager) inactive() string {
	if m.prefs.OnlyWhenActive && !m.active {
		return "window not active (G4)"
	}
	return ""
}

// gate is PlayProbability (T2): rand()·(1/32767) < probability, strictly, the
// product rounded to float32 (retail's float constant).
func (m *Manager) gate(prob float32) bool {
	return float32(float32(m.rand())*invRandMax) < prob
}

// play is the common path of every play, in retail order: enables and G4 for
// effect and interface plays, GetSound (T1) or the wave id, the gate (T2), G4
// for ambient plays, distance and pan (S3, S4), GetAttenuation (S1), the pool
// (P1–P5). Each step below returns false (p's reason filled) where retail
// stops.
func (m *Manager) play(rq request) Play {
	p := Play{Time: rq.now, Source: rq.src, Table: rq.table, SType: rq.stype, Wave: rq.wave, Slot: -1, DB: VolMin, Outcome: OutcomeSilent}
	if p.Reason = m.refused(rq); p.Reason != "" {
		return p
	}
	e, ok := m.entry(rq, &p)
	if !ok {
		return p
	}
	// P6: a wave that is missing or does not decode still has its
	// SoundBufRef (CreateSound hashes one for every wave a loaded table
	// names); only its buffer is null. It draws the gate, claims a slot and
	// moves the cursor like a playable wave, and plays silence.
	length, waveErr := m.bank.Length(e.WaveID)
	// T2: the probability gate, strictly less, after the pick; never for
	// PlaySound(DataID, object) (E1 sound_hook).
	if rq.path != PathSoundHook && !m.gate(e.Probability) {
		p.Outcome, p.Reason = OutcomeGated, "probability gate (T2)"
		return p
	}
	h := m.volumes(rq, e)
	if !m.place(rq, &p, &h) {
		return p
	}
	m.start(rq, &p, e, h, length, waveErr)
	return p
}

// heard is how a play is heard: the vol and master handed to
// GetAttenuation, the distance (m) and pan, and the level.
type heard struct {
	vol, master, dist float32
	pan               int
	lvl               Level
}

// entry is the play's SoundData: the ref's default for a wave id (E1), else
// GetSound's pick (T1); false when there is none or it has no wave.
func (m *Manager) entry(rq request, p *Play) (dat.SoundData, bool) {
	var e dat.SoundData
	if rq.path == PathSoundHook || rq.path == PathTweakedHook {
		// E1: a wave id, no pick; the entry is the ref's default SoundData.
		e = dat.SoundData{WaveID: rq.wave, Probability: rq.prob}
	} else {
		var ok bool
		if e, ok = m.pick(rq, p); !ok {
			return e, false
		}
	}
	p.Wave, p.Priority = e.WaveID, e.Priority
	if e.WaveID == 0 {
		p.Reason = "entry has no wave (T1)"
		return e, false
	}
	return e, true
}

// volumes is the vol and master a play hands GetAttenuation: the entry's
// volume (T3), the effect or ambient volume (G3).
func (m *Manager) volumes(rq request, e dat.SoundData) heard {
	vol, master := rq.vol, m.prefs.EffectVolume
	switch {
	case rq.path == PathSoundHook: // G3: the effect volume as vol and as master
		vol = 1
		if m.prefs.Squared {
			vol = m.prefs.EffectVolume
		}
	case rq.entryVol: // T3
		vol = e.Volume
	}
	if rq.ambient {
		vol, master = EffectiveVolume(m.prefs, true, vol)
	}
	return heard{vol: vol, master: master}
}

// place runs G4 for a positioned ambient play, distance and pan (S3, S4),
// GetAttenuation (S1) and G4 for a centred ambient play, in that order,
// filling h; false where the play stops.
func (m *Manager) place(rq request, p *Play, h *heard) bool {
	if rq.ambient && rq.pos != nil {
		// G4 (revision 2): PlaySoundInternal(ref, pos, …) checks on entry,
		// after PlayAmbientSound's pick and gate.
		if p.Reason = m.inactive(); p.Reason != "" {
			return false
		}
	}
	if rq.pos != nil {
		h.dist = Distance(*rq.pos, m.lis) // S3
		if m.prefs.Pan {
			h.pan = panAt(*rq.pos, m.lis, m.heading, h.dist) // S4
		}
	}
	p.Pan = h.pan
	h.lvl = Attenuation(h.dist, h.vol, h.master) // S1
	if !h.lvl.Play {
		if h.lvl.Gain > 0 {
			p.Reason = "below -50 dB (S1)"
		} else {
			p.Reason = "gain <= 0 (S1)"
		}
		return false
	}
	if rq.ambient && rq.pos == nil {
		// G4 (revision 2): PlayAmbientSoundFromCenter reaches the check in
		// PlaySoundInternal(ref, pan, attenuation) after GetAttenuation.
		if p.Reason = m.inactive(); p.Reason != "" {
			return false
		}
	}
	p.DB = h.lvl.DB
	return true
}

// start claims a slot (P1–P5) and starts the voice: length seconds of wave
// e, or a silent claimed slot for a wave that failed (P6, waveErr).
func (m *Manager) start(rq request, p *Play, e dat.SoundData, h heard, length float64, waveErr error) {
	s, evicted, ok := m.claim(rq.now, refPriority)
	if !ok {
		m.drops++
		p.Outcome, p.Reason = OutcomeDrop, "16 voices busy, none of lower priority (P3, P4)"
		return
	}
	p.Slot, p.Outcome = s, OutcomeStart
	if evicted {
		m.evictions++
		p.Outcome = OutcomeEvict
		m.starts = append(m.starts, VoiceStart{Slot: s, Time: rq.now}) // stop (Wave 0)
	}
	v := Voice{
		Source: rq.src, Table: rq.table, SType: rq.stype, Wave: e.WaveID,
		Priority: e.Priority, DB: h.lvl.DB, Pan: h.pan, Start: rq.now,
		Volume: h.vol, Distance: h.dist, GainRaw: h.lvl.GainRaw, GainClamped: h.lvl.GainClamped, Master: h.master,
	}
	if waveErr != nil {
		// P6: DuplicateSoundBuffer fails, nothing is heard. The slot keeps
		// no buffer, so pass 1 finds it free on the next play (end = now).
		m.slots[s] = slot{used: true, end: rq.now, prio: refPriority, v: v}
		p.Outcome, p.Reason = OutcomeBadWave, waveErr.Error()+" (P6: slot claimed, silent)"
		return
	}
	v.Busy, v.Length = true, length
	m.slots[s] = slot{used: true, end: rq.now + length, prio: refPriority, v: v}
	gl, gr := Gains(h.lvl.DB, h.pan) // S5; S6: frozen from here on
	m.starts = append(m.starts, VoiceStart{Slot: s, Wave: e.WaveID, GainL: gl, GainR: gr, Time: rq.now})
}

// pick is GetSound (T1): the table, the SoundType's entries, one RollDice(0, 1)
// when there is at least one entry, idx = (int)((n − 1)·roll) truncated.
// On failure it fills p's reason and returns false.
func (m *Manager) pick(rq request, p *Play) (dat.SoundData, bool) {
	t, err := m.bank.SoundTable(rq.table)
	if err != nil {
		p.Outcome, p.Reason = OutcomeMissingTable, err.Error()
		return dat.SoundData{}, false
	}
	entries := t.Sounds[rq.stype]
	n := len(entries)
	if n == 0 {
		p.Reason = fmt.Sprintf("no entries for SoundType 0x%X in table 0x%08X (T1)", rq.stype, rq.table)
		return dat.SoundData{}, false
	}
	roll := m.RollDice(0, 1)
	idx := int(float32(float32(n-1) * roll)) // rounded product, then truncated
	if idx < 0 || idx >= n {
		p.Reason = fmt.Sprintf("variant index %d out of range (T1)", idx)
		return dat.SoundData{}, false
	}
	return entries[idx], true
}

// finished reports whether slot s is free at now: never used, or its wave has
// played to the end (P2). A voice of length L started at t is finished from
// now = t + L on (≥), the frame the mixer plays past its last sample.
func (m *Manager) finished(s int, now float64) bool {
	return !m.slots[s].used || now >= m.slots[s].end
}

// claim is the voice allocator (P2–P5): first free-or-finished slot from the
// cursor, else the first slot whose recorded ref priority is strictly lower
// than prio (evicted), else none. Retail feeds every call the same
// default-constructed ref priority (P3 revision 2), so with all 16 busy the
// new sound is dropped. On success the cursor moves to slot + 1.
func (m *Manager) claim(now float64, prio float32) (s int, evicted, ok bool) {
	s = -1
	for i := range NumVoices { // P2
		if j := (m.cursor + i) % NumVoices; m.finished(j, now) {
			s = j
			break
		}
	}
	if s < 0 {
		for i := range NumVoices { // P3: strictly lower; equal never evicts
			if j := (m.cursor + i) % NumVoices; m.slots[j].prio < prio {
				s, evicted = j, true
				break
			}
		}
	}
	if s < 0 {
		return -1, false, false // P4
	}
	m.cursor = (s + 1) % NumVoices // P5
	return s, evicted, true
}

// Voices returns the 16 slots at time now, the ring cursor, and the drop and eviction counts.
// A slot's Busy is false once its voice has finished (P2); its other fields
// still describe the last voice it held.
func (m *Manager) Voices(now float64) (v [16]Voice, cursor int, drops, evictions int) {
	for i := range m.slots {
		v[i] = m.slots[i].v
		v[i].Busy = !m.finished(i, now)
	}
	return v, m.cursor, m.drops, m.evictions
}

// TakeStarts returns and clears voice starts (and evictions, as Slot with Wave 0) since the last call.
// An eviction's stop always comes right before the start that replaces it.
func (m *Manager) TakeStarts() []VoiceStart {
	s := m.starts
	m.starts = nil
	return s
}
