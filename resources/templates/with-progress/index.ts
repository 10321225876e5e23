type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type OnUpdate = (partial: { content: Array<{ type: string; text: string }> }) => void;

type Params = {
  items: number;
  delay_ms?: number;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function execute(
  _toolCallId: string,
  params: Params,
  signal?: AbortSignal,
  onUpdate?: OnUpdate,
): Promise<ToolResult> {
  try {
    const { items, delay_ms = 100 } = params;
    if (!Number.isInteger(items) || items < 1 || items > 1000) return err('items must be a whole number from 1 to 1000.');
    for (let i = 1; i <= items; i++) {
      if (signal?.aborted) return err(`Cancelled after ${i - 1} of ${items} items.`);
      await sleep(delay_ms);
      onUpdate?.({ content: [{ type: 'text', text: `Processed ${i} of ${items} items…` }] });
    }
    return ok(`Processed ${items} items.`);
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
