#pragma once
// Renders TOOL.md bodies to HTML with md4c (GitHub dialect). Raw HTML in a body is shown as
// text, never interpreted, and remote images are replaced by a placeholder: rendering a
// tool's documentation must not run or fetch anything.

#include <QByteArray>
#include <QString>

namespace tw::engine {

// The HTML fragment for a Markdown text.
QString renderMarkdown(const QByteArray &markdown);

// A complete HTML document: the fragment styled with the bundled Markdown stylesheet.
// `palette` overrides the CSS colour variables ("text", "base", "link", "mid"), used by the UI
// to follow light and dark palettes.
QString markdownDocument(const QString &fragment, const QString &extraCss = QString());

// The bundled stylesheet (resources/markdown.css).
QString markdownStyleSheet();

} // namespace tw::engine
