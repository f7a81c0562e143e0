package commands

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func runLevelTest(args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := level(args, &out, &errb)
	return out.String(), errb.String(), err
}

// TestLevel_Output pins the JSON for spec rows (S1, S4, S2, G3).
func TestLevel_Output(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-vol", "1", "-dx", "10", "-dy", "0"}, `{"distance":10,"play":true,"db":-12,"pan":15}` + "\n"},
		{[]string{"-vol", "1", "-dx", "0", "-dy", "30"}, `{"distance":30,"play":true,"db":-31,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-dx", "-90", "-dy", "0", "-heading", "0"}, `{"distance":90,"play":true,"db":-50,"pan":-15}` + "\n"},
		{[]string{"-vol", "1", "-dx", "0", "-dy", "95"}, `{"distance":95,"play":false,"db":-50,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-dx", "10", "-dy", "0", "-nopan"}, `{"distance":10,"play":true,"db":-12,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-dx", "10", "-dy", "0", "-heading", "90"}, `{"distance":10,"play":true,"db":-12,"pan":0}` + "\n"},
		{[]string{"-vol", "0.1", "-dx", "1", "-dy", "0"}, `{"distance":1,"play":true,"db":-20,"pan":0}` + "\n"},
		{[]string{"-vol", "10", "-dx", "10", "-dy", "0"}, `{"distance":10,"play":true,"db":0,"pan":15}` + "\n"},
		{[]string{"-vol", "1", "-dx", "3", "-dy", "0", "-dz", "4"}, `{"distance":5,"play":true,"db":0,"pan":15}` + "\n"},
		{[]string{"-vol", "1", "-master", "0.5", "-dx", "1", "-dy", "0"}, `{"distance":1,"play":true,"db":-6,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-master", "0.5", "-ambient", "-dx", "1", "-dy", "0"}, `{"distance":1,"play":true,"db":-12,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-master", "0.5", "-ambient", "-single", "-dx", "1", "-dy", "0"}, `{"distance":1,"play":true,"db":-6,"pan":0}` + "\n"},
		{[]string{"-vol", "1", "-master", "0", "-dx", "1", "-dy", "0"}, `{"distance":1,"play":false,"db":-50,"pan":0}` + "\n"},
	} {
		out, _, err := runLevelTest(c.args...)
		if err != nil || out != c.want {
			t.Errorf("level %v: got %q %v, want %q", c.args, out, err, c.want)
		}
	}
}

// TestLevel_BadFlags: usage on stderr and errUsage (exit 2).
func TestLevel_BadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-dx", "1", "-dy", "1"},                                  // no -vol
		{"-vol", "1", "-dy", "1"},                                 // no -dx
		{"-vol", "x", "-dx", "1", "-dy", "1"},                     // not a number
		{"-vol", "1", "-dx", "1", "-dy", "1", "-master", "2"},     // master out of range
		{"-vol", "NaN", "-dx", "1", "-dy", "1"},                   // not finite
		{"-vol", "1", "-dx", "1", "-dy", "1", "extra"},            // stray argument
		{"-vol", "1", "-dx", "1", "-dy", "1", "-bogus"},           // unknown flag
		{"-vol", "1", "-dx", "1", "-dy", "1", "-single"},          // -single without -ambient
		{"-vol", "1", "-dx", "1e300", "-dy", "1"},                 // beyond float32
		{"-vol", "1", "-dx", "3e38", "-dy", "3e38"},               // finite, but the distance would be +Inf
		{"-vol", "1", "-dx", "1", "-dy", "1", "-heading", "1e30"}, // not a compass heading
	} {
		out, errs, err := runLevelTest(args...)
		if !errors.Is(err, errUsage) || out != "" || !strings.Contains(errs, "usage: soundworld level") {
			t.Errorf("level %v: got err %v, stdout %q, stderr %q; want errUsage with usage on stderr", args, err, out, errs)
		}
	}
	if code := run([]string{"level", "-vol"}); code != 2 {
		t.Errorf("level -vol: got exit %d, want 2", code)
	}
}
