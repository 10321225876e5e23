// Reference loader for bench_list: the platform's discovery and parse in Node.js with the
// `yaml` npm package (the parser the platform itself uses), printing the same JSON shape as
// `toolwright list --user U --json` for the fields both compute. It reads what Toolwright reads:
// each location's directory listing, every candidate's listing, TOOL.md and the entry file.
//
//   node loader.mjs DATA_PATH [EMAIL]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

const [dataPath, user = ''] = process.argv.slice(2);

function scanLocation(path, scope, email) {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return { tools: [], skipped: [] };
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tools = [];
  const skipped = [];
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const dir = join(path, e.name);
    const files = new Set(readdirSync(dir));
    const entry = files.has('index.ts') ? 'index.ts' : files.has('index.js') ? 'index.js' : null;
    if (!files.has('TOOL.md') || !entry) {
      skipped.push({ dir, reason: files.has('TOOL.md') ? 'missing-entry' : 'missing-tool-md' });
      continue;
    }
    let text = readFileSync(join(dir, 'TOOL.md'), 'utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const lines = text.split(/\r?\n/);
    if (lines[0] !== '---') {
      skipped.push({ dir, reason: 'frontmatter-missing' });
      continue;
    }
    const end = lines.indexOf('---', 1);
    if (end < 0) {
      skipped.push({ dir, reason: 'frontmatter-unterminated' });
      continue;
    }
    let fm;
    try {
      fm = YAML.parse(lines.slice(1, end).join('\n')) ?? {};
    } catch {
      skipped.push({ dir, reason: 'yaml-syntax' });
      continue;
    }
    if (!fm.name) {
      skipped.push({ dir, reason: 'name-missing' });
      continue;
    }
    readFileSync(join(dir, entry)); // Toolwright scans the entry for the common mistakes
    const inputs = Object.entries(fm.inputs ?? {}).map(([name, spec]) => ({
      name,
      type: ['string', 'number', 'boolean', 'enum'].includes(spec?.type) ? spec.type : 'string',
      description: spec?.description ?? '',
      optional: spec?.optional === true,
      sensitive: spec?.sensitive === true,
      values: spec?.values === undefined ? null
        : Array.isArray(spec.values) ? spec.values.map(String) : String(spec.values).split(',').map((v) => v.trim()),
      default: spec?.default ?? null,
    }));
    tools.push({
      name: String(fm.name),
      label: fm.label === undefined ? String(fm.name) : String(fm.label),
      description: fm.description === undefined ? '' : String(fm.description),
      version: Number.isInteger(fm.version) ? fm.version : 0,
      language: fm.language ?? 'typescript',
      scope,
      user: email || null,
      dir,
      entry,
      overrides: null,
      inputs,
    });
  }
  return { tools, skipped };
}

// TOOLS.md: global tools first, then the user's; the same name later wins.
const global = scanLocation(join(dataPath, 'tools'), 'global', '');
const mine = user ? scanLocation(join(dataPath, user, 'tools'), 'user', user) : { tools: [], skipped: [] };
const byName = new Map();
const shadowed = [];
for (const t of [...global.tools, ...mine.tools]) {
  const earlier = byName.get(t.name);
  if (earlier) {
    shadowed.push({ ...earlier, shadowed_by: t.dir });
    if (earlier.scope === 'global' && t.scope === 'user') t.overrides = { dir: earlier.dir, version: earlier.version };
  }
  byName.set(t.name, t);
}
const tools = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
process.stdout.write(JSON.stringify({
  data_path: dataPath, user: user || null, tools, shadowed, skipped: [...global.skipped, ...mine.skipped],
}));
