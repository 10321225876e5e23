#!/usr/bin/env bash
# The committed .ts files hold exactly the tr() strings of the sources: lupdate, run on a copy,
# must find nothing new and drop nothing. When it fails, run
#   cmake --build --preset testing --target update_translations
# and translate what it added.
#
#   check-translations-current.sh LUPDATE TS_FILE SOURCE...
set -euo pipefail
lupdate=$1 ts=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$ts" "$work/copy.ts"
"$lupdate" -no-obsolete -locations none "$@" -ts "$work/copy.ts" >"$work/out.txt" 2>&1
cat "$work/out.txt"
grep -q '(0 new and' "$work/out.txt" || { echo "FAIL: $(basename "$ts") lacks strings of the sources"; exit 1; }
if grep -q 'obsolete' "$work/out.txt"; then echo "FAIL: $(basename "$ts") holds strings the sources no longer have"; exit 1; fi
unfinished=$(grep -c 'type="unfinished"' "$ts" || true)
total=$(grep -c '<source>' "$ts")
echo "PASS: $(basename "$ts") is current: $((total - unfinished)) of $total strings translated"
