type ToolResult = {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
};

type OnUpdate = (partial: { content: Array<{ type: string; text: string }> }) => void;

type Params = {
  seconds: number;
  step?: number;
  label?: string;
};

function ok(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

function err(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

// Resolves after `ms`, or early (with false) when the signal aborts.
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function execute(
  _toolCallId: string,
  params: Params,
  signal?: AbortSignal,
  onUpdate?: OnUpdate,
): Promise<ToolResult> {
  try {
    const { seconds, step = 1, label = 'Waiting' } = params;
    if (typeof seconds !== 'number' || !(seconds >= 1 && seconds <= 3600)) {
      return err('seconds must be a number from 1 to 3600.');
    }
    if (typeof step !== 'number' || step < 0.1) return err('step must be at least 0.1 seconds.');
    const started = Date.now();
    let left = seconds;
    while (left > 0) {
      const wait = Math.min(step, left);
      if (!(await sleep(wait * 1000, signal))) {
        const waited = ((Date.now() - started) / 1000).toFixed(1);
        return err(`Cancelled after ${waited}s of ${seconds}s.`);
      }
      left = Math.max(0, +(left - wait).toFixed(3));
      const percent = Math.round(((seconds - left) / seconds) * 100);
      onUpdate?.({ content: [{ type: 'text', text: `${label}: ${left}s left (${percent}%)` }] });
    }
    return ok(`Done: waited ${seconds}s.`);
  } catch (e) {
    return err(`Failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
