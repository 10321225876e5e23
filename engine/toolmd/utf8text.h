#pragma once
// UTF-8 bytes as text, every character kept. QString::fromUtf8 drops a byte order mark at the
// start of its input, so a YAML value that begins with U+FEFF (written "\uFEFF…", which the
// platform's reader keeps) would lose it; the texts of TOOL.md go through here instead.

#include <QString>

#include <string>
#include <string_view>

namespace tw::engine {

inline QString utf8Text(std::string_view bytes)
{
    QString text = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    if (bytes.starts_with("\xEF\xBB\xBF") && !text.startsWith(QChar(0xFEFF)))
        text.prepend(QChar(0xFEFF));
    return text;
}

} // namespace tw::engine
