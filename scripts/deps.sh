#!/usr/bin/env bash
# Usage: scripts/deps.sh GROUP...   (groups: engine, game, browser)
#
# Checks what building and testing need on Debian 12. Missing packages are
# installed with apt-get when run as root; otherwise the script prints the
# command to run and fails. Always writes build/asound-null.conf. Quiet when
# nothing is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

min_go=1.26

usage() {
	echo "usage: $0 GROUP...   (groups: engine, game, browser)" >&2
	exit 2
}
[ $# -gt 0 ] || usage

# Go is not a Debian package (Debian 12 has 1.19): check the version only.
check_go() {
	if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
		export PATH="/usr/local/go/bin:$PATH"
	fi
	if ! command -v go >/dev/null 2>&1; then
		echo "deps: Go $min_go or newer is needed: https://go.dev/dl/ (usually unpacked in /usr/local/go)" >&2
		exit 1
	fi
	local v
	v=$(go env GOVERSION) # go1.26.8, go1.27rc1, or "devel ..." (accepted)
	if [[ $v =~ ^go([0-9]+)\.([0-9]+) ]] &&
		((BASH_REMATCH[1] < ${min_go%%.*} || (BASH_REMATCH[1] == ${min_go%%.*} && BASH_REMATCH[2] < ${min_go#*.}))); then
		echo "deps: Go $min_go or newer is needed, found $v at $(command -v go)" >&2
		exit 1
	fi
}

missing=()
need() { # need PACKAGE...: note the Debian packages that are not installed
	local p
	for p in "$@"; do
		if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
			missing+=("$p")
		fi
	done
}

for group in "$@"; do
	case $group in
	engine)
		check_go
		# node runs the js/wasm tests; any node on PATH will do.
		command -v node >/dev/null 2>&1 || need nodejs
		;;
	game)
		check_go
		need gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxrandr-dev libxinerama-dev \
			libxi-dev libxcursor-dev libxxf86vm-dev libasound2-dev libgl1-mesa-dri xvfb xauth
		;;
	browser)
		need chromium
		;;
	*)
		echo "deps: unknown group '$group'" >&2
		usage
		;;
	esac
done

if [ ${#missing[@]} -gt 0 ]; then
	# Deduplicated, in order.
	mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
	cmd="DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing[*]}"
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing Debian packages: ${missing[*]}" >&2
		echo "deps: run as root:  apt-get update -qq && $cmd" >&2
		exit 1
	fi
	echo "deps: installing ${missing[*]}" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Silent audio for tests and machines without a sound card: make test points
# ALSA_CONFIG_PATH here. The null PCM plugin is built into libasound; there is
# no null CTL plugin, so the control device stays card 0's (which just fails
# quietly when there is no card).
mkdir -p build
cat >build/asound-null.conf <<'EOF'
# Written by scripts/deps.sh. Used through ALSA_CONFIG_PATH.
pcm.!default {
	type null
}
ctl.!default {
	type hw
	card 0
}
EOF
