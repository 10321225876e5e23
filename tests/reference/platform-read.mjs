// The platform's reading of TOOL.md files, for tst_platformreading: the pinned pi coding agent's
// own parseFrontmatter (the `yaml` package's parse() at default options behind it), then the
// tool-loader's interpretation as TOOLS.md states it (docs/decisions.md "Fences as pi 0.73.1
// reads them, and the platform reference" records the choices TOOLS.md leaves open).
//
//   node platform-read.mjs [--list FILE] [PATH...]
//
// PATH is a TOOL.md or a tool directory; FILE holds one such path a line. Prints one JSON object
// a line, in the order given: {"file", "loaded": true, "name", "label", "description", "version",
// "language", "inputs": [{"name","type","description","optional","sensitive","values","default"?}],
// "body"} or {"file", "loaded": false, "reason", "message", "line"}.
import { parseFrontmatter } from '@mariozechner/pi-coding-agent';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// A value as JSON.stringify sends it on (a Buffer from `!!binary` as {"type":"Buffer","data"}, a
// Date as its ISO text), except that a non-finite number is kept apart from null as
// {"$nonfinite": "Infinity"} (both sides of the comparison spell it so).
function toJson(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? value : { $nonfinite: String(value) };
    if (typeof value === 'bigint')
        return Number(value);
    if (value !== null && typeof value === 'object' && typeof value.toJSON === 'function')
        return toJson(value.toJSON());
    if (Array.isArray(value))
        return value.map(toJson);
    if (value instanceof Map)
        return Object.fromEntries([...value].map(([k, v]) => [String(k), toJson(v)]));
    if (value instanceof Set)
        return [...value].map(toJson);
    if (value !== null && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
    return value === undefined ? null : value;
}

const isMapping = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
    && !(v instanceof Uint8Array) && !(v instanceof Date);

// A string field (name, label, description, language): text as is, a number or boolean as the
// text JavaScript gives it, anything else (null, a list, a mapping) as absent.
function text(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return undefined;
}

// TOOLS.md: "version: integer ... If omitted, defaults to 0"; sync compares integers. An integer
// in quotes counts as that integer, anything else as 0 (as Toolwright's version-not-integer).
function version(value) {
    if (typeof value === 'number')
        return Number.isInteger(value) && Math.abs(value) <= 2147483647 ? value : 0;
    if (typeof value === 'string' && /^[+-]?[0-9]+$/.test(value.trim())) {
        const n = Number(value.trim());
        return Math.abs(n) <= 2147483647 ? n : 0;
    }
    return 0;
}

const kTypes = new Set(['string', 'number', 'boolean', 'enum']);

function input(name, spec) {
    const out = { name, type: 'string', description: '', optional: false, sensitive: false, values: [] };
    if (!isMapping(spec))
        return out;
    // TOOLS.md "Input Types": string is the "Default if type is unrecognized".
    out.type = typeof spec.type === 'string' && kTypes.has(spec.type) ? spec.type : 'string';
    out.description = text(spec.description) ?? '';
    out.optional = Boolean(spec.optional);
    out.sensitive = Boolean(spec.sensitive);
    // TOOLS.md: values is "Comma-separated" or, for enum, an array.
    if (Array.isArray(spec.values))
        out.values = spec.values.map(text).filter((v) => v !== undefined);
    else if (text(spec.values) !== undefined)
        out.values = text(spec.values).split(',').map((v) => v.trim()).filter((v) => v !== '');
    if (Object.hasOwn(spec, 'default'))
        out.default = toJson(spec.default);
    return out;
}

// Why parseFrontmatter gave no name, in the words of its extractFrontmatter().
function whyNoName(content, fm) {
    const normalized = content.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
    if (!normalized.startsWith('---'))
        return { reason: 'no-frontmatter', message: 'the text does not start with ---' };
    const end = normalized.indexOf('\n---', 3);
    if (end === -1)
        return { reason: 'unterminated', message: 'no line starting with --- closes the frontmatter' };
    if (normalized.slice(4, end) === '')
        return { reason: 'empty', message: 'the frontmatter is empty' };
    return { reason: 'no-name', message: isMapping(fm) ? 'the frontmatter has no name' : 'the frontmatter is not a mapping' };
}

function read(file) {
    let path = file;
    try {
        if (statSync(path).isDirectory())
            path = join(path, 'TOOL.md');
    } catch {
        // reported by readFileSync below
    }
    let content;
    try {
        // As a loader reads it: UTF-8, a BOM kept as U+FEFF.
        content = readFileSync(path, 'utf-8');
    } catch (e) {
        return { file, loaded: false, reason: 'unreadable', message: e.message, line: 0 };
    }
    let parsed;
    try {
        parsed = parseFrontmatter(content);
    } catch (e) {
        // The YAML starts at the 5th character of the normalised text: its line 1 is that file line.
        const normalized = content.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
        const firstLine = 1 + (normalized.slice(0, 4).match(/\n/g) ?? []).length;
        const line = e.linePos?.[0]?.line ? firstLine + e.linePos[0].line - 1 : 0;
        return { file, loaded: false, reason: 'yaml-error', message: String(e.message), line };
    }
    const fm = parsed.frontmatter;
    // Registration needs a name (TOOLS.md "How Discovery Works"; DESIGN.md "Registration needs").
    const name = isMapping(fm) ? text(fm.name) : undefined;
    if (name === undefined || name.trim() === '')
        return { file, loaded: false, ...whyNoName(content, fm), line: 0 };
    const label = text(fm.label);
    const inputs = isMapping(fm.inputs)
        ? Object.entries(fm.inputs).map(([k, v]) => input(k, v)) : [];
    const language = fm.language === undefined || fm.language === null ? 'typescript' : (text(fm.language) ?? '');
    return {
        file,
        loaded: true,
        name: name.trim(),
        label: label === undefined || label === '' ? name.trim() : label,
        description: text(fm.description) ?? '',
        version: version(fm.version),
        language,
        inputs,
        body: parsed.body,
    };
}

const paths = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--list')
        paths.push(...readFileSync(args[++i], 'utf-8').split('\n').filter((l) => l !== ''));
    else
        paths.push(args[i]);
}
const lines = paths.map((p) => JSON.stringify(read(p)));
process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
