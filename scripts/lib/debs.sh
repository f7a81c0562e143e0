# debs.sh — the Debian packages a CI script needs, sourced (not run on its own).
#
# need_debs WHO PKG...: installs those of PKG... that dpkg does not list as
# installed (apt-get, through sudo when not root, waiting up to 900 s for
# another apt's lock), saying "WHO: installing …" on stderr; does nothing
# when all are there.

need_debs() {
  local who=$1 p sudo=""
  shift
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "$who: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=900 "${missing[@]}" >/dev/null
}
