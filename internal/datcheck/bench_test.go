package datcheck

import (
	"bytes"
	"sync"
	"testing"

	"soundworld/dat"
	"soundworld/internal/bigworld/bigtest"
)

// BenchmarkCheckBigWorld checks the full-size generated world (issue 11's
// bigworld: 255 × 255 landblocks, its region, tables and waves), written by
// the dat writer to a temp folder (never committed). MB/s is file bytes.
func BenchmarkCheckBigWorld(b *testing.B) {
	a := bigtest.Archive(b)
	s := Check(a, Options{})
	if s.Records < 50000 {
		b.Fatalf("%d records, want ≥ 50 000", s.Records)
	}
	b.SetBytes(s.Bytes)
	b.ResetTimer() // (it clears reported metrics: records/op is reported after the loop)
	for b.Loop() {
		Check(a, Options{})
	}
	b.ReportMetric(float64(s.Records), "records/op")
}

var mixed struct {
	once          sync.Once
	portal, cell  []byte
	records, size int
}

// mixedImages builds, in memory, a portal dat with a region, 200 sound
// tables, 2 000 waves (0.25 s of 16-bit mono PCM at 22050 Hz each) and 500
// Setups, and a cell dat with 40 000 landblocks, 8 000 LandBlockInfos and
// 2 000 EnvCells: 52 700 records with every record type's parser on the path.
func mixedImages(b *testing.B) (portal, cell []byte) {
	mixed.once.Do(func() {
		pw := dat.NewWriter(1024, dat.DataSetPortal, 0)
		g := &dat.Region{ID: dat.RegionID, Number: 1, Version: 3, Name: "Bench", PartsMask: dat.PartSound | dat.PartScene}
		for i := range g.LandDefs.HeightTable {
			g.LandDefs.HeightTable[i] = float32(2 * i)
		}
		g.Sound = &dat.SoundInfo{}
		g.Scene = &dat.SceneInfo{}
		for i := range 200 {
			g.Sound.STBDescs = append(g.Sound.STBDescs, dat.AmbientSTBDesc{STBID: 0x20000000 + uint32(i),
				Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 0.5, BaseChance: 0.1, MinRate: 5, MaxRate: 10}}})
			g.Scene.SceneTypes = append(g.Scene.SceneTypes, dat.SceneType{StbIndex: uint32(i), Scenes: []uint32{}})
		}
		for i := range 32 {
			g.Terrain.TerrainTypes = append(g.Terrain.TerrainTypes, dat.TerrainType{Name: "t", SceneTypes: make([]uint32, 32)})
			for j := range 32 {
				g.Terrain.TerrainTypes[i].SceneTypes[j] = uint32((i*32 + j) % 200)
			}
		}
		pw.Add(dat.RegionID, dat.EncodeRegion(g))
		for i := range 200 {
			t := &dat.SoundTable{ID: 0x20000000 + uint32(i), Sounds: map[uint32][]dat.SoundData{}}
			for k := range 10 {
				t.Sounds[0x46+uint32(k)] = []dat.SoundData{{WaveID: 0x0A000000 + uint32((i*10+k)%2000), Probability: 1, Volume: 1}}
			}
			pw.Add(t.ID, dat.EncodeSoundTable(t))
		}
		const rate, n = 22050, 22050 / 4
		data := make([]byte, 2*n)
		for i := range n {
			v := int16((i%100 - 50) * 300)
			data[2*i], data[2*i+1] = byte(v), byte(uint16(v)>>8)
		}
		f := dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: rate, AvgBytesPerSec: 2 * rate, BlockAlign: 2, BitsPerSample: 16}
		for i := range 2000 {
			pw.Add(0x0A000000+uint32(i), dat.EncodeWave(&dat.Wave{ID: 0x0A000000 + uint32(i), Format: f, Data: data}))
		}
		for i := range 500 {
			id := 0x02000000 + uint32(i)
			pw.Add(id, dat.EncodeSetup(&dat.Setup{ID: id, DefaultSoundTable: 0x20000000 + uint32(i%200)}))
		}
		cw := dat.NewWriter(256, dat.DataSetCell, 1)
		for k := range 40000 {
			x, y := uint8(k/200), uint8(k%200)
			l := &dat.LandBlock{ID: dat.LandBlockID(x, y)}
			for v := range l.Terrain {
				l.Terrain[v] = uint16((k+v)%32)<<2 | uint16(v%32)<<11
				l.Height[v] = uint8(k + v)
			}
			if k%5 == 0 {
				l.HasObjects = 1
				info := &dat.LandBlockInfo{ID: l.ID&^0xFFFF | dat.LandBlockInfoL,
					Objects: []dat.Stab{{ID: 0x02000000 + uint32(k%500), Frame: dat.Frame{X: 10, Y: 10, QW: 1}}}}
				if k%20 == 0 {
					info.NumCells = 1
					cw.Add(l.ID&^0xFFFF|0x0100, bytes.Repeat([]byte{1}, 300))
				}
				cw.Add(info.ID, dat.EncodeLandBlockInfo(info))
			}
			cw.Add(l.ID, dat.EncodeLandBlock(l))
		}
		var err error
		if mixed.portal, err = pw.Bytes(); err == nil {
			mixed.cell, err = cw.Bytes()
		}
		if err != nil {
			panic(err)
		}
	})
	return mixed.portal, mixed.cell
}

// BenchmarkCheckMixed checks mixedImages (≥ 50 000 records, all types). MB/s is file bytes.
func BenchmarkCheckMixed(b *testing.B) {
	p, c := mixedImages(b)
	a := open(b, p, c)
	s := Check(a, Options{})
	if s.Records < 50000 || len(s.Problems) != 0 {
		b.Fatalf("%d records, problems %v", s.Records, s.Problems)
	}
	b.SetBytes(s.Bytes)
	b.ResetTimer() // (it clears reported metrics: records/op is reported after the loop)
	for b.Loop() {
		Check(open(b, p, c), Options{})
	}
	b.ReportMetric(float64(s.Records), "records/op")
}

// BenchmarkOpenBigWorld opens the full-size generated world's two files: the
// header and the whole directory, checked at open (B-tree invariants and the
// block accounting). MB/s is file bytes.
func BenchmarkOpenBigWorld(b *testing.B) {
	dir := bigtest.Dir(b)
	var size int64
	for b.Loop() {
		a, err := dat.OpenDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		size = a.Portal.Size() + a.Cell.Size()
		a.Close()
	}
	b.SetBytes(size)
}

// BenchmarkCheckDirBigWorld is `soundworld check` on the full-size generated
// world without the printing: open both files (the directory check at open)
// and check every record. MB/s is file bytes over wall time; MB/cpu-s is
// file bytes over the process's CPU time (user + system, all threads), which
// a busy machine disturbs less than wall time: on an idle machine with W
// cores, wall MB/s approaches W × MB/cpu-s as far as the workers overlap.
func BenchmarkCheckDirBigWorld(b *testing.B) {
	dir := bigtest.Dir(b)
	s, err := CheckDir(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if s.Records < 50000 {
		b.Fatalf("%d records, want ≥ 50 000", s.Records)
	}
	b.SetBytes(s.Bytes)
	cpu0 := cpuTime(b)
	b.ResetTimer() // (it clears reported metrics: they are reported after the loop)
	for b.Loop() {
		if _, err := CheckDir(dir, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(s.Records), "records/op")
	if cpu := (cpuTime(b) - cpu0).Seconds(); cpu > 0 {
		b.ReportMetric(float64(s.Bytes)*float64(b.N)/1e6/cpu, "MB/cpu-s")
	}
}
