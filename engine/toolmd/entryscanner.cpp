#include "toolmd/entryscanner.h"

#include <QDir>

#include <string_view>
#include <vector>

namespace tw::engine {
namespace {

enum class Kind { Ident, Punct, String, Template, Number, Regex };

struct Token
{
    Kind kind;
    std::string_view text;
    int line;
};

bool isIdentStart(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80; }
bool isIdentChar(unsigned char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

// After these keywords a `/` starts a regular expression, not a division.
bool keywordBeforeExpression(std::string_view w)
{
    static constexpr std::string_view words[] = {"return", "typeof", "case", "do", "else", "in", "of",
                                                 "new", "delete", "void", "throw", "instanceof",
                                                 "yield", "await"};
    for (std::string_view k : words)
        if (w == k)
            return true;
    return false;
}

class Tokenizer
{
public:
    explicit Tokenizer(std::string_view src) : m_src(src) {}

    std::vector<Token> run()
    {
        if (m_src.substr(0, 2) == "#!")
            skipLine();
        m_tokens.reserve(m_src.size() / 4);
        while (m_pos < m_src.size())
            step();
        return std::move(m_tokens);
    }

private:
    char at(size_t i) const { return i < m_src.size() ? m_src[i] : '\0'; }
    void skipLine()
    {
        while (m_pos < m_src.size() && m_src[m_pos] != '\n')
            ++m_pos;
    }
    void push(Kind kind, size_t begin, int line) { m_tokens.push_back({kind, m_src.substr(begin, m_pos - begin), line}); }

    bool regexAllowed() const
    {
        if (m_tokens.empty())
            return true;
        const Token &t = m_tokens.back();
        switch (t.kind) {
        case Kind::Ident: return keywordBeforeExpression(t.text);
        case Kind::Punct: return t.text != ")" && t.text != "]" && t.text != "}";
        default: return false;
        }
    }

    void quoted(char quote)
    {
        const size_t begin = m_pos;
        const int line = m_line;
        ++m_pos;
        while (m_pos < m_src.size()) {
            const char c = m_src[m_pos];
            if (c == '\\') {
                if (at(m_pos + 1) == '\n')
                    ++m_line;
                m_pos += 2;
                continue;
            }
            if (c == '\n')
                break; // unterminated string: stop at the line end, as a parser would report
            ++m_pos;
            if (c == quote)
                break;
        }
        push(Kind::String, begin, line);
    }

    // Scans template text up to the closing backtick or a `${`, which opens an expression.
    void templateText(size_t begin, int line)
    {
        while (m_pos < m_src.size()) {
            const char c = m_src[m_pos];
            if (c == '\\') {
                if (at(m_pos + 1) == '\n')
                    ++m_line;
                m_pos += 2;
                continue;
            }
            if (c == '\n')
                ++m_line;
            if (c == '`') {
                ++m_pos;
                break;
            }
            if (c == '$' && at(m_pos + 1) == '{') {
                m_pos += 2;
                m_templateDepth.push_back(0);
                break;
            }
            ++m_pos;
        }
        m_pos = std::min(m_pos, m_src.size());
        push(Kind::Template, begin, line);
    }

    void regex()
    {
        const size_t begin = m_pos;
        ++m_pos;
        bool inClass = false;
        while (m_pos < m_src.size()) {
            const char c = m_src[m_pos];
            if (c == '\n')
                break;
            if (c == '\\') {
                m_pos += 2;
                continue;
            }
            ++m_pos;
            if (c == '[')
                inClass = true;
            else if (c == ']')
                inClass = false;
            else if (c == '/' && !inClass)
                break;
        }
        while (m_pos < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[m_pos])))
            ++m_pos;
        m_pos = std::min(m_pos, m_src.size());
        push(Kind::Regex, begin, m_line);
    }

    void step()
    {
        const char c = m_src[m_pos];
        const auto uc = static_cast<unsigned char>(c);
        if (c == '\n') {
            ++m_line;
            ++m_pos;
            return;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            // Indentation comes in runs: take the whole run in one step.
            do
                ++m_pos;
            while (m_pos < m_src.size() && (m_src[m_pos] == ' ' || m_src[m_pos] == '\t'));
            return;
        }
        if (c == '/' && at(m_pos + 1) == '/') {
            skipLine();
            return;
        }
        if (c == '/' && at(m_pos + 1) == '*') {
            m_pos += 2;
            while (m_pos < m_src.size() && !(m_src[m_pos] == '*' && at(m_pos + 1) == '/')) {
                if (m_src[m_pos] == '\n')
                    ++m_line;
                ++m_pos;
            }
            m_pos = std::min(m_pos + 2, m_src.size());
            return;
        }
        if (c == '\'' || c == '"') {
            quoted(c);
            return;
        }
        if (c == '`') {
            const size_t begin = m_pos++;
            templateText(begin, m_line);
            return;
        }
        if (isIdentStart(uc)) {
            const size_t begin = m_pos;
            while (m_pos < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[m_pos])))
                ++m_pos;
            push(Kind::Ident, begin, m_line);
            return;
        }
        if (isDigit(uc) || (c == '.' && isDigit(static_cast<unsigned char>(at(m_pos + 1))))) {
            const size_t begin = m_pos;
            while (m_pos < m_src.size()) {
                const char d = m_src[m_pos];
                if ((d == '+' || d == '-') && (m_src[m_pos - 1] == 'e' || m_src[m_pos - 1] == 'E')) {
                    ++m_pos;
                    continue;
                }
                if (!isIdentChar(static_cast<unsigned char>(d)) && d != '.')
                    break;
                ++m_pos;
            }
            push(Kind::Number, begin, m_line);
            return;
        }
        if (c == '/' && regexAllowed()) {
            regex();
            return;
        }
        if (!m_templateDepth.empty()) {
            if (c == '{') {
                ++m_templateDepth.back();
            } else if (c == '}') {
                if (m_templateDepth.back() == 0) {
                    m_templateDepth.pop_back();
                    const size_t begin = m_pos++;
                    templateText(begin, m_line);
                    return;
                }
                --m_templateDepth.back();
            }
        }
        static constexpr std::string_view multi[] = {"===", "!==", "...", "=>", "==", "!=", "?."};
        const size_t begin = m_pos;
        if (c == '=' || c == '!' || c == '.' || c == '?') {
            for (std::string_view p : multi) {
                if (m_src.substr(m_pos, p.size()) == p) {
                    m_pos += p.size();
                    push(Kind::Punct, begin, m_line);
                    return;
                }
            }
        }
        ++m_pos;
        push(Kind::Punct, begin, m_line);
    }

    std::string_view m_src;
    size_t m_pos = 0;
    int m_line = 1;
    std::vector<Token> m_tokens;
    std::vector<int> m_templateDepth; // open `${` expressions and their brace depth
};

class Checker
{
public:
    Checker(std::vector<Token> tokens, const QString &file, EntryScan &out)
        : m_t(std::move(tokens)), m_file(file), m_out(out)
    {
    }

    void run()
    {
        int exportDefaultLine = 0, exportClassLine = 0, moduleExportsLine = 0;
        for (size_t i = 0; i < m_t.size(); ++i) {
            const bool member = i > 0 && (is(i - 1, ".") || is(i - 1, "?."));
            if (is(i, "export")) {
                if (is(i + 1, "default") && !exportDefaultLine)
                    exportDefaultLine = m_t[i].line;
                if ((is(i + 1, "class") || (is(i + 1, "default") && is(i + 2, "class"))) && !exportClassLine)
                    exportClassLine = m_t[i].line;
                if (exportsExecuteAt(i))
                    markExecute(m_t[i].line);
            }
            if (member)
                continue;
            if (ident(i, "module") && is(i + 1, ".") && ident(i + 2, "exports") && !moduleExportsLine)
                moduleExportsLine = m_t[i].line;
            if (ident(i, "exports") && is(i + 1, ".") && !moduleExportsLine)
                moduleExportsLine = m_t[i].line;
            if (ident(i, "require") && is(i + 1, ".") && ident(i + 2, "main"))
                add("cli-entry", Severity::Warning,
                    QStringLiteral("`require.main` is a CLI entry point; the loader only calls the exported execute"), i);
            if (ident(i, "process") && is(i + 1, ".") && ident(i + 2, "argv"))
                add("cli-entry", Severity::Warning,
                    QStringLiteral("`process.argv` is empty for tools; inputs arrive as execute's params"), i);
            if (ident(i, "Bun") && (is(i + 1, ".") || is(i + 1, "?.")))
                add("bun-api", Severity::Error,
                    QStringLiteral("Bun APIs throw ReferenceError: tools run in Node.js; use the Node standard library"), i);
            if (m_t[i].kind == Kind::String && i > 0
                && (ident(i - 1, "from") || ident(i - 1, "import")
                    || (is(i - 1, "(") && i > 1 && (ident(i - 2, "import") || ident(i - 2, "require")))))
                checkSpecifier(i);
            if (ident(i, "console") && is(i + 1, ".")
                && (ident(i + 2, "log") || ident(i + 2, "info") || ident(i + 2, "debug")))
                add("console-output", Severity::Warning,
                    QStringLiteral("console output never reaches the agent; return it in the ToolResult or use onUpdate"), i);
        }

        if (!m_out.hasNamedExecute) {
            if (exportClassLine) {
                addAt("execute-not-named-export", Severity::Error,
                      QStringLiteral("a class is exported, but the loader calls a named `execute` function export"),
                      exportClassLine);
            } else if (moduleExportsLine) {
                addAt("execute-not-named-export", Severity::Error,
                      QStringLiteral("`module.exports` does not work; write `export async function execute(...)`"),
                      moduleExportsLine);
            } else if (exportDefaultLine) {
                addAt("execute-not-named-export", Severity::Error,
                      QStringLiteral("a default export is not found by the loader; export `execute` by name"),
                      exportDefaultLine);
            } else {
                addAt("no-execute-export", Severity::Error,
                      QStringLiteral("the entry file does not export a function named `execute`"), 0);
            }
        }
        checkExecuteBody();
    }

private:
    bool is(size_t i, std::string_view text) const
    {
        return i < m_t.size() && (m_t[i].kind == Kind::Punct || m_t[i].kind == Kind::Ident) && m_t[i].text == text;
    }
    bool ident(size_t i, std::string_view text) const
    {
        return i < m_t.size() && m_t[i].kind == Kind::Ident && m_t[i].text == text;
    }
    void add(const char *code, Severity severity, const QString &message, size_t i)
    {
        addAt(code, severity, message, m_t[i].line);
    }
    void addAt(const char *code, Severity severity, const QString &message, int line)
    {
        m_out.diagnostics.append({QString::fromLatin1(code), severity, message, m_file, line});
    }
    // The bundler reads only the tool's own directory (DESIGN.md "Running a tool"): an import
    // of an absolute path, a file: URL or a relative path leaving the directory is refused at
    // run time; say so where it is written.
    void checkSpecifier(size_t i)
    {
        std::string_view quoted = m_t[i].text;
        if (quoted.size() < 2)
            return;
        const QString spec = QString::fromUtf8(quoted.data() + 1, qsizetype(quoted.size()) - 2);
        const bool outside = spec.startsWith(u'/') || spec.startsWith(QStringLiteral("file:"))
            || ((spec.startsWith(QStringLiteral("./")) || spec.startsWith(QStringLiteral("../")) || spec == u"..")
                && QDir::cleanPath(QStringLiteral("tool/") + spec).section(u'/', 0, 0) != u"tool");
        if (outside)
            add("import-outside-tool", Severity::Error,
                QStringLiteral("imports '%1', outside the tool's directory: a tool bundles only its own files "
                               "(node: built-ins and packages stay imports)").arg(spec), i);
    }
    void markExecute(int line)
    {
        if (!m_out.hasNamedExecute)
            m_out.executeLine = line;
        m_out.hasNamedExecute = true;
    }

    bool exportsExecuteAt(size_t i) const
    {
        size_t j = i + 1;
        if (ident(j, "async"))
            ++j;
        if (ident(j, "function")) {
            ++j;
            if (is(j, "*"))
                ++j;
            return ident(j, "execute");
        }
        if (ident(j, "const") || ident(j, "let") || ident(j, "var"))
            return ident(j + 1, "execute");
        if (is(j, "{")) {
            for (size_t k = j + 1; k < m_t.size() && !is(k, "}"); ++k) {
                if (ident(k, "execute") && (is(k + 1, ",") || is(k + 1, "}")))
                    return true; // `export { execute }` or `export { impl as execute }`
            }
        }
        return false;
    }

    // Index just past the token that closes the bracket opened at `open`.
    size_t skipBalanced(size_t open) const
    {
        int depth = 0;
        for (size_t k = open; k < m_t.size(); ++k) {
            if (m_t[k].kind != Kind::Punct)
                continue;
            const std::string_view s = m_t[k].text;
            if (s == "(" || s == "[" || s == "{")
                ++depth;
            else if ((s == ")" || s == "]" || s == "}") && --depth == 0)
                return k + 1;
        }
        return m_t.size();
    }

    // From just past a parameter list: skip a return type annotation, find the body's `{`.
    size_t bodyAfterParams(size_t k, bool arrow) const
    {
        int angle = 0;
        for (; k < m_t.size(); ++k) {
            if (is(k, "<"))
                ++angle;
            else if (is(k, ">") && angle > 0)
                --angle;
            else if (angle == 0 && is(k, "=>"))
                return is(k + 1, "{") ? k + 1 : m_t.size(); // an expression body cannot throw
            else if (angle == 0 && is(k, "{") && !arrow)
                return k;
            else if (is(k, "(") || is(k, "[") || (is(k, "{") && angle > 0))
                k = skipBalanced(k) - 1;
            else if (is(k, ";"))
                return m_t.size();
        }
        return m_t.size();
    }

    void checkExecuteBody()
    {
        size_t paramsOpen = m_t.size();
        bool arrow = false;
        for (size_t i = 0; i + 1 < m_t.size() && paramsOpen == m_t.size(); ++i) {
            if (ident(i, "function") && ident(i + 1, "execute") && is(i + 2, "(")) {
                paramsOpen = i + 2;
            } else if ((ident(i, "const") || ident(i, "let") || ident(i, "var")) && ident(i + 1, "execute")) {
                for (size_t k = i + 2; k < m_t.size() && k < i + 64; ++k) {
                    if (is(k, "(")) {
                        paramsOpen = k;
                        arrow = !ident(k - 1, "function");
                        break;
                    }
                    if (is(k, ";"))
                        break;
                }
            }
        }
        if (paramsOpen == m_t.size())
            return;
        const size_t paramsClose = skipBalanced(paramsOpen);
        const size_t body = bodyAfterParams(paramsClose, arrow);
        if (body >= m_t.size())
            return;
        const size_t bodyEnd = skipBalanced(body);
        findParamsName(paramsOpen, paramsClose);

        std::vector<bool> tryBlocks; // one entry per open `{` inside the body: is it a try block?
        int insideTry = 0;
        for (size_t k = body + 1; k + 1 < bodyEnd; ++k) {
            if (is(k, "{")) {
                const bool isTry = ident(k - 1, "try");
                tryBlocks.push_back(isTry);
                insideTry += isTry;
            } else if (is(k, "}") && !tryBlocks.empty()) {
                insideTry -= tryBlocks.back();
                tryBlocks.pop_back();
            } else if (ident(k, "throw") && insideTry == 0) {
                add("throws-from-execute", Severity::Warning,
                    QStringLiteral("execute throws here outside try/catch; return { isError: true, content } instead"), k);
            }
        }
        collectParamReads(body, bodyEnd);
    }

    // The second parameter of execute: a name (`params`) or a destructuring pattern.
    void findParamsName(size_t open, size_t close)
    {
        int depth = 0;
        size_t second = 0;
        for (size_t k = open + 1; k + 1 < close; ++k) {
            if (is(k, "(") || is(k, "[") || is(k, "{") || is(k, "<"))
                ++depth;
            else if (is(k, ")") || is(k, "]") || is(k, "}") || is(k, ">"))
                --depth;
            else if (depth == 0 && is(k, ",")) {
                second = k + 1;
                break;
            }
        }
        if (!second)
            return; // execute reads no params: every declared input is unused
        m_out.paramsAnalyzable = true;
        if (m_t[second].kind == Kind::Ident) {
            m_paramsName = m_t[second].text;
        } else if (is(second, "{")) {
            collectPattern(second, skipBalanced(second));
        } else {
            m_out.paramsAnalyzable = false;
        }
    }

    // Keys of an object destructuring pattern `{ a, b: c, d = 1 }` opened at `open`.
    void collectPattern(size_t open, size_t end)
    {
        int depth = 0;
        for (size_t k = open; k < end; ++k) {
            if (is(k, "{") || is(k, "[") || is(k, "("))
                ++depth;
            else if (is(k, "}") || is(k, "]") || is(k, ")"))
                --depth;
            else if (depth == 1 && is(k, "..."))
                m_out.paramsAnalyzable = false;
            else if (depth == 1 && (m_t[k].kind == Kind::Ident || m_t[k].kind == Kind::String)
                     && (is(k - 1, "{") || is(k - 1, ","))) {
                std::string_view name = m_t[k].text;
                if (m_t[k].kind == Kind::String && name.size() >= 2)
                    name = name.substr(1, name.size() - 2);
                addRead(name, m_t[k].line);
            }
        }
    }

    void addRead(std::string_view name, int line)
    {
        m_out.paramsRead.append({QString::fromUtf8(name.data(), qsizetype(name.size())), line});
    }

    void collectParamReads(size_t body, size_t end)
    {
        if (m_paramsName.empty())
            return;
        for (size_t k = body; k < end; ++k) {
            if (!ident(k, m_paramsName) || is(k - 1, ".") || is(k - 1, "?."))
                continue;
            if ((is(k + 1, ".") || is(k + 1, "?.")) && k + 2 < end && m_t[k + 2].kind == Kind::Ident) {
                addRead(m_t[k + 2].text, m_t[k].line);
            } else if (is(k + 1, "[") && k + 3 < end && m_t[k + 2].kind == Kind::String && is(k + 3, "]")) {
                const std::string_view s = m_t[k + 2].text;
                addRead(s.substr(1, s.size() >= 2 ? s.size() - 2 : 0), m_t[k].line);
            } else if (is(k - 1, "=") && is(k - 2, "}")) {
                // `const { a, b } = params`: walk back to the pattern's `{`.
                int depth = 0;
                size_t open = k - 2;
                for (size_t j = k - 2; j > body; --j) {
                    if (is(j, "}"))
                        ++depth;
                    else if (is(j, "{") && --depth == 0) {
                        open = j;
                        break;
                    }
                }
                collectPattern(open, k - 1);
            } else {
                m_out.paramsAnalyzable = false; // passed on whole, spread or re-assigned
            }
        }
    }

    std::vector<Token> m_t;
    const QString &m_file;
    EntryScan &m_out;
    std::string_view m_paramsName;
};

} // namespace

EntryScan scanEntry(const QByteArray &source, const QString &file)
{
    EntryScan out;
    if (source.size() > kMaxEntryScanBytes) {
        out.diagnostics.append({QStringLiteral("file-too-large"), Severity::Info,
                                QStringLiteral("the entry file is %1 bytes; it was not checked").arg(source.size()),
                                file, 0});
        out.hasNamedExecute = true; // unknown: do not claim a missing export we did not look for
        return out;
    }
    Tokenizer tokenizer(std::string_view(source.constData(), size_t(source.size())));
    Checker(tokenizer.run(), file, out).run();
    return out;
}

} // namespace tw::engine
