#pragma once
// How a view reads a file of a tool it shows. A local window reads the disk at once (no reader
// is set); a server window reads through its connection, and the reply comes later, or never
// when the connection ends first (the view shows what it asked for until then).

#include <QByteArray>
#include <QString>

#include <functional>

namespace tw::ui {

using FileReply = std::function<void(const QByteArray &bytes, const QString &error)>;
using FileReader = std::function<void(const QString &path, FileReply reply)>;

} // namespace tw::ui
