#include "icons.h"

namespace tw::ui {

void installIconFallbacks()
{
    static const bool installed = [] {
        QStringList paths = QIcon::themeSearchPaths();
        if (!paths.contains(QStringLiteral(":/icons")))
            paths.append(QStringLiteral(":/icons"));
        QIcon::setThemeSearchPaths(paths);
        QIcon::setFallbackThemeName(QStringLiteral("toolwright"));
        // Without a desktop (no theme named), the bundled theme is the theme.
        if (QIcon::themeName().isEmpty())
            QIcon::setThemeName(QStringLiteral("toolwright"));
        return true;
    }();
    Q_UNUSED(installed);
}

} // namespace tw::ui
