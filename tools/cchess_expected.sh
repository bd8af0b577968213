#!/usr/bin/env bash
# Runs tools/cchess_expected.py with cchess 1.25.5 from PyPI in a virtual environment of its own
# (under $HOME/.cache/chuhan-cchess), so that the table of what cchess reads can be made again:
#   tools/cchess_expected.sh crates/xiangqi/tests/data/cchess > crates/xiangqi/tests/data/cchess/expected.txt
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${CHUHAN_CCHESS_VENV:-$HOME/.cache/chuhan-cchess}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet cchess==1.25.5 chardet
fi
exec "$venv/bin/python" "$here/cchess_expected.py" "$@"
