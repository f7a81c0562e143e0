// Command livecmp checks spec O5 on a live run (scripts/live-smoke.sh): the
// bytes the window handed the sound device (sent.raw: float32 little-endian
// stereo at 44100 Hz, written by an ALSA file plugin) against `soundworld
// render` of the same place, seed and span (16-bit WAV). The sent stream
// begins with the frames rendered before the session's anchor (silence);
// one fixed alignment — the first non-zero frame of each — lines the two up,
// and from there every frame of the render must equal the sent frame
// quantised as render quantises it (audio.FloatToInt16), bit for bit.
// It also reads what the sink played (heard.raw, parec on its monitor,
// float32 stereo) and counts its underruns: runs of ≥ 10 ms of exact zeros
// between the first and the last sound.
//
// Usage: go run ./scripts/livecmp -sent sent.raw -render render.wav [-heard heard.raw] [-min-seconds 25]
// Exit 1 when a frame differs or fewer than -min-seconds were compared.
package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"

	"soundworld/audio"
)

func main() {
	sent := flag.String("sent", "", "raw float32le stereo the window sent")
	render := flag.String("render", "", "render's 16-bit stereo WAV")
	heard := flag.String("heard", "", "raw float32le stereo recorded from the sink's monitor (optional)")
	minSec := flag.Float64("min-seconds", 25, "fewest seconds that must be compared")
	anchor := flag.Int64("anchor", -1, "the session anchor's mixer frame, as the window logged it (−1: unknown)")
	flag.BoolVar(&search, "search", false, "the render starts mid-session (render -from of a sidecar): find its first frames in the sent stream, bit for bit, instead of lining up the first sounds")
	flag.IntVar(&maxGaps, "gaps", 0, "with -search: allow this many device gaps (a lost device: the mix went on by the wall clock and the device got silence until it played again); each is found, counted and skipped, never compared")
	flag.BoolVar(&skipPadding, "skip-padding", false, "allow runs of silence the driver inserted when the player ran short (wine's WASAPI): they are counted and skipped, never compared")
	flag.Parse()
	if err := run(*sent, *render, *heard, *minSec, *anchor); err != nil {
		fmt.Fprintln(os.Stderr, "livecmp:", err)
		os.Exit(1)
	}
}

func run(sentPath, renderPath, heardPath string, minSec float64, anchor int64) error {
	s, err := readRaw(sentPath)
	if err != nil {
		return err
	}
	r, err := readWAV16(renderPath)
	if err != nil {
		return err
	}
	q := make([]int16, len(s))
	for i, v := range s {
		q[i] = audio.FloatToInt16(v)
	}
	fs, fr := firstSound(q), firstSound(r)
	if fs < 0 || fr < 0 {
		return fmt.Errorf("no sound in %s (first frame %d) or %s (%d)", sentPath, fs, renderPath, fr)
	}
	off := fs - fr // sent frame = render frame + off
	if search {
		if off = find(q, r[2*fr:]); off < 0 { // from its first sound: silence would match a pause's zeros
			return fmt.Errorf("the render's first %d frames are nowhere in the sent stream", searchFrames)
		}
		off -= fr
		fmt.Printf("livecmp: the render's frames found from sent frame %d (%.3f s)\n", off, float64(off)/audio.SampleRate)
	}
	if off < 0 {
		return fmt.Errorf("the sent stream starts %d frames before the render: no alignment", -off)
	}
	n, mism, first, pad := compare(q, r, off)
	if search && maxGaps > 0 {
		var gaps []gap
		n, mism, first, gaps = compareGaps(q, r, off, maxGaps)
		for _, g := range gaps {
			fmt.Printf("livecmp: device gap at render frame %d (%.3f s): %d render frames not sent, %d frames of silence sent\n",
				g.at, float64(g.at)/audio.SampleRate, g.skipped, g.silent)
		}
	}
	if !search {
		fmt.Printf("livecmp: alignment %d frames (%.1f ms of silence before the anchor's first sound)\n", off, float64(off)*1000/audio.SampleRate)
	}
	if anchor >= 0 {
		// Render's frame 0 is the anchor's frame on the mixer's timeline, so
		// sent frame = mixer frame + the frames the device got that the
		// mixer never rendered (0 when the window writes to ALSA itself;
		// through oto, the zeros its driver adds when the player runs short).
		fmt.Printf("livecmp: alignment − anchor frame = %d frames the device got that the mixer never rendered\n", int64(off)-anchor)
	}
	fmt.Printf("livecmp: frames compared %d (%.2f s), mismatches %d", n, float64(n)/audio.SampleRate, mism)
	if first >= 0 {
		fmt.Printf(", first at render frame %d (%.3f s)", first, float64(first)/audio.SampleRate)
	}
	fmt.Print("\n")
	if skipPadding {
		fmt.Printf("livecmp: driver padding skipped: %d runs, %d frames (%.1f ms)\n", pad.runs, pad.frames, float64(pad.frames)*1000/audio.SampleRate)
	}
	if heardPath != "" {
		h, err := readRaw(heardPath)
		if err != nil {
			return err
		}
		runs, frames := underruns(h)
		fmt.Printf("livecmp: heard %.2f s, underruns %d (%.1f ms of inserted silence)\n", float64(len(h)/2)/audio.SampleRate, runs, float64(frames)*1000/audio.SampleRate)
	}
	if mism > 0 {
		return fmt.Errorf("%d of %d frames differ from the render", mism, n)
	}
	if float64(n) < minSec*audio.SampleRate {
		return fmt.Errorf("only %.2f s compared, want at least %.0f s", float64(n)/audio.SampleRate, minSec)
	}
	return nil
}

// search: the render is found in the sent stream (-search).
var search bool

// searchFrames is how many of the render's first frames must match where
// it is found (0.1 s: a bed's samples do not repeat by chance).
const searchFrames = audio.SampleRate / 10

// find is the first sent frame from which the render's first searchFrames
// frames follow exactly (−1: none).
func find(q, r []int16) int {
	if len(r)/2 < searchFrames {
		return -1
	}
	for o := 0; o+searchFrames <= len(q)/2; o++ {
		i := 0
		for i < searchFrames && q[2*(o+i)] == r[2*i] && q[2*(o+i)+1] == r[2*i+1] {
			i++
		}
		if i == searchFrames {
			return o
		}
	}
	return -1
}

// maxGaps is -gaps: how many device gaps compareGaps may skip.
var maxGaps int

// gap is a lost device in the sent stream: from render frame at, the mix
// went on without the device (skipped frames never sent) and the device
// got silent frames until it played again.
type gap struct{ at, skipped, silent int }

// compareGaps is compare allowing up to most device gaps: at the first
// differing frame, the silence the device got is skipped and the next
// searchFrames sent frames are looked for in the render from there; where
// they are found the comparison goes on. A gap it cannot place is a
// mismatch, and so is everything after it.
func compareGaps(q, r []int16, off, most int) (n, mism, first int, gaps []gap) {
	first = -1
	i := 0
	for i < len(r)/2 && i+off < len(q)/2 {
		if q[2*(i+off)] == r[2*i] && q[2*(i+off)+1] == r[2*i+1] {
			i, n = i+1, n+1
			continue
		}
		p := i + off
		for p < len(q)/2 && q[2*p] == 0 && q[2*p+1] == 0 {
			p++
		}
		if len(gaps) < most && p+searchFrames <= len(q)/2 {
			if j := find(r[2*i:], q[2*p:2*(p+searchFrames)]); j >= 0 {
				gaps = append(gaps, gap{at: i, skipped: j, silent: p - (i + off)})
				i += j
				off = p - i
				continue
			}
		}
		if first < 0 {
			first = i
		}
		mism += len(r)/2 - i // unplaced: the rest counts as differing
		n += len(r)/2 - i
		break
	}
	return n, mism, first, gaps
}

// skipPadding: the sent stream may hold runs of exact silence the driver
// inserted when the player had no data ready (-skip-padding).
var skipPadding bool

type padding struct{ runs, frames int }

// compare lines render frame i up with sent frame i+off and counts the
// frames that differ; n is how many render frames were compared. With
// skipPadding, a differing frame where the sent stream is silent starts a
// search: if the render goes on exactly (padMatch frames) after k of those
// silent frames, the k frames were the driver's padding and off grows by k.
func compare(q, r []int16, off int) (n, mism, first int, pad padding) {
	const padMatch = 64
	first = -1
	same := func(i, o int) bool { return q[2*(i+o)] == r[2*i] && q[2*(i+o)+1] == r[2*i+1] }
	i := 0
	for ; i < len(r)/2 && i+off < len(q)/2; i++ {
		if same(i, off) {
			continue
		}
		if skipPadding {
			z := 0
			for i+off+z < len(q)/2 && q[2*(i+off+z)] == 0 && q[2*(i+off+z)+1] == 0 {
				z++
			}
			if i+off+z == len(q)/2 { // the stream ends in padding: nothing more was sent
				pad.runs++
				pad.frames += z
				break
			}
			k := 1
			for ; k <= z; k++ {
				m := 0
				for m < padMatch && i+m < len(r)/2 && i+off+k+m < len(q)/2 && same(i+m, off+k) {
					m++
				}
				if m == padMatch {
					break
				}
			}
			if k <= z {
				off += k
				pad.runs++
				pad.frames += k
				continue
			}
		}
		if first < 0 {
			first = i
		}
		mism++
	}
	return i, mism, first, pad
}

// firstSound is the first frame with a non-zero sample, −1 if none.
func firstSound[T int16 | float32](s []T) int {
	for i := 0; i+1 < len(s); i += 2 {
		if s[i] != 0 || s[i+1] != 0 {
			return i / 2
		}
	}
	return -1
}

// underruns counts runs of at least 10 ms of exact digital silence between
// the first and the last non-zero frame (the beds at Holtburg never stop).
func underruns(s []float32) (runs, frames int) {
	first := firstSound(s)
	if first < 0 {
		return 0, 0
	}
	last := len(s)/2 - 1
	for last > first && s[2*last] == 0 && s[2*last+1] == 0 {
		last--
	}
	z := 0
	for i := first; i <= last+1; i++ {
		if i <= last && s[2*i] == 0 && s[2*i+1] == 0 {
			z++
			continue
		}
		if z >= audio.SampleRate/100 {
			runs++
			frames += z
		}
		z = 0
	}
	return runs, frames
}

func readRaw(path string) ([]float32, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b = b[:len(b)&^7] // whole stereo frames
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out, nil
}

// readWAV16 reads a 16-bit stereo PCM WAV's samples (the "data" chunk).
func readWAV16(path string) ([]int16, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return nil, fmt.Errorf("%s: not a WAV file", path)
	}
	for p := 12; p+8 <= len(b); {
		id, n := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:]))
		p += 8
		if id == "data" {
			d := b[p:min(len(b), p+n)]
			out := make([]int16, len(d)/2)
			for i := range out {
				out[i] = int16(binary.LittleEndian.Uint16(d[2*i:]))
			}
			return out, nil
		}
		p += n + n&1
	}
	return nil, errors.New(path + ": no data chunk")
}
