package audio

import "fmt"

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
	v    Voice
}

// NewManager builds a manager over the bank with retail RNGs seeded by seed:
// rand() after srand(seed) and the RollDice generator (T4). The window counts
// as active until SetActive says otherwise.
func NewManager(b *Bank, p Prefs, seed uint32) *Manager {
	return &Manager{bank: b, prefs: p, active: true, dice: NewLEcuyer(seed), rnd: NewMSVCRand(seed)}
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

// RollDice is the retail RollDice(lo, hi) on the manager's generator (T4).
// The ambient runtime and the variant pick share this one generator, as in retail.
func (m *Manager) RollDice(lo, hi float32) float32 { return RollDice(m.dice, lo, hi) }

// EffectiveVolume returns the vol handed to GetAttenuation and the master it
// multiplies by (G3): ambient plays use the ambient volume as master and, with
// the Squared quirk on, pre-multiply vol by it too (so it lands twice); every
// other play uses the effect volume once (G2: interface sounds included).
func EffectiveVolume(p Prefs, ambient bool, vol float32) (v, master float32) {
	if !ambient {
		return vol, p.EffectVolume
	}
	if p.Squared {
		vol *= p.AmbientVolume
	}
	return vol, p.AmbientVolume
}

// request is one play call, normalised.
type request struct {
	now      float64
	src      Source
	table    uint32
	stype    uint32
	pos      *Vec3 // nil: from the centre (distance 0, pan 0)
	vol      float32
	entryVol bool // T3: use the picked entry's volume (hook and stinger plays)
	ambient  bool // S1/G3: ambient master
}

// PlayAmbientAt plays an intermittent ambient one-shot at pos with the desc volume (A9).
func (m *Manager) PlayAmbientAt(now float64, table uint32, stype uint32, pos Vec3, vol float32) Play {
	return m.play(request{now: now, src: SourceOneShot, table: table, stype: stype, pos: &pos, vol: vol, ambient: true})
}

// PlayAmbientFromCenter plays a continuous bed from the centre at vol (A9).
func (m *Manager) PlayAmbientFromCenter(now float64, table uint32, stype uint32, vol float32) Play {
	return m.play(request{now: now, src: SourceBed, table: table, stype: stype, vol: vol, ambient: true})
}

// PlayEmitter plays a placed emitter's sound at pos (E1). PathServer imitates
// PlaySound(SoundType, object, vol): vol is the caller's and is multiplied by the
// effect volume once, Squared or not (G3 decision); PathHook uses the entry volume.
func (m *Manager) PlayEmitter(now float64, table uint32, stype uint32, pos Vec3, vol float32, path Path) Play {
	return m.play(request{now: now, src: SourceEmitter, table: table, stype: stype, pos: &pos, vol: vol, entryVol: path == PathHook})
}

// PlayStinger plays a SoundType from the centre (PlaySoundFromCenter(SoundType, table)):
// gated by the interface enable, entry volume (T3, ASSUMED), effect volume as
// master (G2: interface volume is never read).
func (m *Manager) PlayStinger(now float64, table uint32, stype uint32) Play {
	return m.play(request{now: now, src: SourceStinger, table: table, stype: stype, entryVol: true})
}

// play is the common path of every SoundType-keyed play, in retail order:
// active/enable checks, GetSound (T1), the gate (T2), PlaySoundInternal with
// distance and pan (S3, S4), GetAttenuation (S1), the pool (P1–P5).
func (m *Manager) play(rq request) Play {
	p := Play{Time: rq.now, Source: rq.src, Table: rq.table, SType: rq.stype, Slot: -1, DB: VolMin, Outcome: OutcomeSilent}
	// G4: checked on entry, before any random number is drawn.
	if m.prefs.OnlyWhenActive && !m.active {
		p.Reason = "window not active (G4)"
		return p
	}
	switch {
	case rq.ambient && !m.prefs.Ambient:
		p.Reason = "ambient sounds disabled (G1)"
		return p
	case rq.src == SourceStinger && !m.prefs.Interface:
		p.Reason = "interface sounds disabled (G1)"
		return p
	case !rq.ambient && rq.src != SourceStinger && !m.prefs.Effects:
		p.Reason = "effect sounds disabled (G1)"
		return p
	}
	t, err := m.bank.SoundTable(rq.table)
	if err != nil {
		p.Reason = err.Error()
		return p
	}
	// T1: GetSound — biased (n−1) pick, truncated.
	entries := t.Sounds[rq.stype]
	n := len(entries)
	if n == 0 {
		p.Reason = fmt.Sprintf("no entries for SoundType 0x%X in table 0x%08X (T1)", rq.stype, rq.table)
		return p
	}
	roll := m.RollDice(0, 1)
	idx := int(float32(n-1) * roll)
	if idx < 0 || idx >= n {
		p.Reason = fmt.Sprintf("variant index %d out of range (T1)", idx)
		return p
	}
	e := entries[idx]
	p.Wave, p.Priority = e.WaveID, e.Priority
	if e.WaveID == 0 {
		p.Reason = "entry has no wave (T1)"
		return p
	}
	length, err := m.bank.Length(e.WaveID)
	if err != nil {
		p.Reason = err.Error()
		return p
	}
	// T2: the probability gate, strictly less, after the pick.
	if !(float32(m.rnd.Rand())*invRandMax < e.Probability) {
		p.Outcome, p.Reason = OutcomeGated, "probability gate (T2)"
		return p
	}
	vol := rq.vol
	if rq.entryVol { // T3
		vol = e.Volume
	}
	vol, master := EffectiveVolume(m.prefs, rq.ambient, vol)
	var dist float32
	pan := 0
	if rq.pos != nil {
		dist = Distance(*rq.pos, m.lis) // S3
		if m.prefs.Pan {
			pan = panAt(*rq.pos, m.lis, m.heading, dist) // S4
		}
	}
	p.Pan = pan
	lvl := Attenuation(dist, vol, master) // S1
	if !lvl.Play {
		if lvl.Gain > 0 {
			p.Reason = "below -50 dB (S1)"
		} else {
			p.Reason = "gain <= 0 (S1)"
		}
		return p
	}
	p.DB = lvl.DB
	s, evicted, ok := m.claim(rq.now, e.Priority)
	if !ok {
		m.drops++
		p.Outcome, p.Reason = OutcomeDrop, "16 voices busy, none of lower priority (P4)"
		return p
	}
	p.Slot, p.Outcome = s, OutcomeStart
	if evicted {
		m.evictions++
		p.Outcome = OutcomeEvict
		m.starts = append(m.starts, VoiceStart{Slot: s, Time: rq.now}) // stop (Wave 0)
	}
	m.slots[s] = slot{used: true, end: rq.now + length, v: Voice{
		Busy: true, Source: rq.src, Table: rq.table, SType: rq.stype, Wave: e.WaveID,
		Priority: e.Priority, DB: lvl.DB, Pan: pan, Start: rq.now, Length: length,
		Volume: vol, Distance: dist, GainRaw: lvl.GainRaw, GainClamped: lvl.GainClamped, Master: master,
	}}
	gl, gr := Gains(lvl.DB, pan) // S5; S6: frozen from here on
	m.starts = append(m.starts, VoiceStart{Slot: s, Wave: e.WaveID, GainL: gl, GainR: gr, Time: rq.now})
	return p
}

// finished reports whether slot s is free at now: never used, or its wave has
// played to the end (P2). A voice of length L started at t is finished from
// now = t + L on (≥), the frame the mixer plays past its last sample.
func (m *Manager) finished(s int, now float64) bool {
	return !m.slots[s].used || now >= m.slots[s].end
}

// claim is the voice allocator (P2–P5): first free-or-finished slot from the
// cursor, else the first strictly lower priority from the cursor (evicted),
// else none. On success the cursor moves to slot + 1.
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
			if j := (m.cursor + i) % NumVoices; m.slots[j].v.Priority < prio {
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
