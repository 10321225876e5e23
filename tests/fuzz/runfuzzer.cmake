# Runs one fuzzer: first every regression case (inputs that once crashed it, kept in
# tests/fuzz/regressions/<kind>/), then RUNS inputs of fuzzing (CTest), or SECONDS of it (the
# long run).
#
# The corpus is made afresh from the repository on every run — its own TOOL.md files, entry
# files or event lines (tests/fuzz/corpus/<kind>/) — so that a run with the fixed seed searches
# from the same start as every other run of the same commit, on any machine. (The regression
# cases are not seeds: mutated, frontmatter's lead within seconds to a description edit that
# leaves a file the reader rejects, a known open problem of the reader, issue 23.) What a run
# adds goes to FINDS: emptied first unless KEEP_FINDS is set (the long run keeps growing its
# own), never read by a CTest run. A crash fails the test and leaves the input
# in the working directory (crash-*), to be fixed and added to the regressions.
#
#   cmake -DFUZZER=… -DKIND=… -DSOURCE=<tests/fuzz> -DREPOSITORY=<source dir> -DWORK=<dir>
#         -DRUNS=N | -DSECONDS=N  [-DSEED=N] [-DKEEP_FINDS=ON] -P runfuzzer.cmake
# The asan preset's leak suppressions (third-party leaks only; tests/asan/lsan.supp says which).
set(ENV{LSAN_OPTIONS} "suppressions=${REPOSITORY}/tests/asan/lsan.supp:print_suppressions=0")
set(seeds_dir "${WORK}/seeds")
if(NOT DEFINED FINDS)
    set(FINDS "${WORK}/finds")
endif()
file(REMOVE_RECURSE "${seeds_dir}")
file(MAKE_DIRECTORY "${seeds_dir}")
if(NOT KEEP_FINDS)
    file(REMOVE_RECURSE "${FINDS}")
endif()
file(MAKE_DIRECTORY "${FINDS}")

if(KIND STREQUAL "toolmd" OR KIND STREQUAL "frontmatter" OR KIND STREQUAL "yamlnode")
    file(GLOB_RECURSE seeds "${REPOSITORY}/tests/fixtures/*/TOOL.md" "${REPOSITORY}/seed/tools/*/TOOL.md"
         "${REPOSITORY}/resources/templates/*/TOOL.md")
elseif(KIND STREQUAL "entryscanner")
    file(GLOB_RECURSE seeds "${REPOSITORY}/tests/fixtures/*/index.ts" "${REPOSITORY}/tests/fixtures/*/index.js"
         "${REPOSITORY}/seed/tools/*/index.ts" "${REPOSITORY}/resources/templates/*/index.ts"
         "${REPOSITORY}/resources/runner/*.mjs")
else()
    set(seeds)
endif()
# file(GLOB) lists in a fixed (lexical) order, so the seeds get the same names on every run.
file(GLOB own "${SOURCE}/corpus/${KIND}/*")
file(GLOB regressions "${SOURCE}/regressions/${KIND}/*")
list(SORT own)
set(i 0)
foreach(seed IN LISTS seeds own)
    math(EXPR i "${i} + 1")
    configure_file("${seed}" "${seeds_dir}/seed-${i}" COPYONLY)
endforeach()

if(regressions)
    execute_process(COMMAND "${FUZZER}" ${regressions} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "a regression case of ${KIND} fails again")
    endif()
endif()
# CTest runs a fixed number of inputs (RUNS) from a fixed seed (SEED=1) and the fresh corpus,
# with what makes libFuzzer's search depend on timing switched off (the entropic schedule, input
# reduction) and Qt's hash seed fixed: the same commit makes the same search on any machine at
# any load, so a CI run fails only where every run of the commit fails (a time budget replayed a
# load-dependent prefix: CI once found what the check before it had not). The long run (SECONDS,
# SEED=0) picks a new seed each time and searches with everything on.
if(NOT DEFINED SEED)
    set(SEED 1)
endif()
if(DEFINED RUNS)
    set(budget -runs=${RUNS} -entropic=0 -reduce_inputs=0)
    set(ENV{QT_HASH_SEED} 0)
else()
    set(budget -max_total_time=${SECONDS})
endif()
# New inputs go to the first directory named, FINDS; the seeds are only read.
execute_process(COMMAND "${FUZZER}" -seed=${SEED} ${budget} -max_len=65536 -timeout=10 -rss_limit_mb=2048
                        -print_final_stats=1 "${FINDS}" "${seeds_dir}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_${KIND} found a failure (exit ${rc}); the input is in the working directory as crash-*")
endif()
