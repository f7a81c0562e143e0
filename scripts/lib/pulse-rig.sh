# pulse-rig.sh — the private sound rig of scripts/live-smoke.sh and
# scripts/windows-live.sh, sourced by both (not run on its own).
#
# The caller sets D (its temp folder, with rt/ and home/ made), pids (an
# array: everything started here is added, for the caller to stop by PID)
# and RIG (its name, for messages); LIVE_PRIO, when set, runs the daemon
# under a command (e.g. "nice -n -10").
#
# start_pulse: a private PulseAudio daemon — its own runtime dir and socket
# ($D/rt/native), a float32 null sink "cap" at 44.1 kHz — sets PA to its
# PID (live-smoke's "lost" run kills it and starts another).
# pulse_rig_files: $D/asound.conf, an ALSA default PCM that is a file
# plugin keeping every byte handed to ALSA in $D/sent.raw in front of the
# daemon's sink (only the programs given ALSA_CONFIG_PATH see it;
# /etc/asound.conf is untouched), $D/settings.json and PREFS (below).

start_pulse() {
  rm -f "$D/rt/native"
  XDG_RUNTIME_DIR=$D/rt HOME=$D/home ${LIVE_PRIO:-} pulseaudio -n --daemonize=no --exit-idle-time=-1 --system=no \
    -L "module-native-protocol-unix socket=$D/rt/native auth-anonymous=1" \
    -L "module-null-sink sink_name=cap rate=44100 format=float32le channels=2" \
    -L module-always-sink >>"$D/pulse.log" 2>&1 &
  PA=$!
  pids+=($PA)
  for _ in $(seq 50); do [ -S "$D/rt/native" ] && break; sleep 0.1; done
  [ -S "$D/rt/native" ] || { cat "$D/pulse.log" >&2; echo "$RIG: pulseaudio did not start" >&2; exit 1; }
}

pulse_rig_files() {
  cat >"$D/asound.conf" <<CONF
pcm.!default {
  type file
  slave { pcm { type pulse; server "unix:$D/rt/native"; device "cap" } }
  file "$D/sent.raw"
  format "raw"
  truncate true
}
CONF
  # Under Xvfb (no window manager) the window's focus is not ours to rely on:
  # G6 would mute it and G4 (only_when_active) refuse new sounds whenever it
  # reads unfocused. The live checks test the hand-off, so sound is kept
  # unfocused and only_when_active is off — for render too (same preferences).
  echo '{"panels": [], "keep_sound_unfocused": true}' >"$D/settings.json"
  PREFS=only_when_active=off
}
