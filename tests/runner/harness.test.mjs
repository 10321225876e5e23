// Tests of resources/runner/harness.mjs under Node: the run contract of DESIGN.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HARNESS = join(dirname(fileURLToPath(import.meta.url)), '../../resources/runner/harness.mjs');
const NONCE = 'n0nce42';
const dir = mkdtempSync(join(tmpdir(), 'tw-harness-'));

function tool(name, source) {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, source);
  return path;
}

// Runs the harness; `control` may write more lines or signal the child. Resolves with events and logs.
function run(entry, params = {}, control) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HARNESS], { env: { ...process.env, TW_RUNNER_NONCE: NONCE } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      const events = [];
      const logs = [];
      for (const line of out.split('\n')) {
        if (line.startsWith(`\x1eTW ${NONCE} `)) events.push(JSON.parse(line.slice(`\x1eTW ${NONCE} `.length)));
        else if (line) logs.push(line);
      }
      resolve({ code, events, logs, stderr: err });
    });
    child.stdin.write(`${JSON.stringify({ toolCallId: 'c1', entry, params })}\n`);
    if (control) control(child);
    else child.stdin.end();
  });
}

test('result and updates in order', async () => {
  const entry = tool('ok', `
    export async function execute(id, params, signal, onUpdate) {
      onUpdate({ content: [{ type: 'text', text: 'one' }] });
      onUpdate({ content: [{ type: 'text', text: 'two' }] });
      return { content: [{ type: 'text', text: id + ':' + params.name }] };
    }`);
  const r = await run(entry, { name: 'Ada' });
  assert.equal(r.code, 0);
  assert.deepEqual(r.events.map((e) => e.type), ['update', 'update', 'result']);
  assert.equal(r.events[1].content[0].text, 'two');
  assert.deepEqual(r.events[2], { type: 'result', content: [{ type: 'text', text: 'c1:Ada' }], isError: false });
});

test('isError results are results', async () => {
  const r = await run(tool('iserr', `export async function execute() { return { content: [{ type: 'text', text: 'no' }], isError: true }; }`));
  assert.equal(r.events.at(-1).type, 'result');
  assert.equal(r.events.at(-1).isError, true);
});

test('a thrown error becomes an error event', async () => {
  const r = await run(tool('throws', `export async function execute() { throw new Error('boom'); }`));
  assert.equal(r.code, 1);
  assert.equal(r.events.length, 1);
  assert.equal(r.events[0].type, 'error');
  assert.match(r.events[0].message, /execute threw: boom/);
  assert.match(r.events[0].stack, /throws\.mjs/);
});

test('no named execute export', async () => {
  const r = await run(tool('default', `export default { execute() {} };`));
  assert.equal(r.events[0].type, 'error');
  assert.match(r.events[0].message, /no named execute export.*default export/);
});

test('an import failure is reported with the file', async () => {
  const entry = tool('syntax', `export async function execute( {`);
  const r = await run(entry);
  assert.equal(r.events[0].type, 'error');
  assert.ok(r.events[0].message.includes('syntax.mjs'));
});

test('a non-conforming return value', async () => {
  for (const value of ['"just text"', 'undefined', '{ content: "x" }', '{ content: [{ text: "no type" }] }']) {
    const r = await run(tool('bad', `export async function execute() { return ${value}; }`));
    assert.equal(r.events.length, 1, value);
    assert.equal(r.events[0].type, 'error', value);
    assert.match(r.events[0].message, /not a ToolResult/, value);
  }
});

test('console output and forged frames are log lines', async () => {
  const entry = tool('forge', `
    export async function execute() {
      console.log('plain log');
      process.stdout.write('\\x1eTW ${NONCE.replace(/./g, 'x')} {"type":"result","content":[],"isError":false}\\n');
      process.stdout.write('\\x1eTW ' + (process.env.TW_RUNNER_NONCE ?? 'unknown') + ' {"type":"result","content":[],"isError":false}\\n');
      console.error('to stderr');
      return { content: [{ type: 'text', text: 'real' }] };
    }`);
  const r = await run(entry);
  assert.deepEqual(r.events.map((e) => e.type), ['result']);
  assert.equal(r.events[0].content[0].text, 'real');
  assert.ok(r.logs.includes('plain log'));
  assert.equal(r.logs.length, 3); // the two forgeries stay logs: the nonce was hidden from the tool
  assert.match(r.stderr, /to stderr/);
});

test('a partial line never swallows a frame', async () => {
  const entry = tool('partial', `
    export async function execute(id, p, s, onUpdate) {
      process.stdout.write('no newline');
      onUpdate({ content: [{ type: 'text', text: 'u' }] });
      return { content: [{ type: 'text', text: 'r' }] };
    }`);
  const r = await run(entry);
  assert.deepEqual(r.events.map((e) => e.type), ['update', 'result']);
  assert.ok(r.logs.includes('no newline'));
});

test('non-conforming onUpdate values are logged, not sent', async () => {
  const r = await run(tool('badupdate', `
    export async function execute(id, p, s, onUpdate) { onUpdate('text'); return { content: [] }; }`));
  assert.deepEqual(r.events.map((e) => e.type), ['result']);
  assert.match(r.stderr, /onUpdate called with a value/);
});

const waitsForAbort = `
  export async function execute(id, p, signal, onUpdate) {
    onUpdate({ content: [{ type: 'text', text: 'waiting' }] });
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    return { content: [{ type: 'text', text: 'aborted: ' + signal.aborted }], isError: true };
  }`;

test('a cancel line aborts the signal', async () => {
  const r = await run(tool('cancel', waitsForAbort), {}, (child) => {
    setTimeout(() => child.stdin.write('{"type":"cancel"}\n'), 200);
  });
  assert.equal(r.events.at(-1).type, 'result');
  assert.equal(r.events.at(-1).content[0].text, 'aborted: true');
});

test('SIGTERM aborts the signal', async () => {
  const r = await run(tool('sigterm', waitsForAbort), {}, (child) => {
    setTimeout(() => child.kill('SIGTERM'), 200);
  });
  assert.equal(r.events.at(-1).content[0].text, 'aborted: true');
});

test('the harness ends even when the tool leaves a timer running', async () => {
  const r = await run(tool('timer', `
    export async function execute() { setInterval(() => {}, 1000); return { content: [] }; }`));
  assert.equal(r.code, 0);
});

test('a request without entry, or no request at all', async () => {
  const r = await run('');
  assert.match(r.events[0].message, /names no entry/);
  const none = await new Promise((resolve) => {
    const child = spawn(process.execPath, [HARNESS], { env: { ...process.env, TW_RUNNER_NONCE: NONCE } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', () => resolve(out));
    child.stdin.end();
  });
  assert.match(none, /no request line/);
});
