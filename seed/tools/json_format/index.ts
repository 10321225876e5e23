type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  json: string;
  mode?: 'pretty' | 'compact';
  indent?: number;
  sort_keys?: boolean;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as Record<string, unknown>).sort()) {
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    }
    return out;
  }
  return value;
}

// Turns V8's "at position N" into a line and column the user can find.
function describeSyntaxError(text: string, e: Error): string {
  const m = /position (\d+)/.exec(e.message);
  if (!m) return e.message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `${e.message} (line ${line}, column ${column})`;
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    const { json, mode = 'pretty', indent = 2, sort_keys = false } = params;
    if (typeof json !== 'string' || json.trim() === '') return err('json is required.');
    if (mode !== 'pretty' && mode !== 'compact') return err(`Unknown mode "${mode}". Use pretty or compact.`);
    if (!Number.isInteger(indent) || indent < 1 || indent > 8) return err('indent must be a whole number from 1 to 8.');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (e) {
      return err(`Invalid JSON: ${describeSyntaxError(json, e as Error)}`);
    }
    if (sort_keys) value = sortKeys(value);
    return ok(mode === 'compact' ? JSON.stringify(value) : JSON.stringify(value, null, indent));
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
