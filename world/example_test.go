package world_test

import (
	"fmt"
	"math"

	"soundworld/assets"
	"soundworld/world"
)

// A Sim stepped and probed: over the built-in stand-in (the same code path
// as a user's dats), the player starts at the Holtburg spawn, landblock
// 0xA9B4 at local (84, 7.1) m, so in land cell 0xA9B40019 (W2: cell
// x = ⌊84/24⌋ = 3, y = ⌊7.1/24⌋ = 0, index 3·8 + 0 + 1 = 25). One second of
// fixed 1/60 s steps later the Snapshot says where the ambient gather stands
// (A2: the cells' weights add up to the total).
func ExampleSim() {
	a, err := assets.StandIn()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	s, err := world.NewSim(world.Config{Archive: a, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	var sn *world.Snapshot
	for range 60 {
		sn = s.Tick(1.0 / 60)
	}
	p := s.Player()
	fmt.Printf("sim time %.3f s\n", sn.Time)
	fmt.Printf("player in landblock 0x%04X at (%.1f, %.1f), cell 0x%08X\n", p.Landblock, p.X, p.Y, sn.CellID)
	var sum float64
	for _, c := range sn.Cells {
		sum += float64(c.Weight)
	}
	fmt.Println("cells gathered:", len(sn.Cells) > 0)
	fmt.Println("their weights add up to the total:", math.Abs(sum-float64(sn.TotalWeight)) < 1e-3*float64(sn.TotalWeight))
	// Output:
	// sim time 1.000 s
	// player in landblock 0xA9B4 at (84.0, 7.1), cell 0xA9B40019
	// cells gathered: true
	// their weights add up to the total: true
}
