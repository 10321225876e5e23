import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  text: string;
};

// Works in both ESM and CJS contexts (TOOLS.md "Referencing Local Files").
const TOOL_DIR = typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));
const BIN_DIR = join(TOOL_DIR, 'bin');

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    if (typeof params.text !== 'string') return err('text is required.');
    const output = execFileSync('bash', [join(BIN_DIR, 'process.sh')], {
      input: params.text,
      encoding: 'utf-8',
      timeout: 10000,
    });
    return ok(output.trim());
  } catch (e) {
    return err(`The helper script failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
