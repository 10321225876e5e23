// Build tool: renders the scalable application icon into the PNG sizes of the hicolor theme,
// so the PNGs are made from the one SVG at build time and never kept in the repository.
//
//   rasterizeicon ICON.svg OUTDIR SIZE...     writes OUTDIR/<SIZE>x<SIZE>/ICON.png

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: rasterizeicon ICON.svg OUTDIR SIZE...\n");
        return 2;
    }
    QSvgRenderer svg(args[1]);
    if (!svg.isValid()) {
        std::fprintf(stderr, "rasterizeicon: %s is not a valid SVG\n", qPrintable(args[1]));
        return 1;
    }
    const QString name = QFileInfo(args[1]).completeBaseName() + QStringLiteral(".png");
    for (qsizetype i = 3; i < args.size(); ++i) {
        bool ok = false;
        const int size = args[i].toInt(&ok);
        if (!ok || size <= 0 || size > 4096) {
            std::fprintf(stderr, "rasterizeicon: bad size %s\n", qPrintable(args[i]));
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString dir = QStringLiteral("%1/%2x%2").arg(args[2]).arg(size);
        QDir().mkpath(dir);
        if (!image.save(dir + u'/' + name)) {
            std::fprintf(stderr, "rasterizeicon: cannot write %s/%s\n", qPrintable(dir), qPrintable(name));
            return 1;
        }
    }
    return 0;
}
