//go:build !js

package progress

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// newTermBar draws the bar for o on the terminal w, blank at first.
func newTermBar(w io.Writer, o Options) termBar {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(o.Label),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	}
	switch o.Unit {
	case "bytes":
		opts = append(opts, progressbar.OptionShowBytes(true))
	case "s":
	default:
		opts = append(opts, progressbar.OptionShowCount(), progressbar.OptionSetItsString(o.Unit), progressbar.OptionShowIts())
	}
	bar := progressbar.NewOptions64(o.Total, opts...)
	bar.RenderBlank()
	return bar
}
