package audio

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestO3_CoreIsPureGo pins O3's pure-Go core: dat, assets, audio (without
// audio/device) and world import nothing of Ebitengine or its sound device
// (oto, purego) and no package with cgo files, so they build with
// CGO_ENABLED=0 for any GOARCH. Only audio/device touches the sound device.
func TestO3_CoreIsPureGo(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the go command")
	}
	core := []string{"soundworld/dat/...", "soundworld/assets/...", "soundworld/audio", "soundworld/world/..."}
	args := append([]string{"list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}"}, core...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1") // list cgo files where cgo would be used
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		n++
		p := f[0]
		if strings.Contains(p, "ebiten") || strings.Contains(p, "oto") || strings.Contains(p, "purego") || p == "soundworld/audio/device" {
			t.Errorf("O3: the core imports %s, want no sound-device or window code", p)
		}
		if f[1] != "0" && p != "runtime/cgo" {
			t.Errorf("O3: the core imports %s, which has cgo files", p)
		}
		if p == "runtime/cgo" {
			t.Errorf("O3: the core links runtime/cgo")
		}
	}
	if n < 20 {
		t.Fatalf("O3: go list gave %d packages, want the core's dependencies", n)
	}
	build := exec.Command("go", append([]string{"build", "-o", os.DevNull}, core...)...)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		t.Errorf("O3: CGO_ENABLED=0 go build of the core: %v\n%s", err, b)
	}
}
