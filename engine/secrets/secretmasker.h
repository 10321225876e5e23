#pragma once
// Hides secret values in what a run shows or keeps (DESIGN.md "Running a tool" step 5: "values
// of secrets are masked in every pane that shows output"): the value itself and the forms a tool
// most often prints it in by accident or laziness — spaced out, reversed, base64 (standard and
// URL-safe, padded or not, also inside a longer base64 text at any byte alignment), hex (either
// case), URL-encoded (every byte, or only the reserved ones). A safety net, not a boundary: see
// docs/decisions.md "Secret masking: what it can and cannot promise".
//
// The patterns are built once per set of secrets; masking a text is then two strided passes
// over it, each looking at one position in k (k grows with the shortest secret): the literal
// forms through sampled 4-character grams and a bit filter, the spaced-out forms through
// sampled separator runs. Measured on a 20 MB text with three secrets (docs/decisions.md).

#include <QString>
#include <QStringList>

#include <memory>

namespace tw::engine {

inline const QString kSecretMarker = QStringLiteral("••••••");

class SecretMasker final
{
public:
    SecretMasker() = default;
    explicit SecretMasker(const QStringList &secrets);

    // `text` with every occurrence of a secret, or of one of its forms above, replaced by
    // kSecretMarker; occurrences that touch or overlap become one marker. Secrets shorter than
    // kMinTransformedLength are masked only as they are (see the .cpp for why).
    QString mask(const QString &text) const;
    const QStringList &secrets() const;
    bool isEmpty() const { return !m_patterns; }

    static constexpr qsizetype kMinTransformedLength = 4;

private:
    struct Patterns;
    std::shared_ptr<const Patterns> m_patterns; // immutable: copies share it, across threads too
};

// SecretMasker(secrets).mask(text), reusing the masker of a recently used set of secrets (per
// thread), so a run that masks each of its events with the same list builds its patterns once.
QString maskSecrets(QString text, const QStringList &secrets);

} // namespace tw::engine
