type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type Params = {
  text: string;
  top_words?: number;
  ignore_case?: boolean;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export async function execute(_toolCallId: string, params: Params): Promise<ToolResult> {
  try {
    const { text = '', top_words = 5, ignore_case = true } = params;
    if (typeof text !== 'string') return err('text must be a string.');
    if (!Number.isInteger(top_words) || top_words < 0) {
      return err('top_words must be a whole number of 0 or more.');
    }
    const words = text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
    const lines = text.length === 0 ? 0 : text.split(/\r?\n/).length;
    const sentences = (text.match(/[^.!?]+[.!?]+/g) ?? []).length || (words.length ? 1 : 0);
    const counts = new Map<string, number>();
    for (const w of words) {
      const key = ignore_case ? w.toLowerCase() : w;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top_words);
    const report = [
      `Characters: ${[...text].length}`,
      `Characters (no spaces): ${[...text.replace(/\s/g, '')].length}`,
      `Words: ${words.length}`,
      `Lines: ${lines}`,
      `Sentences: ${sentences}`,
    ];
    if (top.length) {
      report.push('', `Top ${top.length} words:`);
      top.forEach(([w, n], i) => report.push(`${i + 1}. ${w} (${n})`));
    }
    return ok(report.join('\n'));
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
