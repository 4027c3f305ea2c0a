#!/usr/bin/env bash
# Installs the system libraries that Qt (PySide6: X11 and Wayland) and `xvfb-run` need, on Debian
# and Ubuntu.
# Quiet when nothing is missing. As root it installs what is missing; otherwise it prints the
# exact command to run and fails. On other systems it only prints a reminder.
set -euo pipefail

PYTHON=${PYTHON:-python3}
PACKAGES=(
    libgl1 libegl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3
    libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-randr0
    libxcb-render-util0 libxcb-image0 libwayland-cursor0 xvfb xauth fonts-dejavu-core
)

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "system-deps: not a Debian/Ubuntu system; make sure Qt 6's X11 (xcb) libraries" \
         "and xvfb-run are installed." >&2
    exit 0
fi

installed() {
    dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'
}

missing=()
for pkg in "${PACKAGES[@]}"; do
    # Ubuntu 24.04 renamed some libraries with a t64 suffix (libglib2.0-0t64).
    installed "$pkg" || installed "${pkg}t64" || missing+=("$pkg")
done
# Debian's own python3 has no venv module without python3-venv.
if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "system-deps: missing system packages: ${missing[*]}" >&2
    echo "Install them, then run make again:" >&2
    echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
fi

echo "system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "system-deps: done"
