#pragma once
// main() of a GUI test that opens the main window: its settings, data dir and trash go to a
// temporary directory that lives as long as the test, never the user's.

#include <QApplication>
#include <QTemporaryDir>
#include <QTest>

#define TW_GUI_TEST_MAIN(TestClass, appName)                                                       \
    int main(int argc, char *argv[])                                                               \
    {                                                                                              \
        QTemporaryDir config;                                                                      \
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());                                        \
        qputenv("XDG_DATA_HOME", config.path().toUtf8());                                          \
        QApplication app(argc, argv);                                                              \
        QApplication::setOrganizationName(QStringLiteral("toolwright-test"));                     \
        QApplication::setApplicationName(QStringLiteral(appName));                                 \
        TestClass test;                                                                            \
        return QTest::qExec(&test, argc, argv);                                                    \
    }
