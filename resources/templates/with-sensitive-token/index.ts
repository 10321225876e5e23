type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  query: string;
  api_token?: string;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    // TOOLS.md "Authentication": explicit parameter first, then the environment.
    const token = params.api_token ?? process.env.OFFICER_{{NAME}}_TOKEN;
    if (!token) {
      return err('API token not configured. Ask the user to add it in Settings → Integrations.');
    }
    if (!params.query) return err('query is required.');
    // Replace with the real request, for example:
    // const res = await fetch(`https://api.example.com/search?q=${encodeURIComponent(params.query)}`,
    //   { headers: { Authorization: `Bearer ${token}` } });
    return ok(`Would look up "${params.query}" with a token of ${token.length} characters.`);
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
