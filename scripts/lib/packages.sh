# Installs Debian/Ubuntu packages that are missing. Sourced by scripts/play, scripts/test and the
# benchmarks.
#   ensure_packages libncursesw5-dev liblua5.4-dev
ensure_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} ..." >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "error: these packages are missing and I am not root: ${missing[*]}" >&2
            echo "       install them with: apt-get install ${missing[*]}" >&2
            return 1
        fi
    fi
    # Another install running at the same time (scripts/play beside scripts/test) holds dpkg's
    # lock: wait for it rather than fail.
    local wait=(-o DPkg::Lock::Timeout=300)
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get "${wait[@]}" update -qq >&2 || true
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get "${wait[@]}" install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# Swift must already be installed; say so clearly if it is not on PATH.
ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        if [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"
        elif [ -x /opt/swift/bin/swift ]; then export PATH="/opt/swift/bin:$PATH"
        else echo "error: swift is not on PATH; install Swift 6 from swift.org first" >&2; return 1; fi
    fi
}

# Swift, and the C libraries every build of the program links: ncursesw and Lua through
# pkg-config, and libc.a for the static release build (libc6-dev).
ensure_build_tools() {
    ensure_swift && ensure_packages pkg-config libc6-dev libncursesw5-dev liblua5.4-dev
}
