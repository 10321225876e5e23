type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  text: string;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    const text = params.text ?? '';
    if (!text) return err('text is required.');
    return ok(`${text} (${[...text].length} characters)`);
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
