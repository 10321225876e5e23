# ccache in front of the compilers, where it is installed (scripts/setup installs it). The cache
# lives in the user's cache dir (~/.cache/ccache), so a second build of the same sources — the
# same clone again, CI's clean clone after the check that ran before it on this machine — takes
# its objects from there. Paths under the source dir are hashed relative to it (CCACHE_BASEDIR,
# CCACHE_NOHASHDIR), so the libraries' objects are found again from a clone elsewhere; a test
# compiled with an absolute path in its definitions (TW_SOURCE_DIR, …) is compiled afresh in a
# new place. The precompiled headers take part: GCC includes them with -include, and their
# definitions and times are the same for every file of a target (the sloppiness ccache asks for).
# -DTOOLWRIGHT_CCACHE=OFF compiles without; a fresh machine's first build is the cold case.
option(TOOLWRIGHT_CCACHE "Compile through ccache where it is installed" ON)
if(TOOLWRIGHT_CCACHE)
    find_program(TW_CCACHE ccache)
    if(TW_CCACHE)
        set(tw_launcher env "CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=12G
            "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime" ${TW_CCACHE})
        set(CMAKE_C_COMPILER_LAUNCHER ${tw_launcher})
        set(CMAKE_CXX_COMPILER_LAUNCHER ${tw_launcher})
    endif()
endif()
