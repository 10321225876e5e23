# One INTERFACE target carries the language level, warnings and Qt strictness for every target.
add_library(toolwright_policy INTERFACE)
target_compile_features(toolwright_policy INTERFACE cxx_std_20)
target_compile_options(toolwright_policy INTERFACE
    -Wall -Wextra -Wpedantic -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual)
if(TOOLWRIGHT_WERROR)
    target_compile_options(toolwright_policy INTERFACE -Werror)
endif()
target_compile_definitions(toolwright_policy INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_FOREACH)

option(TOOLWRIGHT_FUZZ "Build the libFuzzer targets (clang): every target instrumented for coverage, ASan and UBSan" OFF)
if(TOOLWRIGHT_FUZZ)
    target_compile_options(toolwright_policy INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                                                      -fno-sanitize-recover=undefined)
    target_link_options(toolwright_policy INTERFACE -fsanitize=address,undefined)
endif()

option(TOOLWRIGHT_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
# UBSan's alignment, null and object-size checks are left out: they more than doubled GCC's time
# for a file (catalog/lint.cpp: 7.6 s with, 4.3 s without; the whole asan build was 17 of CI's
# 40 minutes), and AddressSanitizer already reports what they would here: an object-size overrun
# is an out-of-bounds access, a null dereference its SEGV with a stack; a misaligned load is
# defined on x86-64. Every other UBSan check (overflow, shifts, bounds, enum, bool, return,
# vptr, pointer-overflow, ...) stays, halting on the first report (UBSAN_OPTIONS in the preset).
if(TOOLWRIGHT_SANITIZE)
    target_compile_options(toolwright_policy INTERFACE -fsanitize=address,undefined
        -fno-sanitize=alignment,null,object-size -fno-omit-frame-pointer)
    target_link_options(toolwright_policy INTERFACE -fsanitize=address,undefined)
endif()

# Precompiled Qt headers for the CI builds (the testing and asan presets): most of a translation
# unit's time here is spent parsing the same Qt headers. Off by default, so that the dev build
# still notices a missing #include. The headers are the ones nearly every file includes, not
# whole modules: a header is loaded by every file of its target, and <QtCore/QtCore> with
# <QtConcurrent> made a 235 MB header that cost 3 s to load; these (140 MB) halve a file's time
# where the modules saved a fifth (measured on catalog/lint.cpp: 7.7 s, 5.9 s, 4.3 s).
option(TOOLWRIGHT_PCH "Precompile the common Qt headers of each library and of the tests" OFF)
set(TW_PCH_CORE <QByteArray> <QDir> <QFileInfo> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QList>
    <QObject> <QString> <QStringList> <functional> <memory> <optional>)
set(TW_PCH_GUI ${TW_PCH_CORE} <QAbstractItemModel> <QColor> <QIcon>)
set(TW_PCH_WIDGETS ${TW_PCH_GUI} <QAction> <QBoxLayout> <QLabel> <QLineEdit> <QPushButton> <QTimer> <QWidget>)
# tw_precompile_qt(<target> CORE|GUI|WIDGETS)
function(tw_precompile_qt target set)
    if(TOOLWRIGHT_PCH)
        target_precompile_headers(${target} PRIVATE ${TW_PCH_${set}})
    endif()
endfunction()
