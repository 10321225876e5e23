#pragma once
// The user interface in the user's language: Toolwright's bundled translations (:/i18n, built
// from resources/translations/*.ts) and Qt's own, for the given locale. Untranslated strings,
// and the CLI (whose output scripts parse), stay English.

#include <QLocale>

namespace tw::ui {

// Installs the translators for `locale` into the application; returns whether Toolwright has a
// translation for it. Calling it again replaces the previous ones.
bool installTranslations(const QLocale &locale);

} // namespace tw::ui
