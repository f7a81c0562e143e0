#!/usr/bin/env bash
# setup.sh — make a fresh Debian/Ubuntu machine able to build, run and test soundworld.
# Idempotent: installs only what is missing. Uses sudo when not root.
# Facts behind each package: ../shared/docs/platform.md (gcc for cgo/glfw,
# pkg-config + libasound2-dev for oto, xvfb + xauth for headless windows;
# mesa-utils for glxinfo: Ebitengine draws through GLX only when glxinfo is
# there, and Mesa's EGL path without a GPU halves the frame rate, see
# game/profile_gl_linux.go).
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs=(ca-certificates gcc libc6-dev pkg-config libx11-dev libxrandr-dev libxcursor-dev
      libxinerama-dev libxi-dev libxxf86vm-dev libgl-dev libasound2-dev xvfb xauth
      libgl1-mesa-dri mesa-utils)

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

. scripts/lib/debs.sh
need_debs setup "${pkgs[@]}"

# No sound card (a server, a container, CI): give ALSA a null device so the audio
# path opens (it consumes samples and plays nothing). The window's probe finds it
# consumes far faster than real time and treats it as no device (spec O5): it runs
# silent on the wall clock, the meters and captures come from its own mix, and it
# says "the sound device consumes faster than real time (a null device?): playing
# silently". scripts/live-smoke.sh shows how to hear a real-time stream without a
# card. A machine with a real card, or its own asound.conf, is left alone.
if ! grep -qE '^ *[0-9]+ ' /proc/asound/cards 2>/dev/null && [ ! -e /etc/asound.conf ]; then
  echo "setup: no sound card found; writing an ALSA null device to /etc/asound.conf" >&2
  printf 'pcm.!default {\n type null\n}\n' | $sudo tee /etc/asound.conf >/dev/null
fi

if ! command -v go >/dev/null 2>&1; then
  if [ -x /usr/local/go/bin/go ]; then export PATH=/usr/local/go/bin:$PATH
  else echo "setup: Go 1.26 or newer is required (https://go.dev/dl/); go.mod says $(grep '^go ' go.mod)" >&2; exit 1; fi
fi
go mod download
