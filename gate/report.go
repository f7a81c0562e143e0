// The report: report.json (MarshalResult) and report.html (RenderHTML),
// written by the soundworld gate command on the desktop and in the page's
// gate worker (cmd/soundworld-gate); the page's report has no plots
// (figures_js.go).

package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"reflect"
	"strings"

	"soundworld/dat"
	"soundworld/gate/measure"
)

// MarshalResult encodes res as indented JSON with NaN and ±Inf as null
// (encoding/json refuses them; a metric without data has NaN values).
func MarshalResult(res *Result) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(jsonSafe(reflect.ValueOf(res))); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonSafe converts v into maps, slices and scalars with non-finite floats
// as nil, keeping each struct field's json name (and omitempty).
func jsonSafe(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return jsonSafe(v.Elem())
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil
		}
		return f
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return []any{}
		}
		if v.Type().Elem().Kind() == reflect.Uint8 { // json.RawMessage and []byte
			return json.RawMessage(append([]byte(nil), v.Bytes()...))
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = jsonSafe(v.Index(i))
		}
		return out
	case reflect.Struct:
		if p, ok := v.Interface().(dat.Problem); ok { // its own snake_case form, no floats
			return p
		}
		out := map[string]any{}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			fv := v.Field(i)
			if strings.Contains(opts, "omitempty") && fv.IsZero() {
				continue
			}
			out[name] = jsonSafe(fv)
		}
		return out
	}
	return v.Interface()
}

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	// ownDB is a median own level: "silent" under −150 dB (a wave whose
	// first 50 ms hold nothing, its sound starting later).
	"ownDB": func(v []float64) string {
		switch m := measure.Quantile(v, 0.5); {
		case math.IsNaN(m):
			return "–"
		case m < -150:
			return "silent"
		default:
			return fmt.Sprintf("%.1f dB", m)
		}
	},
	"num": func(v float64) string {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "–"
		}
		return fmt.Sprintf("%.2f", v)
	},
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Gate {{.R.Gate}}: {{if .R.Pass}}PASS{{else}}FAIL{{end}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.pass{background:#2e7d32} .fail{background:#c62828} .na{background:#757575}
table{border-collapse:collapse;margin:8px 0} td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:right}
th{background:#f4f4f4} td:first-child,th:first-child{text-align:left} td:not(:first-child):not(:last-child){white-space:nowrap}
table.verdicts td:nth-child(7){white-space:normal;min-width:12em;max-width:22em;text-align:left}
table.verdicts td:last-child{min-width:22em;text-align:left}
tr.row-fail td{background:#fdecea} tr.row-na td{color:#777} .meta{color:#555} .warn{color:#a15c00}
.banner{background:#fff3cd;border:2px solid #c77700;border-radius:4px;padding:8px 12px;margin:10px 0;font-weight:600}
svg{display:block;margin:8px 0}
code{background:#f4f4f4;padding:1px 4px}
</style></head><body>
<h1>Listening gate “{{.R.Gate}}” <span class="verdict {{if .R.Pass}}pass{{else}}fail{{end}}">{{if .R.Pass}}PASS{{else}}FAIL: {{len .R.Failed}} metric(s){{end}}</span></h1>
<p class="meta">{{.R.Time}} · {{.R.File}} · data: {{.R.Source}} · objects {{if .R.Objects}}on{{else}}left out (-objects=false){{end}} · {{len .R.Seeds}} seeds ({{index .R.Seeds 0}}–{{.LastSeed}}) · {{num .R.Seconds}} s<br>
<code>{{.R.Loc}}</code> (heading {{printf "%.1f" .R.Heading}}°)<br>
recording: {{.R.Recording.Path}} — {{.R.Recording.Format}}, {{.R.Recording.SourceRate}} Hz, {{.R.Recording.Channels}} ch ({{.R.Recording.ChannelMode}}), {{if ge .R.Recording.Seconds 0.0}}{{num .R.Recording.Seconds}} s{{else}}length unknown{{end}}; analysed {{num .R.Recording.From}}–{{num .R.Recording.To}} s{{if .R.Recording.AlignGainDB}}; level aligned by {{num .R.Recording.AlignGainDB}} dB{{end}}{{if .R.Ignore}}; ignored (gate time): {{range .R.Ignore}}[{{num (index . 0)}}, {{num (index . 1)}}] {{end}}{{end}}</p>
{{with .R.DataProblems}}<div class="banner">⚠ The game data is damaged: {{len .}} data problem(s), listed below. Our numbers are what retail would play with this data (skipped records are silent); fix the data before trusting the verdict.</div>{{end}}
{{range .R.Warnings}}<p class="warn">⚠ {{.}}</p>{{end}}
<h2>Verdicts</h2>
<table class="verdicts"><tr><th>metric</th><th>retail</th><th>ours min</th><th>ours median</th><th>ours max</th><th>passes within</th><th>tolerance</th><th>verdict</th><th>note</th></tr>
{{range .R.Metrics}}<tr class="row-{{if eq .Status "n/a"}}na{{else}}{{.Status}}{{end}}"><td>{{.Label}}{{if .Unit}} ({{.Unit}}){{end}}</td><td>{{num .Retail}}</td><td>{{num .Min}}</td><td>{{num .Median}}</td><td>{{num .Max}}</td><td>{{num .Lo}} … {{num .Hi}}</td><td>{{.Tol}}</td>
<td><span class="verdict {{if eq .Status "pass"}}pass{{else if eq .Status "fail"}}fail{{else}}na{{end}}">{{.Status}}</span></td><td>{{.Note}}</td></tr>
{{end}}</table>
<p class="meta">A metric passes when retail's value lies within our seeds' min…max widened by its tolerance; a one-shot band spans at least what ± 3 standard errors of retail's own sampling allow (its length, its number of one-shots). Bed bands below max(−90 dB, loudest band − 60 dB) are compared at that floor. "not judged": the recording's floor (its quietest tenth) lies more than 10 dB above our seeds' (the bed level and the balance; a bed band: more than 4 dB, or 2 dB and more than its level rose, or ours has nothing there), or its sounds end slower than 0.66 of ours and its channels differ by a diffuse side within 15 dB of the level in our bed's loudest bands (a room; where our bed cannot show that, the slow ends alone), or a bed band holds noise its channels do not share within 10 dB of its level, or that noise buries more than half of our one-shot starts (their first 50 ms more than 20 dB under it; fewer buried, the one-shot bands reach to ours without them): noise or a room in the recording chain buries what that verdict measures.</p>
<h2>Loudness over time</h2>{{.Loudness}}
<h2>Bed spectrum</h2>{{.Spectrum}}
<details><summary>Band table</summary><table><tr><th>band</th><th>retail</th><th>ours min</th><th>ours median</th><th>ours max</th><th>verdict</th><th>note</th></tr>
{{range .Bands}}<tr class="row-{{if eq .Status "n/a"}}na{{else}}{{.Status}}{{end}}"><td>{{.Label}}</td><td>{{num .Retail}}</td><td>{{num .Min}}</td><td>{{num .Median}}</td><td>{{num .Max}}</td><td>{{.Status}}</td><td>{{.Note}}</td></tr>{{end}}</table></details>
<h2>One-shots</h2>{{.Raster}}
{{with .R.OneShots}}<table><tr><th>wave</th><th>left: starts</th><th>seen</th><th>centre: starts</th><th>seen</th><th>right: starts</th><th>seen</th><th>own level (median)</th><th>under our own mix (found anyway)</th><th>under the recording's noise</th></tr>
{{range $c := .}}<tr{{if $c.Buried}} class="row-na"{{end}}><td>{{if ne $c.Name (printf "wave 0x%08X" $c.Wave)}}{{$c.Name}} {{end}}<code>{{printf "0x%08X" $c.Wave}}</code></td>{{range $s, $n := $c.Starts}}<td>{{$n}}</td><td>{{index $c.Seen $s}}</td>{{end}}<td>{{ownDB $c.Own}}</td><td>{{if $c.Masked}}{{$c.Masked}} of {{len $c.Own}} ({{$c.MaskedSeen}}){{else}}–{{end}}</td><td>{{if $c.Buried}}{{$c.Buried}} of {{len $c.Own}}{{else}}–{{end}}</td></tr>
{{end}}</table>
<p class="meta">Our renders' one-shot starts per wave and side (all seeds) and how many the onset detector found within ±30 ms: a side or a wave it does not see is a blind spot in the one-shot verdicts. Own level: the energy of a start's first 50 ms (both channels). Under our own mix: starts whose own level lies more than 20 dB under what our render held in the 150 ms before them (the truth set's rule for a masked start): the detector need not see them, so a blind spot is a seen count short of the other starts. Under the recording's noise: starts whose own level lies more than 20 dB under the noise the recording adds to each channel on its own{{with $.Noise}} ({{.}}){{end}}, or whose first 50 ms lie less than 6 dB over it in every 1/3-octave band: the detector cannot see them there.</p>{{end}}
<h2>Balance</h2>{{.Balance}}
<p class="meta">Every number is in report.json beside this file. Soundworld listening gate.</p>
</body></html>
`))

// figures are the report's plots as inline SVG (plots.go; none in the
// page's build, figures_js.go).
type figures struct {
	Loudness, Spectrum, Raster, Balance template.HTML
}

// RenderHTML renders the report page.
func RenderHTML(res *Result) ([]byte, error) {
	data := struct {
		R        *Result
		LastSeed uint32
		figures
		Bands []Metric
		Noise string // the recording's noise, when it has some
	}{R: res}
	if !math.IsNaN(res.Noise) && res.Noise != 0 {
		data.Noise = fmt.Sprintf("%.0f dB in this recording", res.Noise)
	}
	if len(res.Seeds) == 0 {
		return nil, fmt.Errorf("gate report: no seeds")
	}
	data.LastSeed = res.Seeds[len(res.Seeds)-1]
	var err error
	if data.figures, err = plotFigures(res); err != nil {
		return nil, err
	}
	for _, m := range res.Metrics {
		if m.ID == "bed_spectrum" {
			data.Bands = m.Bands
		}
	}
	var b bytes.Buffer
	if err := page.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
