package ui

// sounds_card.go: the Sounds panel's selected sound: its variants, where it
// is heard from (distance and bearing, or flat), play / stop / "where can
// this play?", and its waveform and spectrum.

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/explorer/audition"
	"soundworld/ui/debugui"
)

// soundCard is the selected row's controls and pictures.
func (u *UI) soundCard(ctx *debugui.Context, v *soundsView) {
	s := v.sel
	ctx.SetGridLayout([]int{-1}, nil)
	fitLabelColored(ctx, s.Label, s.Tip, color.RGBA{0xff, 0xd8, 0x70, 0xff})
	if len(s.Variants) == 0 {
		u.wrapLabel(ctx, "its sound table has no such SoundType: nothing to play")
		return
	}
	if len(s.Variants) > 1 {
		v.variantButtons(ctx)
		ctx.SetGridLayout([]int{-1}, nil)
	}
	va := s.Variants[min(v.variant, len(s.Variants)-1)]
	ctx.Checkbox(&v.place.Flat, "flat: no distance, no pan")
	if !v.place.Flat {
		ctx.SetGridLayout([]int{86, -1}, nil)
		label(ctx, "distance m")
		ctx.SliderF(&v.dist, 0, 300, 1, 0)
		label(ctx, "bearing °")
		ctx.SliderF(&v.bearing, 0, 345, 15, 0)
		v.place.Dist, v.place.Bearing = float32(v.dist), float32(v.bearing)
	}
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Checkbox(&v.solo, "alone: the session silent while it plays")
	l := audition.LevelAt(va.Vol, v.place)
	fitLabel(ctx, levelLine(l, va.Vol, v.place), "S1: the level at this distance (volume "+fmtNum(va.Vol)+", master 1)\nS4: the pan for a listener facing north (bearing 90° = to the right)\nS5: the gains the mixer plays it with")
	ctx.SetGridLayout([]int{-1, -1, -2}, nil)
	ctx.Button("Play").On(func() {
		why, err := v.host.Audition(va.Wave, l, v.solo)
		v.status = why
		if err != nil {
			v.status = err.Error()
		}
	})
	ctx.Button("Stop").On(v.host.StopAudition)
	ctx.Button("Where can this play?").On(func() { u.whereCanPlay(s.Query) })
	ctx.SetGridLayout([]int{-1}, nil)
	if v.status != "" {
		u.wrapLabel(ctx, v.status)
	} else if v.host.Auditioning() {
		label(ctx, fmt.Sprintf("playing 0x%08X", va.Wave))
	}
	v.drawPictures(ctx, va.Wave)
}

// variantButtons chooses which of a SoundType's variants plays.
func (v *soundsView) variantButtons(ctx *debugui.Context) {
	n := len(v.sel.Variants)
	w := make([]int, n+1)
	w[0] = 60
	for i := 1; i <= n; i++ {
		w[i] = -1
	}
	ctx.SetGridLayout(w, nil)
	label(ctx, "variant")
	for i := range n {
		ctx.IDScope(fmt.Sprint("v", i), func() {
			name := fmt.Sprint(i + 1)
			if i == v.variant {
				name = "[" + name + "]"
			}
			ctx.Button(name).On(func() { v.variant = i })
			if ctx.Hovering() {
				ctx.Tooltip(fmt.Sprintf("wave 0x%08X, volume %s", v.sel.Variants[i].Wave, fmtNum(v.sel.Variants[i].Vol)))
			}
		})
	}
}

// levelLine says the level and pan the sound gets at p.
func levelLine(l audition.Level, vol float32, p audition.Placement) string {
	at := "flat"
	if !p.Flat {
		at = fmt.Sprintf("%.0f m, %.0f°", p.Dist, p.Bearing)
	}
	if !l.Play {
		return at + ": below −50 dB, not played (S1)"
	}
	return fmt.Sprintf("%s: %d dB, pan %+d (volume %s)", at, l.DB, l.Pan, fmtNum(vol))
}

// whereCanPlay runs the Atlas panel's search for q and unfolds the panel.
func (u *UI) whereCanPlay(q string) {
	if u.atlasHost == nil {
		u.host.Notify("no Atlas panel in this window")
		return
	}
	u.atlasT.Query = q
	u.check("search", u.atlasHost.Search(q))
	u.openAlone("Atlas")
}

// soundPictures is the cached waveform and spectrum of one wave at one width.
type soundPictures struct {
	wave  uint32
	width int
	cols  []audition.Column
	spec  []float64 // dB per px column, 20 Hz .. 22 kHz on a log scale
	err   string
}

// Picture sizes in px.
const (
	waveH = 44
	specH = 52
)

// drawPictures draws wave's waveform and spectrogram (waveH and specH px high).
func (v *soundsView) drawPictures(ctx *debugui.Context, wave uint32) {
	ctx.SetGridLayout([]int{-1}, []int{waveH})
	ctx.GridCell(func(b image.Rectangle) {
		p := &v.pictures
		if p.wave != wave || p.width != b.Dx() {
			*p = makePictures(v.host, wave, b.Dx())
		}
		ctx.DrawOnlyWidgetKeyed(drawKey{kind: "wave", b: b, n: int(wave)}, func(screen *ebiten.Image) { drawWaveform(screen, b, p) })
	})
	ctx.SetGridLayout([]int{-1}, []int{specH})
	ctx.GridCell(func(b image.Rectangle) {
		p := &v.pictures
		ctx.DrawOnlyWidgetKeyed(drawKey{kind: "spec", b: b, n: int(wave)}, func(screen *ebiten.Image) { drawSpectrum(screen, b, p) })
	})
	ctx.SetGridLayout([]int{-1}, nil)
}

// makePictures decodes wave (the audition's own bank) and cuts its
// waveform and spectrum to width px.
func makePictures(h SoundsHost, wave uint32, width int) soundPictures {
	p := soundPictures{wave: wave, width: width}
	s, err := h.Samples(wave)
	if err != nil {
		p.err = err.Error()
		return p
	}
	p.cols = audition.Waveform(s, width)
	sp := audition.Spectrum(s)
	p.spec = make([]float64, width)
	lo, hi := math.Log(20), math.Log(audio22k)
	for x := range p.spec {
		f0, f1 := math.Exp(lo+(hi-lo)*float64(x)/float64(width)), math.Exp(lo+(hi-lo)*float64(x+1)/float64(width))
		k0, k1 := int(f0/audition.BinHz(1)), int(math.Ceil(f1/audition.BinHz(1)))
		db := -120.0
		for k := k0; k <= k1 && k < len(sp); k++ {
			db = max(db, sp[k])
		}
		p.spec[x] = db
	}
	return p
}

// audio22k is the top of the spectrum's scale, Hz (O1's Nyquist).
const audio22k = 22050

var (
	picBG   = color.RGBA{0x10, 0x14, 0x1c, 0xff}
	picWave = color.RGBA{0x6c, 0xc8, 0xff, 0xff}
	picSpec = color.RGBA{0xff, 0xb0, 0x50, 0xff}
	picMid  = color.RGBA{0x40, 0x48, 0x58, 0xff}
)

func drawWaveform(dst *ebiten.Image, b image.Rectangle, p *soundPictures) {
	var r rectBatch
	r.rect(float32(b.Min.X), float32(b.Min.Y), float32(b.Dx()), float32(b.Dy()), picBG)
	mid := float32(b.Min.Y) + float32(b.Dy())/2
	r.rect(float32(b.Min.X), mid, float32(b.Dx()), 1, picMid)
	half := float32(b.Dy())/2 - 1
	for x, c := range p.cols {
		top, bot := mid-c.Max*half, mid-c.Min*half
		r.rect(float32(b.Min.X+x), top, 1, max(1, bot-top), picWave)
	}
	r.flush(dst)
	note := "waveform"
	if p.err != "" {
		note = p.err
	}
	drawLabel(dst, note, float64(b.Min.X+4), float64(b.Min.Y+2), tlText)
}

// drawSpectrum draws 0 dB at the top down to −90 dB at the bottom, 20 Hz
// to 22 kHz left to right on a log scale.
func drawSpectrum(dst *ebiten.Image, b image.Rectangle, p *soundPictures) {
	var r rectBatch
	r.rect(float32(b.Min.X), float32(b.Min.Y), float32(b.Dx()), float32(b.Dy()), picBG)
	for x, db := range p.spec {
		h := float32((db + 90) / 90 * float64(b.Dy()))
		h = max(0, min(float32(b.Dy()), h))
		r.rect(float32(b.Min.X+x), float32(b.Max.Y)-h, 1, h, picSpec)
	}
	r.flush(dst)
	drawLabel(dst, "spectrum 20 Hz – 22 kHz, 0 to −90 dB", float64(b.Min.X+4), float64(b.Min.Y+2), tlText)
}
