# xvfb.sh — one private X server for a CI script, sourced (not run on its own).
#
# start_xvfb [WxHxD]: starts Xvfb on a display it picks itself (-displayfd:
# the number is written only once it listens, so no lock-file race with a
# server another step is still stopping), with -noreset (an X server resets
# when its last client leaves, and a client connecting during the reset fails
# with "Failed to open display"). Waits until a client can connect, exports
# DISPLAY (with xdotool installed, after one client has connected), and sets XVFB to its PID; stop_xvfb stops it and waits for it.
# On failure it prints the server's log and exits 1.

start_xvfb() {
  local screen=${1:-1280x720x24} log fd
  XVFB_DIR=$(mktemp -d)
  log=$XVFB_DIR/xvfb.log
  Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 "$screen" 3>"$XVFB_DIR/display" >"$log" 2>&1 &
  XVFB=$!
  for _ in $(seq 100); do
    fd=$(cat "$XVFB_DIR/display" 2>/dev/null || true)
    [ -n "$fd" ] && break
    kill -0 "$XVFB" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "${fd:-}" ]; then
    cat "$log" >&2; echo "xvfb: the X server did not start" >&2; exit 1
  fi
  export DISPLAY=:$fd
  command -v xdotool >/dev/null || return 0
  for _ in $(seq 50); do # a client connects: the display is usable, not just announced
    xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  cat "$log" >&2; echo "xvfb: $DISPLAY does not accept clients" >&2; exit 1
}

stop_xvfb() {
  [ -n "${XVFB:-}" ] || return 0
  kill "$XVFB" 2>/dev/null || true
  wait "$XVFB" 2>/dev/null || true
  rm -rf "$XVFB_DIR"
  XVFB=
}
