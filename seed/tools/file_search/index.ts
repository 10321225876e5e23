import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type OnUpdate = (partial: { content: Array<{ type: string; text: string }> }) => void;

type Params = {
  pattern: string;
  folder?: string;
  max_results?: number;
  output_path?: string;
};

const MAX_ENTRIES = 50000;

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

export async function execute(
  _toolCallId: string,
  params: Params,
  signal?: AbortSignal,
  onUpdate?: OnUpdate,
): Promise<ToolResult> {
  try {
    const { pattern, folder = '.', max_results = 200, output_path } = params;
    if (!pattern) return err('pattern is required, for example *.pdf');
    const root = process.env.OFFICER_USER_ROOT ?? process.env.HOME ?? '/officer/user';
    const start = resolve(root, folder);
    if (start !== root && !start.startsWith(root + '/')) return err(`folder must stay inside ${root}.`);
    const re = globToRegExp(pattern);
    const matches: Array<{ path: string; size: number }> = [];
    const stack = [start];
    let seen = 0;
    let unreadable = 0;
    while (stack.length && matches.length < max_results && seen < MAX_ENTRIES) {
      if (signal?.aborted) return err('Cancelled.');
      const dir = stack.pop() as string;
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        unreadable++;
        continue;
      }
      for (const e of entries) {
        seen++;
        const full = join(dir, e.name);
        if (e.isDirectory()) stack.push(full);
        else if (e.isFile() && re.test(e.name)) {
          matches.push({ path: relative(root, full), size: statSync(full).size });
          if (matches.length >= max_results) break;
        }
      }
      if (seen % 5000 < entries.length) {
        onUpdate?.({ content: [{ type: 'text', text: `Searched ${seen} entries, ${matches.length} matches so far…` }] });
      }
    }
    const note = unreadable ? ` (${unreadable} unreadable folders skipped)` : '';
    if (output_path) {
      writeFileSync(output_path, JSON.stringify(matches, null, 2));
      return ok(`${matches.length} matches saved to ${output_path}${note}.`);
    }
    if (!matches.length) return ok(`No files match ${pattern}${note}.`);
    const lines = matches.map((m) => `${m.path} (${m.size} bytes)`);
    return ok(`${matches.length} matches${note}:\n${lines.join('\n')}`);
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
