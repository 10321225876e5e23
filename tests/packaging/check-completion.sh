#!/usr/bin/env bash
# The bash completion, driven as bash drives it: COMP_WORDS/COMP_CWORD set, the function
# called, COMPREPLY compared.
#
#   check-completion.sh COMPLETION_SCRIPT TOOLWRIGHT FIXTURE_DATAPATH
set -euo pipefail
script=$1 tw=$2 data=$3
# shellcheck source=/dev/null
source "$script"
failures=0
expect() { # expect "WORDS..." "EXPECTED REPLIES (sorted, space-separated)"
    read -r -a COMP_WORDS <<<"$1"
    [[ $1 == *" " ]] && COMP_WORDS+=("")
    COMP_WORDS[0]=$tw
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _toolwright
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | xargs)
    if [[ $got == "$2" ]]; then
        echo "ok: '$1' -> $got"
    else
        echo "FAIL: '$1': expected '$2', got '$got'"
        failures=$((failures + 1))
    fi
}
expect "toolwright l" "lint list"
expect "toolwright s" "secret serve show sync"
expect "toolwright serve --" "--data --stdio"
expect "toolwright run --runtime " "auto bwrap docker podman"
expect "toolwright run --runtime p" "podman"
expect "toolwright sync --" "--data --dry-run --json --remote-command --seed"
expect "toolwright show --data $data " "greet weather"
expect "toolwright run --data $data g" "greet"
expect "toolwright secret " "delete get set status"
DATA_PATH=$data expect "toolwright secret set w" "weather"
expect "toolwright secret get --" "--data --passphrase-fd --remote-command --store --user"
expect "toolwright secret --store " "file keychain"
expect "toolwright list --user someone@example.com --" "--data --json --remote-command --user"
expect "toolwright show --data ssh://nowhere.invalid/srv " ""
expect "toolwright --view " "browser editor overrides run sync"
expect "toolwright --color-scheme d" "dark"
expect "toolwright --seed /tmp --v" "--version --view"
expect "toolwright a" "agent"
expect "toolwright agent --" "--budget --data --json --remote-command --user"
expect "toolwright agent --budget 500 --data $data " "greet weather"
expect "toolwright lint --b" "--budget"
expect "toolwright lint --t" "--types"
((failures == 0)) || { echo "$failures completion case(s) failed"; exit 1; }
echo "PASS: bash completion"
