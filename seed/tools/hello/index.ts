type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  name: string;
  style?: 'plain' | 'cheerful' | 'formal';
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    const name = (params.name ?? '').trim();
    if (!name) return err('name is required: pass who to greet.');
    switch (params.style ?? 'plain') {
      case 'cheerful':
        return ok(`Hi there, ${name}! 🎉`);
      case 'formal':
        return ok(`Good day, ${name}.`);
      default:
        return ok(`Hello, ${name}!`);
    }
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
