# Sourced by the install-*.sh scripts that put a pinned PyPI package into the tool cache for a test:
#   install_pylib NAME PIP_SPEC TARGET PROBE [PIP_ARGS...]
# installs PIP_SPEC into TARGET (via TARGET.tmp, so a failed install leaves nothing half-done) unless TARGET is complete
# and PROBE (a Python statement) runs there; then prints TARGET. Messages go to stderr prefixed with NAME.
pylib_python() {
    if command -v python3 >/dev/null 2>&1; then echo python3
    elif command -v python >/dev/null 2>&1; then echo python
    else return 1; fi
}

install_pylib() {
    local name="$1" spec="$2" target="$3" probe="$4"
    shift 4
    local py
    py="$(pylib_python)" || { echo "$name: ERROR: python3 not found" >&2; return 1; }
    if [[ -f "$target/.installed" ]] && PYTHONPATH="$target" "$py" -c "$probe" 2>/dev/null; then
        echo "$name: $spec already installed in $target (no-op)" >&2
    else
        echo "$name: installing $spec from PyPI into $target" >&2
        rm -rf "$target.tmp"
        "$py" -m pip install --quiet --disable-pip-version-check --no-warn-conflicts "$@" --target "$target.tmp" "$spec" 2>&1 \
            | grep -v "Running pip as the 'root' user" >&2 || true
        PYTHONPATH="$target.tmp" "$py" -c "$probe" || { echo "$name: ERROR: $spec did not install" >&2; return 1; }
        rm -rf "$target" && mv "$target.tmp" "$target" && touch "$target/.installed"
    fi
    echo "$target"
}
