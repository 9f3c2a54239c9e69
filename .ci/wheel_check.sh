#!/usr/bin/env bash
# Packaging check: build the wheel, install it into a fresh venv, and run the light commands from a directory that
# is not the checkout. Proves the wheel carries the shipped decks and content/schema.json (setup.py maps content/
# to twentystrong/decks) and that an installed copy finds them through the package, not through the source tree.
# Exits non-zero on any failure. Usage: .ci/wheel_check.sh  (PYTHON=python3.11 by default)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3.11}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Build from a copy: an in-tree build leaves build/ behind, whose stale files can end up in later wheels, and
# would race with anyone else using the working tree.
mkdir "$work/src"
tar -C "$repo" --exclude=./.git --exclude=./.venv --exclude=./build --exclude=./dist --exclude='*.egg-info' \
    --exclude='__pycache__' --exclude='.*_cache' -cf - . | tar -C "$work/src" -xf -
"$python" -m pip wheel --no-deps --quiet --wheel-dir "$work/dist" "$work/src"
wheel="$(ls "$work"/dist/twentystrong-*.whl)"
echo "built $(basename "$wheel")"

"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "$wheel"
bin="$work/venv/bin"

mkdir "$work/elsewhere"
cd "$work/elsewhere"

root="$("$bin/python" -c 'from twentystrong.content.registry import decks_root; print(decks_root())')"
case "$root" in
    "$work/venv/"*/twentystrong/decks) echo "decks root: $root" ;;
    *)
        echo "FAIL: the wheel has no twentystrong/decks (content/ was not packaged); it looks in $root" >&2
        exit 1
        ;;
esac

echo "--- twentystrong validate (shipped decks)"
"$bin/twentystrong" validate

echo "--- twentystrong schema"
"$bin/twentystrong" schema > schema.json
"$bin/python" -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' schema.json
if ! cmp -s schema.json "$root/schema.json"; then
    echo "FAIL: the wheel's schema.json differs from what 'twentystrong schema' prints" >&2
    echo "      (regenerate with: twentystrong schema > content/schema.json)" >&2
    exit 1
fi

echo "--- twentystrong serve (its page template ships in the wheel)"
"$bin/python" - "$bin/twentystrong" <<'PY'
import re, signal, subprocess, sys, urllib.request

server = subprocess.Popen([sys.argv[1], "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
try:
    url = re.search(r"http://\S+", server.stdout.readline()).group(0)
    page = urllib.request.urlopen(url + "/", timeout=10).read().decode()
    assert "<title>20 Strong</title>" in page, page[:300]
    print(f"served {url}/ from the wheel")
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=15)
PY
echo "wheel check passed"
