package gate

import (
	stdhtml "html"
	"math"
	"strings"
	"testing"

	"soundworld/gate/decode"
)

// A mono take is measured as dual mono unless the gate file says "mono":
// "single"; single reads 10·log10(2) = 3.01 LU lower (one channel of weight 1
// instead of two equal ones), the report's header and report.json say which.
func TestMonoRecordingChannelChoice(t *testing.T) {
	t.Parallel() // minutes of CPU on a loaded runner: overlaps the other long tests
	// The recording is mono: the mid of the render.
	p := gateWithRecording(t, 97, func(st Stereo) []byte {
		mid := make([]float32, len(st.L))
		for i := range mid {
			mid[i] = 0.5 * (st.L[i] + st.R[i])
		}
		return decode.EncodeWAV([][]float32{mid}, 44100, 16, false)
	})
	got := map[string]*Result{}
	for _, mode := range []string{"", MonoDual, MonoSingle} {
		f, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Mono = mode
		res, err := Run(f, Options{Seeds: 2})
		if err != nil {
			t.Fatal(err)
		}
		got[mode] = res
		html, err := RenderHTML(res)
		if err != nil {
			t.Fatal(err)
		}
		want := "dual mono"
		if mode == MonoSingle {
			want = "single channel"
		}
		if !strings.Contains(res.Recording.ChannelMode, want) || !strings.Contains(stdhtml.UnescapeString(string(html)), res.Recording.ChannelMode) {
			t.Errorf("mono %q: channel mode %q (want it to say %q, in the report header too)", mode, res.Recording.ChannelMode, want)
		}
		js, _ := MarshalResult(res)
		if !strings.Contains(string(js), `"channel_mode": "`+res.Recording.ChannelMode) {
			t.Errorf("mono %q: report.json lacks the channel mode", mode)
		}
	}
	dual, single := got[""].Retail.Loudness, got[MonoSingle].Retail.Loudness
	if got[MonoDual].Retail.Loudness.Integrated != dual.Integrated {
		t.Errorf("\"dual\" %v differs from the default %v", got[MonoDual].Retail.Loudness.Integrated, dual.Integrated)
	}
	if d := dual.Integrated - single.Integrated; math.Abs(d-10*math.Log10(2)) > 0.001 {
		t.Errorf("dual %.3f − single %.3f = %.4f LU, want 3.0103", dual.Integrated, single.Integrated, d)
	}
	if single.IntegratedL != dual.IntegratedL || !single.Single || dual.Single {
		t.Errorf("per-channel loudness should not change: %v vs %v", single.IntegratedL, dual.IntegratedL)
	}
	// A stereo recording ignores the key.
	f, _ := Load(p)
	f.Mono = MonoSingle
	if m := f.ChannelMode(2); m != "stereo" {
		t.Errorf("stereo: %q", m)
	}
}
