# Installs the Node reference loader's one dependency (the `yaml` package, pinned by
# package-lock.json) from the npm registry into DEST. Run by the bench_reference step.
#   cmake -DSOURCE=tests/bench/reference -DDEST=<build>/bench-reference -DNPM=npm -P install-reference.cmake
file(MAKE_DIRECTORY "${DEST}")
foreach(f loader.mjs package.json package-lock.json)
    configure_file("${SOURCE}/${f}" "${DEST}/${f}" COPYONLY)
endforeach()
# Reinstall only when the lock file changed since the last install.
file(READ "${SOURCE}/package-lock.json" lock)
if(EXISTS "${DEST}/installed.lock")
    file(READ "${DEST}/installed.lock" installed)
    if(installed STREQUAL lock AND EXISTS "${DEST}/node_modules/yaml/package.json")
        return()
    endif()
endif()
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund --loglevel=error
    WORKING_DIRECTORY "${DEST}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci failed (${rc}) in ${DEST}")
endif()
file(WRITE "${DEST}/installed.lock" "${lock}")
