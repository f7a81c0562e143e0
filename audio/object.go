package audio

// Object plays (E3): a hook of an object the data places fires through E1's
// paths with the object's position, exactly as a placed emitter's play of
// the same path, only logged with SourceObject.

// PlayObjectSoundType is a SoundTableHook (E1 hook: PlaySound(SoundType,
// object)): pick from the object's sound table, gate, the entry's volume.
func (m *Manager) PlayObjectSoundType(now float64, table, stype uint32, pos Vec3) Play {
	return m.play(request{now: now, src: SourceObject, table: table, stype: stype, pos: &pos, path: PathHook, entryVol: true})
}

// PlayObjectWave is a SoundHook (PathSoundHook: PlaySound(DataID, object))
// or a SoundTweakedHook (PathTweakedHook: PlaySound(DataID, object, prio,
// prob, vol)); see PlayWave for what each does.
func (m *Manager) PlayObjectWave(now float64, wave uint32, pos Vec3, vol, prob float32, path Path) Play {
	if path != PathSoundHook && path != PathTweakedHook {
		return Play{Time: now, Source: SourceObject, Wave: wave, Slot: -1, DB: VolMin,
			Outcome: OutcomeSilent, Reason: "object wave plays take sound_hook or tweaked_hook (E1)"}
	}
	return m.play(request{now: now, src: SourceObject, wave: wave, pos: &pos, vol: vol, prob: prob, path: path})
}
