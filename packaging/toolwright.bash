# bash completion for toolwright; installed as share/bash-completion/completions/toolwright.
# Self-contained (no bash-completion helpers needed). Tool names for show, run, agent and secret come
# from `toolwright list` on the --data and --user already on the line.

_toolwright_tools()
{
    local data="" user="" i
    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
        case ${COMP_WORDS[i]} in
            --data) data=${COMP_WORDS[i + 1]} ;;
            --user) user=${COMP_WORDS[i + 1]} ;;
        esac
    done
    # A server (--data ssh://…) is not asked on Tab: that would open an ssh connection.
    [[ $data == ssh* ]] && return
    local args=(list)
    [[ -n $data ]] && args+=(--data "$data")
    [[ -n $user ]] && args+=(--user "$user")
    "${COMP_WORDS[0]}" "${args[@]}" 2>/dev/null | awk 'NR > 1 && $1 !~ /:$/ { print $1 }'
}

_toolwright()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    local commands="list show lint overrides sync bump run secret agent serve"

    case $prev in
        --data | --seed)
            mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            return ;;
        --params)
            [[ $cur == @* ]] && mapfile -t COMPREPLY < <(compgen -f -P @ -- "${cur#@}")
            return ;;
        --runtime)
            mapfile -t COMPREPLY < <(compgen -W "auto bwrap podman docker" -- "$cur")
            return ;;
        --store)
            mapfile -t COMPREPLY < <(compgen -W "keychain file" -- "$cur")
            return ;;
        --view)
            mapfile -t COMPREPLY < <(compgen -W "browser overrides sync editor run" -- "$cur")
            return ;;
        --color-scheme)
            mapfile -t COMPREPLY < <(compgen -W "light dark" -- "$cur")
            return ;;
        --user | --since | --to | --timeout | --passphrase-fd | --budget | --remote-command)
            return ;;
    esac

    local command="" i positional=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --data | --seed | --params | --runtime | --store | --user | --since | --to | --timeout | --passphrase-fd | --view | --color-scheme | --budget | --remote-command)
                i=$((i + 1)) ;;
            -*) ;;
            *)
                if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else positional=$((positional + 1)); fi ;;
        esac
    done

    if [[ -z $command ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands --data --user --seed --view --color-scheme --version --help" -- "$cur")
        return
    fi

    local options=""
    case $command in
        # --data ssh://… runs list, show, lint, overrides, sync, bump and agent on a server.
        list) options="--data --user --json --remote-command" ;;
        show) options="--data --user --json --remote-command" ;;
        lint) options="--since --budget --types --json --data --remote-command" ;;
        overrides) options="--data --json --remote-command" ;;
        sync) options="--seed --data --dry-run --json --remote-command" ;;
        bump) options="--to --data --remote-command" ;;
        run) options="--data --user --params --runtime --timeout --changes --trust-changed --json --store --passphrase-fd --remote-command" ;;
        secret) options="--user --data --store --passphrase-fd --remote-command" ;;
        serve) options="--stdio --data" ;;
        agent) options="--data --user --budget --json --remote-command" ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return
    fi

    case $command in
        show | run | agent)
            ((positional == 0)) && mapfile -t COMPREPLY < <(compgen -W "$(_toolwright_tools)" -- "$cur") ;;
        secret)
            if ((positional == 0)); then
                mapfile -t COMPREPLY < <(compgen -W "set get delete status" -- "$cur")
            elif ((positional == 1)); then
                mapfile -t COMPREPLY < <(compgen -W "$(_toolwright_tools)" -- "$cur")
            fi ;;
        lint)
            mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
        bump)
            ((positional == 0)) && mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
    esac
}

complete -F _toolwright toolwright
