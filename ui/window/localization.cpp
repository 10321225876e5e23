#include "window/localization.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>

namespace tw::ui {

bool installTranslations(const QLocale &locale)
{
    static std::unique_ptr<QTranslator> plurals, ours, qt;
    for (auto *t : {&plurals, &ours, &qt}) {
        if (*t)
            QCoreApplication::removeTranslator(t->get());
        *t = std::make_unique<QTranslator>();
    }
    // English numerus forms under every locale, installed first so a language's own file wins.
    if (plurals->load(QStringLiteral(":/i18n/toolwright_plurals_en.qm")))
        QCoreApplication::installTranslator(plurals.get());
    // Qt's own strings (standard buttons, the file dialogs) when the system has them.
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt.get());
    if (!ours->load(locale, QStringLiteral("toolwright"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    QCoreApplication::installTranslator(ours.get());
    return true;
}

} // namespace tw::ui
