#!/usr/bin/env bash
# The committed .ts files hold exactly the tr() strings of the sources: lupdate, run on a copy,
# must find nothing new and drop nothing. When it fails, run
#   cmake --build --preset testing --target update_translations
# and translate what it added.
#
#   check-translations-current.sh [--plurals] LUPDATE TS_FILE SOURCE...
# --plurals: TS_FILE holds only the numerus strings (the English plural forms).
set -euo pipefail
extra=()
if [ "$1" = "--plurals" ]; then extra=(-pluralonly -source-language en -target-language en); shift; fi
lupdate=$1 ts=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$ts" "$work/copy.ts"
"$lupdate" "${extra[@]}" -no-obsolete -locations none "$@" -ts "$work/copy.ts" >"$work/out.txt" 2>&1
cat "$work/out.txt"
if [ ${#extra[@]} -gt 0 ]; then
    # lupdate counts every string before it strips the non-plural ones: compare the files.
    cmp -s "$ts" "$work/copy.ts" || { diff "$ts" "$work/copy.ts" | head -40; echo "FAIL: $(basename "$ts") is not the sources' plural strings"; exit 1; }
elif ! grep -q '(0 new and' "$work/out.txt"; then
    echo "FAIL: $(basename "$ts") lacks strings of the sources"; exit 1
fi
if grep -q 'obsolete' "$work/out.txt"; then echo "FAIL: $(basename "$ts") holds strings the sources no longer have"; exit 1; fi
unfinished=$(grep -c 'type="unfinished"' "$ts" || true)
total=$(grep -c '<source>' "$ts")
if [ ${#extra[@]} -gt 0 ] && [ "$unfinished" -gt 0 ]; then echo "FAIL: $(basename "$ts"): $unfinished plural strings without their English forms"; exit 1; fi
echo "PASS: $(basename "$ts") is current: $((total - unfinished)) of $total strings translated"
