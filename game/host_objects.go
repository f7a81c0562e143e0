package game

// SetObjectMute mutes or unmutes an object of the data (E3; the Emitters
// panel's "from the data" list): its hooks still run and are logged.
func (g *Game) SetObjectMute(id uint32, muted bool) { g.sim.SetObjectMuted(id, muted) }

// SetObjectSolo plays only object id among the data's objects (0: all).
func (g *Game) SetObjectSolo(id uint32) { g.sim.SetObjectSolo(id) }
