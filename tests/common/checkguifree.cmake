# Fails when the given executable (linked against the engine alone) depends on QtGui/QtWidgets.
execute_process(COMMAND ldd ${LIB} OUTPUT_VARIABLE deps RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ldd ${LIB} failed")
endif()
if(deps MATCHES "libQt6(Gui|Widgets)")
    message(FATAL_ERROR "the engine links QtGui/QtWidgets:\n${deps}")
endif()
message(STATUS "engine test binary depends on no QtGui/QtWidgets")
