package dat_test

import (
	"bytes"
	"errors"
	"fmt"

	"soundworld/dat"
)

// Open a dat and read a record: a portal dat with one Wave record (0x0A…,
// spec §3.3) is written in memory, opened with NewFile as a user's
// client_portal.dat is by Open, and its record read back by id and parsed.
func ExampleNewFile() {
	// One second of silence, 22050 Hz mono 16-bit PCM.
	wf := dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: 22050, AvgBytesPerSec: 44100, BlockAlign: 2, BitsPerSample: 16}
	w := dat.NewWriter(1024, dat.DataSetPortal, 0)
	if err := w.Add(0x0A000001, dat.EncodeWave(&dat.Wave{ID: 0x0A000001, Format: wf, Header: dat.WaveHeader(wf), Data: make([]byte, 44100)})); err != nil {
		fmt.Println(err)
		return
	}
	img, err := w.Bytes()
	if err != nil {
		fmt.Println(err)
		return
	}

	f, err := dat.NewFile(bytes.NewReader(img), int64(len(img)), "client_portal.dat")
	if err != nil {
		fmt.Println(err)
		return
	}
	raw, err := f.Get(0x0A000001)
	if err != nil {
		fmt.Println(err)
		return
	}
	wave, err := dat.ParseWave(raw)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("wave 0x%08X: %d Hz, %d channel, %d bits, %d bytes of samples\n",
		wave.ID, wave.Format.SamplesPerSec, wave.Format.Channels, wave.Format.BitsPerSample, len(wave.Data))
	_, err = f.Get(0x0A000002)
	fmt.Println("an id not in the file is dat.ErrNotFound:", errors.Is(err, dat.ErrNotFound))
	// Output:
	// wave 0x0A000001: 22050 Hz, 1 channel, 16 bits, 44100 bytes of samples
	// an id not in the file is dat.ErrNotFound: true
}
