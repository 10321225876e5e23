// Secret masking: the value and the forms a tool most often prints it in (spaced out, reversed,
// base64 at any alignment, hex, URL-encoded) become the marker; the text around them stays as
// it was, and text that merely shares letters with a secret is not touched. The timing case
// compares a 20 MB text with three secrets against exact-only masking as it was before.

#include "secrets/secretmasker.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

using namespace tw::engine;

namespace {

const QString kSecret = QStringLiteral("sk-Live9fQ2xW7pLmZ4"); // letters, digits and a separator
const QString kSpecial = QStringLiteral("p@ss w/rd+ä!(x)");    // reserved characters, a space, non-ASCII

QString latin1(const QByteArray &bytes) { return QString::fromLatin1(bytes); }

QString everyBytePercent(const QString &s, bool upper)
{
    QString out;
    for (const char c : s.toUtf8())
        out += QStringLiteral("%%1").arg(uint(uchar(c)), 2, 16, QLatin1Char('0'));
    return upper ? out.toUpper() : out;
}

QString reversedText(const QString &s)
{
    QString out = s;
    std::reverse(out.begin(), out.end());
    return out;
}

QString spaced(const QString &s, const QString &separator)
{
    QStringList chars;
    for (const QChar c : s)
        chars << QString(c);
    return chars.join(separator);
}

// The old masking: every exact occurrence, longest secret first.
QString exactOnly(QString text, const QStringList &secrets)
{
    QStringList sorted = secrets;
    std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    for (const QString &s : std::as_const(sorted))
        text.replace(s, kSecretMarker);
    return text;
}

} // namespace

class TestSecretMasker final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyFormIsMasked_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("form");
        const QByteArray utf8 = kSecret.toUtf8();
        QTest::newRow("exact") << kSecret << kSecret;
        QTest::newRow("reversed") << kSecret << reversedText(kSecret);
        QTest::newRow("spaced") << kSecret << spaced(kSecret, QStringLiteral(" "));
        QTest::newRow("spaced-runs") << kSecret << QStringLiteral("s k - L i v e  9 f\tQ 2\nx W 7 p L m Z  4");
        QTest::newRow("dashes") << kSecret << spaced(kSecret, QStringLiteral("-"));
        QTest::newRow("dots") << kSecret << spaced(kSecret, QStringLiteral("."));
        QTest::newRow("underscores") << kSecret << spaced(kSecret, QStringLiteral("__"));
        QTest::newRow("commas") << kSecret << spaced(kSecret, QStringLiteral(", "));
        QTest::newRow("pipes") << kSecret << spaced(kSecret, QStringLiteral(" | "));
        QTest::newRow("colons") << kSecret << spaced(kSecret, QStringLiteral(":"));
        QTest::newRow("hex") << kSecret << latin1(utf8.toHex());
        QTest::newRow("HEX") << kSecret << latin1(utf8.toHex().toUpper());
        QTest::newRow("base64") << kSecret << latin1(utf8.toBase64());
        QTest::newRow("base64-unpadded") << kSecret << latin1(utf8.toBase64(QByteArray::OmitTrailingEquals));
        QTest::newRow("base64url") << kSecret << latin1(utf8.toBase64(QByteArray::Base64UrlEncoding));
        QTest::newRow("percent-every-byte") << kSecret << everyBytePercent(kSecret, true);
        QTest::newRow("percent-every-byte-lower") << kSecret << everyBytePercent(kSecret, false);
        const QByteArray special = kSpecial.toUtf8();
        QTest::newRow("special-exact") << kSpecial << kSpecial;
        QTest::newRow("special-reserved-only") << kSpecial << latin1(special.toPercentEncoding());
        QTest::newRow("special-reserved-only-lower") << kSpecial << latin1(special.toPercentEncoding()).toLower();
        QTest::newRow("special-uri-component") << kSpecial << latin1(special.toPercentEncoding("!'()*"));
        QTest::newRow("special-form") << kSpecial << latin1(special.toPercentEncoding(" ")).replace(u' ', u'+');
        QTest::newRow("special-every-byte") << kSpecial << everyBytePercent(kSpecial, true);
        QTest::newRow("special-hex") << kSpecial << latin1(special.toHex());
        QTest::newRow("special-base64") << kSpecial << latin1(special.toBase64());
        QTest::newRow("special-base64url") << kSpecial << latin1(special.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
        QTest::newRow("special-reversed") << kSpecial << reversedText(kSpecial);
        // A secret with its own separators: a gap where the secret has one may be anything.
        QTest::newRow("own-separators") << QStringLiteral("ab-cd-ef") << QStringLiteral("a b - c d - e f");
    }
    void everyFormIsMasked()
    {
        QFETCH(QString, secret);
        QFETCH(QString, form);
        const SecretMasker masker({secret});
        const QString text = QStringLiteral("before: ") + form + QStringLiteral(" :after\nnext line");
        QCOMPARE(masker.mask(text), QStringLiteral("before: ") + kSecretMarker + QStringLiteral(" :after\nnext line"));
        QCOMPARE(masker.mask(form), kSecretMarker); // at the very start and end of a text too
    }

    // Inside a longer base64 text the secret's characters depend on its alignment: the stable
    // core (every character whose six bits are the secret's) is masked, nothing beyond it.
    void base64InsideLongerData_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        for (const char *before : {"", "x", "xy", "xyz", "{\"token\":\""})
            for (const char *after : {"!", "\"}", "and more"})
                QTest::addRow("%d+%d", int(qstrlen(before)), int(qstrlen(after))) << QByteArray(before) << QByteArray(after);
    }
    void base64InsideLongerData()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        for (const QByteArray::Base64Options alphabet : {QByteArray::Base64Options(QByteArray::Base64Encoding),
                                                         QByteArray::Base64Options(QByteArray::Base64UrlEncoding)}) {
            const QString encoded = latin1(QByteArray(before + kSecret.toUtf8() + after).toBase64(alphabet));
            const QString masked = SecretMasker({kSecret}).mask(QStringLiteral("data=") + encoded + u';');
            const qsizetype firstStable = (8 * before.size() + 5) / 6;
            const qsizetype endStable = 8 * (before.size() + kSecret.toUtf8().size()) / 6;
            QCOMPARE(masked, QStringLiteral("data=") + encoded.left(firstStable) + kSecretMarker + encoded.mid(endStable) + u';');
        }
    }

    void ordinaryTextIsUntouched_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("parts") << QStringLiteral("sk-Live and 9fQ2 and xW7pLmZ4 in one line: sk-Live9fQ2xW7pLm");
        QTest::newRow("same-letters-other-order") << QStringLiteral("Z4mLp7Wx2Qf9eviL-ks is not it, nor kS-lIVE9FQ2XW7PLMZ4");
        QTest::newRow("spaced-part") << QStringLiteral("s k - L i v e 9 f Q 2 x W 7 p L m Z");
        QTest::newRow("spaced-other-letter") << QStringLiteral("s k - L i v e 9 f Q 2 x W 7 p L m Z 5");
        QTest::newRow("mixed-separators") << QStringLiteral("L-i.v_e:9,f|Q-2.x_W:7,p|L-m.Z_4");
        QTest::newRow("spaced-by-letters") << QStringLiteral("Laiavaea9afaQa2axaWa7apaLamaZa4");
        QTest::newRow("hex-of-a-part") << latin1(QByteArrayLiteral("sk-Live9fQ2xW").toHex());
        QTest::newRow("base64-of-other") << latin1(QByteArrayLiteral("sk-Live9fQ2xW7pLmX4 plus text").toBase64());
        QTest::newRow("prose") << QStringLiteral("A single letter a, then I and a b c list; e.g. 1, 2, 3 - done. The key is set.");
        QTest::newRow("json") << QStringLiteral(R"({"a": 1, "b": [2, 3], "c": "x-y-z", "path": "/usr/lib/x86_64"})");
    }
    void ordinaryTextIsUntouched()
    {
        QFETCH(QString, text);
        QCOMPARE(SecretMasker({kSecret}).mask(text), text);
    }

    void shortSecretsAreMaskedOnlyAsTheyAre()
    {
        const SecretMasker masker({QStringLiteral("42"), QStringLiteral("abc")});
        QCOMPARE(masker.mask(QStringLiteral("pin 42, code abc")), QStringLiteral("pin %1, code %1").arg(kSecretMarker));
        const QString untouched = QStringLiteral("cba a b c 616263 YWJj 24 4 2");
        QCOMPARE(masker.mask(untouched), untouched);
    }

    void occurrencesThatTouchBecomeOneMarker()
    {
        const SecretMasker masker({QStringLiteral("abcdef"), QStringLiteral("abc")});
        QCOMPARE(masker.mask(QStringLiteral("a abcdef b abc")), QStringLiteral("a %1 b %1").arg(kSecretMarker));
        QCOMPARE(masker.mask(QStringLiteral("abcdefabcdef fedcba")), kSecretMarker + QStringLiteral(" ") + kSecretMarker);
        QCOMPARE(SecretMasker({QStringLiteral("aaaa")}).mask(QStringLiteral("xaaaaaay")), QStringLiteral("x%1y").arg(kSecretMarker));
    }

    void noSecretsNoChange()
    {
        const QString text = QStringLiteral("anything at all");
        QCOMPARE(SecretMasker().mask(text), text);
        QCOMPARE(SecretMasker({QString()}).mask(text), text);
        QCOMPARE(maskSecrets(text, {}), text);
        QCOMPARE(maskSecrets(QStringLiteral("x ") + kSecret, {kSecret}), QStringLiteral("x ") + kSecretMarker);
        // The cached masker of one set is not used for another.
        QCOMPARE(maskSecrets(QStringLiteral("x ") + kSecret, {QStringLiteral("other-secret")}), QStringLiteral("x ") + kSecret);
    }

    // Random text with the forms dropped in at random places: every one masked, whatever its
    // position against the sampling stride, and nothing around it.
    void randomPlacement()
    {
        QRandomGenerator rng(20240611);
        const QStringList secrets{QStringLiteral("abcd"), QStringLiteral("Tok3n-With-Dashes"), QStringLiteral("zyxwvutsrq0987654321")};
        const SecretMasker masker(secrets);
        const QString alphabet = QStringLiteral("abcdefghijklmnopqrstuvwxyz0123456789 ABCDEF\n{}\":,");
        for (int round = 0; round < 300; ++round) {
            const QString &secret = secrets[rng.bounded(int(secrets.size()))];
            const QByteArray utf8 = secret.toUtf8();
            const QStringList forms{secret, reversedText(secret), latin1(utf8.toHex()), latin1(utf8.toBase64()),
                                    everyBytePercent(secret, true), spaced(secret, QStringLiteral(" "))};
            const QString form = forms[rng.bounded(int(forms.size()))];
            QString noise;
            const int length = rng.bounded(200);
            for (int i = 0; i < length; ++i)
                noise += alphabet[rng.bounded(int(alphabet.size()))];
            const int at = rng.bounded(length + 1);
            const QString before = noise.left(at) + QStringLiteral("<"), after = QStringLiteral(">") + noise.mid(at);
            const QString masked = masker.mask(before + form + after);
            QVERIFY2(!masked.contains(form), qPrintable(masked));
            QVERIFY2(masked.contains(QStringLiteral("<") + kSecretMarker + QStringLiteral(">")), qPrintable(masked + u'|' + form));
        }
    }

    // The cost on a 20 MB result with three secrets, against exact-only masking as it was. The
    // shortest secret sets the stride; a four-character one makes every position a sample.
    void twentyMegabytes_data()
    {
        QTest::addColumn<QStringList>("secrets");
        QTest::newRow("token-passphrase-hex") << QStringList{QStringLiteral("ghp_7Hq2LmX9vB4nR8sT1wY6zK3pD5fJ0cA"),
                                                             QStringLiteral("correct horse battery"), QStringLiteral("4f9a1c2e8b7d6053")};
        QTest::newRow("with-a-4-character-pin") << QStringList{QStringLiteral("ghp_7Hq2LmX9vB4nR8sT1wY6zK3pD5fJ0cA"),
                                                               QStringLiteral("correct horse battery"), QStringLiteral("7291")};
    }
    void twentyMegabytes()
    {
        QFETCH(QStringList, secrets);
        QString text;
        text.reserve(20 * 1024 * 1024);
        QRandomGenerator rng(7);
        const QStringList words{QStringLiteral("the"), QStringLiteral("result"), QStringLiteral("of"), QStringLiteral("a"),
                                QStringLiteral("tool"), QStringLiteral("{\"id\": 17,"), QStringLiteral("\"name\": \"x-y\"},"),
                                QStringLiteral("2024-06-11"), QStringLiteral("e.g."), QStringLiteral("value\n")};
        while (text.size() < 20 * 1024 * 1024)
            text += words[rng.bounded(int(words.size()))] + u' ';
        for (int i = 0; i < 20; ++i) {
            const QString &s = secrets[i % 3];
            const QString form = i % 2 ? s : latin1(s.toUtf8().toBase64());
            text.replace(qsizetype(rng.bounded(int(text.size() - form.size()))), form.size(), form);
        }
        QElapsedTimer t;
        t.start();
        const QString old = exactOnly(text, secrets);
        const qint64 oldMs = t.elapsed();
        t.restart();
        const SecretMasker masker(secrets);
        const qint64 buildUs = t.nsecsElapsed() / 1000;
        t.restart();
        const QString now = masker.mask(text);
        const qint64 nowMs = t.elapsed();
        for (const QString &s : secrets) {
            QVERIFY(!now.contains(s));
            QVERIFY(!now.contains(latin1(s.toUtf8().toBase64())));
        }
        QVERIFY(old.size() > now.size());
        qInfo("20 MB, 3 secrets (%s): exact-only %lld ms, every form %lld ms (patterns built in %lld µs)", QTest::currentDataTag(), oldMs, nowMs, buildUs);
        QVERIFY2(nowMs < 10 * std::max<qint64>(oldMs, 20), "masking is far slower than it was"); // generous: CI machines vary
    }

    // A run of 100,000 small updates masks each through maskSecrets: the patterns are built once.
    void manySmallEvents()
    {
        const QStringList secrets{QStringLiteral("ghp_7Hq2LmX9vB4nR8sT1wY6zK3pD5fJ0cA"), QStringLiteral("correct horse battery"),
                                  QStringLiteral("4f9a1c2e8b7d6053")};
        QElapsedTimer t;
        t.start();
        qsizetype total = 0;
        for (int i = 0; i < 100000; ++i)
            total += exactOnly(QStringLiteral("step %1 of 100000: processed 17 items, 3 left").arg(i), secrets).size();
        const qint64 oldMs = t.elapsed();
        t.restart();
        for (int i = 0; i < 100000; ++i)
            total -= maskSecrets(QStringLiteral("step %1 of 100000: processed 17 items, 3 left").arg(i), secrets).size();
        const qint64 nowMs = t.elapsed();
        QCOMPARE(total, 0);
        qInfo("100,000 updates of 45 characters, 3 secrets: exact-only %lld ms, every form %lld ms", oldMs, nowMs);
        QVERIFY2(nowMs < 10 * std::max<qint64>(oldMs, 20), "masking is far slower than it was");
    }
};

QTEST_GUILESS_MAIN(TestSecretMasker)
#include "tst_secretmasker.moc"
