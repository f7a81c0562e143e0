package commands

// runCapture is `soundworld capture`: a capture bundle without the window's
// keyboard. soundworld-window runs it like shot (fixed
// 1/60 s steps, audio mixed as render mixes) and writes
// capture-YYYYMMDD-HHMMSS/ at the end (it parses the flags and answers -h).
func runCapture(e *Env, args []string) error {
	if code := launchWindow(e, append([]string{"capture"}, args...)); code != 0 {
		return exitStatus(code)
	}
	return nil
}
