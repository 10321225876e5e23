#include "secrets/secretmasker.h"

#include <QByteArray>
#include <QSet>
#include <QStringMatcher>
#include <QStringView>
#include <QVarLengthArray>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <utility>
#include <vector>

namespace tw::engine {

namespace {

// Secrets shorter than SecretMasker::kMinTransformedLength are masked only as they are: the
// transformations of one to three characters are as short as ordinary words and numbers ("ab"
// reversed is "ba", its hex "6162", its base64 core "YW"), so masking them would blank out
// ordinary output everywhere, while such a value has little left to protect against a lazy
// re-encoding. The value itself stays masked: a leaked two-letter PIN is still a leak.

constexpr qsizetype kGram = 4; // characters per sampled gram: one 64-bit load

// Whitespace and the separators a spaced-out value is written with ("s-e-c-r-e-t", "s e c r e t",
// "s | e | c"). Not letters, digits or quotes: a value spaced with those is not told apart from text.
constexpr std::array<bool, 128> kGapTable = [] {
    std::array<bool, 128> t{};
    for (const char c : {' ', '\t', '\n', '\r', '\f', '\v', '-', '.', '_', ',', '|', ':', ';', '/'})
        t[size_t(c)] = true;
    return t;
}();

inline bool isGap(QChar c)
{
    const char16_t u = c.unicode();
    return u < 128 ? kGapTable[u] : c.isSpace();
}

inline quint64 gramAt(const QChar *p)
{
    quint64 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline quint64 gramHash(quint64 gram, int shift)
{
    return (gram * 0x9E3779B97F4A7C15ull) >> shift;
}

// By UTF-16 unit, keeping surrogate pairs in order (what a tool's `[...s].reverse()` gives).
QString reversed(const QString &s)
{
    QString out;
    out.reserve(s.size());
    for (qsizetype i = s.size(); i > 0; --i) {
        const QChar c = s.at(i - 1);
        if (c.isLowSurrogate() && i >= 2 && s.at(i - 2).isHighSurrogate()) {
            out.append(s.at(i - 2));
            --i;
        }
        out.append(c);
    }
    return out;
}

// `bytes` percent-encoded: ASCII letters and digits (when `keepAlnum`) and the bytes of `keep`
// as they are, a space as '+' when `spaceAsPlus`, every other byte as %XX.
QString percentEncoded(const QByteArray &bytes, bool keepAlnum, const char *keep, bool upper, bool spaceAsPlus)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    QString out;
    out.reserve(bytes.size() * 3);
    for (const char ch : bytes) {
        const auto b = static_cast<unsigned char>(ch);
        const bool alnum = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
        if ((keepAlnum && alnum) || (b != 0 && std::strchr(keep, ch)))
            out.append(QLatin1Char(ch));
        else if (spaceAsPlus && b == ' ')
            out.append(u'+');
        else
            out.append(u'%').append(QLatin1Char(digits[b >> 4])).append(QLatin1Char(digits[b & 15]));
    }
    return out;
}

void addBase64Forms(const QByteArray &bytes, QSet<QString> *forms)
{
    for (const QByteArray::Base64Option alphabet : {QByteArray::Base64Encoding, QByteArray::Base64UrlEncoding}) {
        forms->insert(QString::fromLatin1(bytes.toBase64(alphabet)));
        forms->insert(QString::fromLatin1(bytes.toBase64(alphabet | QByteArray::OmitTrailingEquals)));
        // Inside a longer base64 text the secret starts at byte k of a 3-byte group. Character i
        // of the encoding carries bits 6i..6i+5; those whose six bits all come from the secret
        // are the same whatever surrounds it. That stable core is the pattern; the one or two
        // characters at each end it shares with its neighbours stay (they hold 2 or 4 bits).
        for (int k = 0; k < 3; ++k) {
            const QByteArray enc = QByteArray(QByteArray(k, '\0') + bytes).toBase64(alphabet | QByteArray::OmitTrailingEquals);
            const qsizetype first = (8 * k + 5) / 6;
            const qsizetype end = 8 * (k + bytes.size()) / 6;
            forms->insert(QString::fromLatin1(enc.mid(first, end - first)));
        }
    }
}

// Every literal form of a secret of kMinTransformedLength characters or more.
QSet<QString> literalForms(const QString &secret)
{
    QSet<QString> forms{secret, reversed(secret)};
    const QByteArray bytes = secret.toUtf8(); // what a tool's Buffer/TextEncoder encodes
    const QString hex = QString::fromLatin1(bytes.toHex());
    forms << hex << hex.toUpper();
    addBase64Forms(bytes, &forms);
    forms << percentEncoded(bytes, false, "", true, false)             // every byte
          << percentEncoded(bytes, false, "", false, false)
          << percentEncoded(bytes, true, "-._~", true, false)          // RFC 3986: reserved only
          << percentEncoded(bytes, true, "-._~", false, false)
          << percentEncoded(bytes, true, "-._~!'()*", true, false)     // JavaScript encodeURIComponent
          << percentEncoded(bytes, true, "-._~/", true, false)         // Python quote()
          << percentEncoded(bytes, true, "-._~", true, true)           // Python quote_plus()
          << percentEncoded(bytes, true, "-._*", true, true);          // URLSearchParams
    return forms;
}

struct Gram
{
    quint64 key;
    quint32 literal;
    quint32 offset;
};

struct GramOrder
{
    bool operator()(const Gram &g, quint64 k) const { return g.key < k; }
    bool operator()(quint64 k, const Gram &g) const { return k < g.key; }
};

// A secret's letters (its characters that are no separators) for the spaced-out form.
struct SpacedForm
{
    QString letters;
    std::vector<bool> constrained; // [i]: letters i and i+1 are adjacent in the secret
};

// A letter of a spaced run in the text and the gap before it.
struct RunLetter
{
    qsizetype pos;
    qsizetype gapBegin;
    qsizetype gapEnd;
    bool gapIsSpace;
};

// Found occurrences, [begin, end); one that continues the last is merged into it at once.
struct Hits
{
    std::vector<std::pair<qsizetype, qsizetype>> spans;
    void add(qsizetype begin, qsizetype end)
    {
        if (!spans.empty() && begin >= spans.back().first && begin <= spans.back().second) {
            spans.back().second = std::max(spans.back().second, end);
            return;
        }
        spans.emplace_back(begin, end);
    }
};

} // namespace

struct SecretMasker::Patterns
{
    QStringList secrets;
    std::vector<QStringMatcher> exactOnly; // secrets too short to transform
    // The literal forms, found by sampling one gram in `literalStep` characters: any occurrence
    // of a form of `minLiteral` characters or more contains a sampled gram.
    std::vector<QString> literals;
    std::vector<Gram> grams; // every gram of every form, by key
    std::vector<quint64> filter; // one bit per gram hash
    int filterShift = 64;
    qsizetype minLiteral = 0;
    qsizetype literalStep = 0;
    // The spaced-out forms, found by sampling one character in `spacedStep` (see mask()).
    std::vector<SpacedForm> spaced;
    qsizetype spacedStep = 0;
    qsizetype maxLetters = 0;
};

SecretMasker::SecretMasker(const QStringList &secrets)
{
    auto p = std::make_shared<Patterns>();
    p->secrets = secrets;
    QSet<QString> forms;
    for (const QString &s : secrets) {
        if (s.isEmpty())
            continue;
        if (s.size() < kMinTransformedLength) {
            p->exactOnly.emplace_back(s);
            continue;
        }
        forms.unite(literalForms(s));
        SpacedForm spaced;
        bool gapBefore = false;
        for (const QChar c : s) {
            if (isGap(c)) {
                gapBefore = true;
                continue;
            }
            if (!spaced.letters.isEmpty())
                spaced.constrained.push_back(!gapBefore);
            spaced.letters.append(c);
            gapBefore = false;
        }
        if (spaced.letters.size() >= kMinTransformedLength)
            p->spaced.push_back(std::move(spaced));
    }
    for (const QString &f : std::as_const(forms)) {
        if (f.size() < kGram) { // not from a secret this long; kept exact all the same
            p->exactOnly.emplace_back(f);
            continue;
        }
        const auto index = quint32(p->literals.size());
        p->literals.push_back(f);
        for (qsizetype off = 0; off + kGram <= f.size(); ++off)
            p->grams.push_back({gramAt(f.constData() + off), index, quint32(off)});
        p->minLiteral = p->minLiteral == 0 ? f.size() : std::min(p->minLiteral, f.size());
    }
    if (!p->literals.empty()) {
        std::sort(p->grams.begin(), p->grams.end(), [](const Gram &a, const Gram &b) { return a.key < b.key; });
        // About 1 bit in 32 set: a sampled gram of ordinary text rarely needs the lookup.
        const int bits = std::clamp(int(std::bit_width(p->grams.size())) + 5, 12, 24);
        p->filterShift = 64 - bits;
        p->filter.assign((size_t(1) << bits) / 64, 0);
        for (const Gram &g : p->grams) {
            const quint64 h = gramHash(g.key, p->filterShift);
            p->filter[h >> 6] |= quint64(1) << (h & 63);
        }
        p->literalStep = p->minLiteral - kGram + 1;
    }
    for (const SpacedForm &s : p->spaced) {
        const qsizetype n = s.letters.size();
        // Between the first gap and the last one, a spaced form is gaps and isolated letters
        // only, at least 2n-3 characters: sampling one character in 2n-3 lands there.
        p->spacedStep = p->spacedStep == 0 ? 2 * n - 3 : std::min(p->spacedStep, 2 * n - 3);
        p->maxLetters = std::max(p->maxLetters, n);
    }
    m_patterns = std::move(p);
}

const QStringList &SecretMasker::secrets() const
{
    static const QStringList none;
    return m_patterns ? m_patterns->secrets : none;
}

namespace {

// Whether the spaced run's last `letters` end in one of the spaced forms, written with one way
// of spacing throughout: runs of whitespace (of any length), or one separator string repeated
// ("-", " | ", ", "). A gap where the secret itself has a separator may be anything.
void matchSpaced(const std::vector<SpacedForm> &forms, const QChar *d, const RunLetter *letters, qsizetype count, Hits &hits)
{
    const RunLetter &last = letters[count - 1];
    for (const SpacedForm &form : forms) {
        const qsizetype m = form.letters.size();
        if (m > count || d[last.pos] != form.letters.at(m - 1))
            continue;
        const RunLetter *base = letters + count - m;
        bool same = true;
        for (qsizetype i = 0; i < m - 1 && same; ++i)
            same = d[base[i].pos] == form.letters.at(i);
        if (!same)
            continue;
        bool allSpace = true, allEqual = true;
        QStringView separator;
        for (qsizetype i = 1; i < m; ++i) {
            if (!form.constrained[size_t(i - 1)])
                continue;
            const QStringView gap(d + base[i].gapBegin, base[i].gapEnd - base[i].gapBegin);
            allSpace = allSpace && base[i].gapIsSpace;
            if (separator.isNull())
                separator = gap;
            else
                allEqual = allEqual && gap == separator;
        }
        if (allSpace || allEqual)
            hits.add(base[0].pos, last.pos + 1);
    }
}

// The spaced run around gap character `g`: single letters between gap runs, plus at each end
// the last (or first) letter of a word. Matches the spaced forms in it; returns where it ends.
qsizetype scanSpacedRun(const std::vector<SpacedForm> &forms, qsizetype maxLetters, const QChar *d, qsizetype n, qsizetype g,
                        Hits &hits)
{
    qsizetype a = g; // to the start of the gap run, then left across isolated letters
    while (a > 0 && isGap(d[a - 1]))
        --a;
    qsizetype first = -1;
    while (a > 0) {
        const qsizetype x = a - 1;
        if (x == 0 || !isGap(d[x - 1])) {
            first = x;
            break;
        }
        a = x - 1;
        while (a > 0 && isGap(d[a - 1]))
            --a;
    }
    if (first < 0) { // gaps from the start of the text
        first = 0;
        while (first < n && isGap(d[first]))
            ++first;
    }
    QVarLengthArray<RunLetter, 64> letters;
    qsizetype pos = first, gapBegin = first, gapEnd = first;
    bool gapIsSpace = true;
    while (pos < n) {
        letters.append({pos, gapBegin, gapEnd, gapIsSpace});
        if (letters.size() >= SecretMasker::kMinTransformedLength)
            matchSpaced(forms, d, letters.constData(), letters.size(), hits);
        if (pos + 1 >= n || !isGap(d[pos + 1]))
            return std::max(pos + 1, g + 1);
        gapBegin = gapEnd = pos + 1;
        gapIsSpace = true;
        while (gapEnd < n && isGap(d[gapEnd])) {
            gapIsSpace = gapIsSpace && d[gapEnd].isSpace();
            ++gapEnd;
        }
        pos = gapEnd;
        if (letters.size() >= 2 * maxLetters)
            letters.remove(0, letters.size() - maxLetters);
    }
    return n;
}

} // namespace

QString SecretMasker::mask(const QString &text) const
{
    if (!m_patterns || text.isEmpty())
        return text;
    const Patterns &p = *m_patterns;
    const QChar *d = text.constData();
    const qsizetype n = text.size();
    Hits hits;
    for (const QStringMatcher &m : p.exactOnly) {
        const qsizetype len = m.pattern().size();
        for (qsizetype at = m.indexIn(text); at >= 0; at = m.indexIn(text, at + 1))
            hits.add(at, at + len);
    }
    if (p.literalStep > 0 && n >= p.minLiteral) {
        for (qsizetype j = 0; j + kGram <= n; j += p.literalStep) {
            const quint64 gram = gramAt(d + j);
            const quint64 h = gramHash(gram, p.filterShift);
            if (!((p.filter[h >> 6] >> (h & 63)) & 1))
                continue;
            const auto [from, to] = std::equal_range(p.grams.begin(), p.grams.end(), gram, GramOrder{});
            for (auto it = from; it != to; ++it) {
                const QString &literal = p.literals[it->literal];
                const qsizetype begin = j - it->offset, size = literal.size();
                if (begin >= 0 && begin + size <= n && std::memcmp(d + begin, literal.constData(), size_t(size) * sizeof(QChar)) == 0)
                    hits.add(begin, begin + size);
            }
        }
    }
    if (p.spacedStep > 0) {
        // A sample that is a gap, or a letter with gaps on both sides, may be inside a spaced
        // form; in running text almost every such run has one or two letters and ends at once.
        for (qsizetype j = 0; j < n;) {
            if (isGap(d[j]))
                j = std::max(j + p.spacedStep, scanSpacedRun(p.spaced, p.maxLetters, d, n, j, hits));
            else if (j > 0 && j + 1 < n && isGap(d[j - 1]) && isGap(d[j + 1]))
                j = std::max(j + p.spacedStep, scanSpacedRun(p.spaced, p.maxLetters, d, n, j + 1, hits));
            else
                j += p.spacedStep;
        }
    }
    if (hits.spans.empty())
        return text;
    std::sort(hits.spans.begin(), hits.spans.end());
    QString out;
    out.reserve(n);
    qsizetype at = 0;
    for (size_t i = 0; i < hits.spans.size();) {
        const qsizetype begin = hits.spans[i].first;
        qsizetype end = hits.spans[i].second;
        for (++i; i < hits.spans.size() && hits.spans[i].first <= end; ++i)
            end = std::max(end, hits.spans[i].second);
        out.append(QStringView(d + at, begin - at));
        out.append(kSecretMarker);
        at = end;
    }
    out.append(QStringView(d + at, n - at));
    return out;
}

QString maskSecrets(QString text, const QStringList &secrets)
{
    if (secrets.isEmpty() || text.isEmpty())
        return text;
    // A run masks each of its events, on its event thread, with the same list.
    struct Recent
    {
        std::array<SecretMasker, 4> maskers;
        size_t next = 0;
    };
    thread_local Recent recent;
    for (const SecretMasker &m : recent.maskers)
        if (!m.isEmpty() && m.secrets() == secrets)
            return m.mask(text);
    SecretMasker &slot = recent.maskers[recent.next++ % recent.maskers.size()];
    slot = SecretMasker(secrets);
    return slot.mask(text);
}

} // namespace tw::engine
