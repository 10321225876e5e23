# Runs one fuzzer: first every regression case (inputs that once crashed it, kept in
# tests/fuzz/regressions/<kind>/), then SECONDS of fuzzing from a corpus seeded with the
# repository's own TOOL.md files, entry files or event lines. A crash fails the test and leaves
# the input in the build dir (crash-*), to be fixed and added to the regressions.
file(MAKE_DIRECTORY "${CORPUS}")
file(GLOB existing "${CORPUS}/*")
if(NOT existing)
    if(KIND STREQUAL "toolmd" OR KIND STREQUAL "frontmatter" OR KIND STREQUAL "yamlnode")
        file(GLOB_RECURSE seeds "${SEEDS}/tests/fixtures/*/TOOL.md" "${SEEDS}/seed/tools/*/TOOL.md" "${SEEDS}/resources/templates/*/TOOL.md")
    elseif(KIND STREQUAL "entryscanner")
        file(GLOB_RECURSE seeds "${SEEDS}/tests/fixtures/*/index.ts" "${SEEDS}/tests/fixtures/*/index.js"
             "${SEEDS}/seed/tools/*/index.ts" "${SEEDS}/resources/templates/*/index.ts" "${SEEDS}/resources/runner/*.mjs")
    else()
        set(seeds)
        file(WRITE "${CORPUS}/seed-update" "\x1eTW f00d {\"type\":\"update\",\"content\":[{\"type\":\"text\",\"text\":\"half\"}]}\nplain log\n")
        file(WRITE "${CORPUS}/seed-result" "\x1eTW f00d {\"type\":\"result\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"isError\":false}\n")
        file(WRITE "${CORPUS}/seed-error" "\x1eTW f00d {\"type\":\"error\",\"message\":\"boom\",\"stack\":\"at x\"}\n\x1eTW bad {}\n")
    endif()
    set(i 0)
    foreach(seed IN LISTS seeds)
        math(EXPR i "${i} + 1")
        configure_file("${seed}" "${CORPUS}/seed-${i}" COPYONLY)
    endforeach()
endif()
file(GLOB regressions "${REGRESSIONS}/*")
if(regressions)
    execute_process(COMMAND "${FUZZER}" ${regressions} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "a regression case of ${KIND} fails again")
    endif()
endif()
# CTest runs with a fixed seed (SEED=1): a CI machine replays a prefix of the same search, so
# the suite is repeatable; the long run (SEED=0) picks a new seed each time.
if(NOT DEFINED SEED)
    set(SEED 1)
endif()
execute_process(COMMAND "${FUZZER}" -seed=${SEED} -max_total_time=${SECONDS} -max_len=65536 -timeout=10 -rss_limit_mb=2048
                        -print_final_stats=1 "${CORPUS}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_${KIND} found a failure (exit ${rc}); the input is in the working directory as crash-*")
endif()
