// Toolwright runner harness: runs one tool call the way the platform's tool-loader does and
// reports what happens as framed events (DESIGN.md "Running a tool"; that contract is binding).
//
// stdin:  one JSON request line {"toolCallId","entry","params"}; later lines may be
//         {"type":"cancel"}, which aborts the AbortSignal passed to execute (so does SIGTERM).
// stdout: events, one per line, "\x1eTW <nonce> <json>":
//           {"type":"update","content":[...]}           for each onUpdate call
//           {"type":"result","content":[...],"isError":bool}
//           {"type":"error","message","stack"}         import failed, no execute, it threw,
//                                                      or it returned something that is not a ToolResult
//         Every other stdout or stderr line is the tool's own log output.
// The nonce comes from TW_RUNNER_NONCE and is removed from the environment before the tool is
// imported, so the tool cannot forge events. Node >= 18, no dependencies.

import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const nonce = process.env.TW_RUNNER_NONCE ?? '';
delete process.env.TW_RUNNER_NONCE;

// Track whether the tool left a partial line on stdout, so a frame always starts a line.
const rawWrite = process.stdout.write.bind(process.stdout);
let atLineStart = true;
process.stdout.write = (chunk, ...rest) => {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (text.length) atLineStart = text.endsWith('\n');
  return rawWrite(chunk, ...rest);
};

function emit(event) {
  const prefix = atLineStart ? '' : '\n';
  atLineStart = true;
  return new Promise((resolve) => rawWrite(`${prefix}\x1eTW ${nonce} ${JSON.stringify(event)}\n`, resolve));
}

function describe(value) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

function isContent(content) {
  return Array.isArray(content) && content.every((c) => c !== null && typeof c === 'object' && typeof c.type === 'string');
}

async function finish(event) {
  await emit(event);
  // A tool may leave timers or sockets open; the call is over once its result is out.
  process.exit(event.type === 'result' ? 0 : 1);
}

const controller = new AbortController();
process.on('SIGTERM', () => controller.abort(new Error('cancelled')));
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`unhandled rejection in the tool: ${reason instanceof Error ? reason.stack : describe(reason)}\n`);
});

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let started = false;

lines.on('line', (line) => {
  if (!started) {
    started = true;
    run(line).catch((e) => finish({ type: 'error', message: `harness failure: ${e?.message ?? e}`, stack: e?.stack ?? '' }));
    return;
  }
  try {
    if (JSON.parse(line)?.type === 'cancel') controller.abort(new Error('cancelled'));
  } catch {
    // not a control line
  }
});
lines.on('close', () => {
  if (!started) finish({ type: 'error', message: 'no request line arrived on stdin', stack: '' });
});

async function run(requestLine) {
  let request;
  try {
    request = JSON.parse(requestLine);
  } catch (e) {
    return finish({ type: 'error', message: `the request line is not JSON: ${e.message}`, stack: '' });
  }
  const { toolCallId = 'call', entry, params = {} } = request ?? {};
  if (typeof entry !== 'string' || !entry) {
    return finish({ type: 'error', message: 'the request names no entry file', stack: '' });
  }

  let mod;
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (e) {
    return finish({ type: 'error', message: `cannot load ${entry}: ${e?.message ?? e}`, stack: e?.stack ?? '' });
  }
  if (typeof mod.execute !== 'function') {
    let hint = 'export async function execute(toolCallId, params, signal, onUpdate)';
    if (typeof mod.default?.execute === 'function' || typeof mod.default === 'function') {
      hint = `a default export is not found by the loader; ${hint}`;
    }
    return finish({ type: 'error', message: `the entry file has no named execute export (${hint})`, stack: '' });
  }

  const onUpdate = (partial) => {
    if (partial !== null && typeof partial === 'object' && isContent(partial.content)) {
      emit({ type: 'update', content: partial.content });
    } else {
      process.stderr.write(`onUpdate called with a value that is not { content: [...] }: ${describe(partial)}\n`);
    }
  };

  let result;
  try {
    result = await mod.execute(toolCallId, params, controller.signal, onUpdate);
  } catch (e) {
    return finish({
      type: 'error',
      message: `execute threw: ${e instanceof Error ? e.message : describe(e)} (TOOLS.md: return { isError: true } instead)`,
      stack: e instanceof Error ? (e.stack ?? '') : '',
    });
  }
  if (result === null || typeof result !== 'object' || !isContent(result.content)) {
    return finish({
      type: 'error',
      message: `execute returned ${describe(result)}, not a ToolResult { content: [{ type, text }], isError? }`,
      stack: '',
    });
  }
  return finish({ type: 'result', content: result.content, isError: result.isError === true });
}
