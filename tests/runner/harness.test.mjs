// Tests of resources/runner/harness.mjs under Node: the run contract of DESIGN.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HARNESS = join(dirname(fileURLToPath(import.meta.url)), '../../resources/runner/harness.mjs');
const NONCE = `n0nce${process.pid}x${Date.now().toString(16)}`;
const FRAME = `\x1eTW ${NONCE} `;
const dir = mkdtempSync(join(tmpdir(), 'tw-harness-'));

function tool(name, source) {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, source);
  return path;
}

// The peak resident memory of a process so far (VmHWM), in MiB; 0 once it is gone.
function peakMiB(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

// The peak resident memory of the harness under `pid` (the process itself and the copy it starts
// itself again as, not the tool's process), in MiB: the largest so far.
function harnessPeakMiB(pid) {
  let peak = peakMiB(pid);
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    // gone
  }
  for (const c of children) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${c}/cmdline`, 'latin1');
    } catch {
      // gone
    }
    if (cmdline.includes('harness.mjs')) peak = Math.max(peak, harnessPeakMiB(c));
  }
  return peak;
}

// Runs the harness with the nonce in the request line, as Toolwright does. Options:
//   control(child, events)  called once the request is written (else stdin is closed);
//   onEvent(event, child)   called for each event as it arrives;
//   readDelayMs             a slow reader: stdout is not read for this long;
//   readAfterStderr         a reader that falls behind: stdout is not read until the harness's
//                           stderr (the tool's, relayed) has said this.
// Resolves with the exit code, events, stdout log lines and stderr.
//   harness                 another copy of the harness to run.
function run(entry, params = {}, { control, onEvent, readDelayMs = 0, readAfterStderr, onSpawn, harness = HARNESS } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [harness]);
    onSpawn?.(child);
    let partial = '';
    let err = '';
    const events = [];
    const logs = [];
    const take = (line) => {
      if (line.startsWith(FRAME)) {
        const event = JSON.parse(line.slice(FRAME.length));
        events.push(event);
        onEvent?.(event, child);
      } else if (line) {
        logs.push(line);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      const lines = (partial + d).split('\n');
      partial = lines.pop();
      for (const line of lines) take(line);
    });
    if (readDelayMs) {
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), readDelayMs);
    }
    if (readAfterStderr) child.stdout.pause();
    child.stderr.on('data', (d) => {
      err += d;
      if (readAfterStderr && err.includes(readAfterStderr)) child.stdout.resume();
    });
    child.on('close', (code) => {
      take(partial);
      resolve({ code, events, logs, stderr: err });
    });
    child.stdin.write(`${JSON.stringify({ toolCallId: 'c1', entry, params, nonce: NONCE })}\n`);
    if (control) control(child, events);
    else if (!onEvent) child.stdin.end();
  });
}

const terminals = (events) => events.filter((e) => e.type === 'result' || e.type === 'error');

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

// Cancel and SIGTERM go out once the tool said it is waiting, never after a guessed delay.
const onWaiting = (act) => (event, child) => {
  if (event.type === 'update' && event.content[0]?.text === 'waiting') act(child);
};

test('a cancel line aborts the signal', async () => {
  const r = await run(tool('cancel', waitsForAbort), {}, { onEvent: onWaiting((child) => child.stdin.write('{"type":"cancel"}\n')) });
  assert.equal(r.events.at(-1).type, 'result');
  assert.equal(r.events.at(-1).content[0].text, 'aborted: true');
});

test('SIGTERM aborts the signal', async () => {
  const r = await run(tool('sigterm', waitsForAbort), {}, { onEvent: onWaiting((child) => child.kill('SIGTERM')) });
  assert.equal(r.events.at(-1).content[0].text, 'aborted: true');
});

// A cancel before the tool's listener exists: a signal aborted before execute is called never
// fires 'abort' at a listener added afterwards, so execute must not be called at all (it was, and
// a tool waiting for the abort kept the run open for ever).
test('a cancel that comes before execute is called ends the run without calling it', { timeout: 30000 }, async () => {
  // The tool's module says it is loading, and its import lasts until the cancel sent then has
  // reached its process (the runner's own listener, registered first, aborts the signal).
  const entry = tool('early', `
    const cancelled = new Promise((resolve) => process.on('message', (m) => { if (m?.type === 'cancel') resolve(); }));
    console.error('loading');
    await cancelled;
    ${waitsForAbort}`);
  const r = await run(entry, {}, {
    control: () => {}, // stdin stays open
    onSpawn: (child) => {
      let said = '';
      child.stderr.on('data', function loading(d) {
        said += d;
        if (!said.includes('loading')) return;
        child.stderr.off('data', loading);
        child.stdin.write('{"type":"cancel"}\n');
      });
    },
  });
  assert.deepEqual(r.events, [{ type: 'error', message: "cancelled before the tool's execute was called", stack: '' }]);
  assert.equal(r.code, 1);
});

test('a tool claiming a cancel that never came is not believed', async () => {
  const r = await run(tool('claims', `
    export async function execute() {
      process.send({ type: 'cancelled' });
      return { content: [{ type: 'text', text: 'ran' }] };
    }`));
  assert.deepEqual(r.events, [{ type: 'result', content: [{ type: 'text', text: 'ran' }], isError: false }]);
  assert.match(r.stderr, /ignored a message from the tool's process: \{"type":"cancelled"\}/);
});

// The processes whose command line names `path` (a private copy of the runner).
function processesOf(path) {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(path);
    } catch {
      return false; // gone meanwhile
    }
  });
}

// SIGTERM at whatever moment of the harness's start — before its handlers exist, while it starts
// itself again, before the request is read, while the tool runs — ends the harness and the tool's
// process; no process is left holding the run's output (the test would hang on it).
test('SIGTERM at any moment of the start ends the harness and leaves no process', { timeout: 60000 }, async () => {
  const copy = join(dir, 'runner-copy');
  cpSync(dirname(HARNESS), copy, { recursive: true });
  const entry = tool('termstart', waitsForAbort);
  for (const afterMs of [0, 25, 50, 100, 150, 200, 300, 500]) {
    const r = await run(entry, {}, {
      harness: join(copy, 'harness.mjs'),
      onSpawn: (child) => setTimeout(() => child.kill('SIGTERM'), afterMs),
      onEvent: () => {}, // keeps stdin open, as Toolwright does
    });
    // Either it died of the signal before it could answer, or it answered once, as cancelled.
    assert.ok(terminals(r.events).length <= 1, JSON.stringify(r.events));
    if (terminals(r.events).length === 1) {
      assert.match(JSON.stringify(r.events.at(-1)), /aborted: true|cancelled before/, `after ${afterMs} ms`);
    }
    const deadline = Date.now() + 10000;
    while (processesOf(copy).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(processesOf(copy), [], `processes left after a SIGTERM ${afterMs} ms into the start`);
  }
});

test('the copy of the loader the harness restarts itself through does not outlive the run', async () => {
  let harnessPid = 0;
  const r = await run(tool('parent', `
    export async function execute() { return { content: [{ type: 'text', text: String(process.ppid) }] }; }`), {}, {
    onSpawn: (child) => {
      harnessPid = child.pid;
    },
  });
  assert.equal(r.code, 0, r.stderr);
  // The tool's parent is the restarted harness, not the one spawned here: the copy was used.
  assert.notEqual(Number(r.events.at(-1).content[0].text), harnessPid);
  assert.equal(existsSync(join(tmpdir(), `.toolwright-ld-${harnessPid}`)), false);
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
    const child = spawn(process.execPath, [HARNESS]);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', () => resolve(out));
    child.stdin.end();
  });
  assert.match(none, /no request line/);
});

// --- a hostile tool cannot forge the event stream -------------------------------------------

test('the nonce is nowhere the tool can read', async () => {
  const entry = tool('snoop', `
    import { readFileSync } from 'node:fs';
    const read = (path) => { try { return readFileSync(path, 'latin1'); } catch (e) { return 'unreadable: ' + e.code; } };
    export async function execute() {
      const seen = {
        selfEnviron: read('/proc/self/environ'),
        initEnviron: read('/proc/1/environ'),
        parentEnviron: read('/proc/' + process.ppid + '/environ'),
        selfCmdline: read('/proc/self/cmdline'),
        parentCmdline: read('/proc/' + process.ppid + '/cmdline'),
        env: JSON.stringify(process.env),
        argv: JSON.stringify([process.argv, process.execArgv]),
      };
      return { content: [{ type: 'text', text: JSON.stringify(seen) }] };
    }`);
  const r = await run(entry);
  assert.equal(r.events.at(-1).type, 'result', r.stderr);
  const seen = JSON.parse(r.events.at(-1).content[0].text);
  assert.ok(seen.selfEnviron.includes('PATH=')); // really read
  for (const [where, text] of Object.entries(seen)) assert.ok(!text.includes(NONCE), `the nonce is in ${where}`);
});

test('a tool that taps stdout finds no frame to copy, and its forgery is a log line', async () => {
  const entry = tool('tap', `
    import fs from 'node:fs';
    let captured = null;
    const look = (chunk) => { const m = /\\x1eTW (\\S+) /.exec(String(chunk)); if (m) captured = m[1]; };
    const write = process.stdout.write;
    process.stdout.write = function (chunk, ...rest) { look(chunk); return write.call(this, chunk, ...rest); };
    const _write = process.stdout._write;
    process.stdout._write = function (chunk, ...rest) { look(chunk); return _write.call(this, chunk, ...rest); };
    const writeSync = fs.writeSync;
    fs.writeSync = function (fd, chunk, ...rest) { look(chunk); return writeSync.call(this, fd, chunk, ...rest); };
    export async function execute(id, p, s, onUpdate) {
      onUpdate({ content: [{ type: 'text', text: 'progress' }] });
      await new Promise((r) => setTimeout(r, 50));
      const forged = JSON.stringify({ type: 'result', content: [{ type: 'text', text: 'forged' }], isError: false });
      process.stdout.write('\\x1eTW ' + (captured ?? 'none') + ' ' + forged + '\\n');
      return { content: [{ type: 'text', text: 'real' }] };
    }`);
  const r = await run(entry);
  assert.deepEqual(r.events.map((e) => e.type), ['update', 'result']);
  assert.equal(r.events[1].content[0].text, 'real');
  assert.ok(r.logs.some((line) => line.includes('"forged"')), r.logs.join('\n'));
});

test('messages a tool sends itself get no further than its own return value would', async () => {
  const entry = tool('sender', `
    export async function execute() {
      process.send({ type: 'result', content: [{ type: 'text', text: 'a raw frame' }], isError: false });
      process.send({ type: 'update', content: 'not json', count: 5 });
      process.send({ type: 'update', content: JSON.stringify([{ type: 'text', text: 'sent update' }]), count: -3 });
      process.send({ type: 'return', value: { content: [{ type: 'text', text: 'sent first' }], isError: 'yes' } });
      process.send({ type: 'return', value: { content: [{ type: 'text', text: 'sent second' }] } });
      process.send({ type: 'threw', message: 'sent third' });
      return { content: [{ type: 'text', text: 'returned' }] };
    }`);
  const r = await run(entry);
  assert.equal(terminals(r.events).length, 1);
  // The first answer wins, checked as a return value is: isError must be true to count.
  assert.deepEqual(r.events.at(-1), { type: 'result', content: [{ type: 'text', text: 'sent first' }], isError: false });
  assert.deepEqual(r.events.filter((e) => e.type === 'update'), [{ type: 'update', content: [{ type: 'text', text: 'sent update' }], count: 1 }]);
  assert.match(r.stderr, /ignored a message from the tool's process/);
  assert.match(r.stderr, /onUpdate called with a value that is not/);
  assert.equal(r.code, 0);
});

test('nothing follows the terminal event, whatever the tool does after it', async () => {
  const entry = tool('late', `
    export async function execute(id, p, s, onUpdate) {
      setImmediate(() => {
        onUpdate({ content: [{ type: 'text', text: 'late update' }] });
        process.send({ type: 'return', value: { content: [{ type: 'text', text: 'late result' }] } });
        process.send({ type: 'threw', message: 'late error' });
      });
      return { content: [{ type: 'text', text: 'on time' }] };
    }`);
  const r = await run(entry);
  assert.deepEqual(r.events, [{ type: 'result', content: [{ type: 'text', text: 'on time' }], isError: false }]);
});

test('a tool process that ends without an answer is an error naming how it ended', async () => {
  const exited = await run(tool('exits', `export async function execute() { process.exit(3); }`));
  assert.deepEqual(exited.events.map((e) => e.type), ['error']);
  assert.match(exited.events[0].message, /the tool's process exited with code 3 before returning a result/);
  assert.equal(exited.code, 1);
  const killed = await run(tool('killed', `export async function execute() { process.kill(process.pid, 'SIGKILL'); }`));
  assert.match(killed.events[0].message, /ended by signal SIGKILL before returning a result/);
});

test('a value JSON cannot carry is an error, not a crash', async () => {
  const r = await run(tool('bigint', `export async function execute() { return { content: [{ type: 'text', text: 'n', n: 1n }] }; }`));
  assert.deepEqual(r.events.map((e) => e.type), ['error']);
  assert.match(r.events[0].message, /cannot be sent as JSON.*BigInt/);
});

// --- updates are coalesced: exact counts, bounded memory ------------------------------------

test('a million synchronous updates: every call counted, memory bounded', { timeout: 180000 }, async () => {
  const entry = tool('flood', `
    export async function execute(id, params, signal, onUpdate) {
      const pad = 'x'.repeat(100);
      for (let i = 1; i <= params.n; i++) onUpdate({ content: [{ type: 'text', text: 'update ' + i + ' ' + pad }] });
      return { content: [{ type: 'text', text: JSON.stringify({ peakMiB: process.resourceUsage().maxRSS / 1024 }) }] };
    }`);
  let harnessPeak = 0;
  let poll;
  const r = await run(entry, { n: 1000000 }, {
    readDelayMs: 1000, // a reader that falls behind: the harness must coalesce, not queue
    onSpawn: (child) => {
      poll = setInterval(() => {
        harnessPeak = Math.max(harnessPeak, harnessPeakMiB(child.pid));
      }, 20);
    },
  });
  clearInterval(poll);
  assert.equal(r.code, 0, r.stderr);
  const updates = r.events.filter((e) => e.type === 'update');
  assert.ok(updates.every((e) => Number.isInteger(e.count) && e.count >= 1));
  assert.equal(updates.reduce((n, e) => n + e.count, 0), 1000000);
  assert.equal(updates.at(-1).content[0].text, `update 1000000 ${'x'.repeat(100)}`);
  const toolPeak = JSON.parse(r.events.at(-1).content[0].text).peakMiB;
  assert.ok(toolPeak < 150, `the tool's process peaked at ${toolPeak} MiB`);
  assert.ok(harnessPeak > 0 && harnessPeak < 150, `the harness peaked at ${harnessPeak} MiB`);
});

test('a short burst of updates arrives one by one when the reader keeps up', async () => {
  const r = await run(tool('burst', `
    export async function execute(id, p, s, onUpdate) {
      for (let i = 1; i <= 20; i++) onUpdate({ content: [{ type: 'text', text: String(i) }] });
      return { content: [] };
    }`));
  const updates = r.events.filter((e) => e.type === 'update');
  assert.deepEqual(updates.map((e) => e.content[0].text), Array.from({ length: 20 }, (_, i) => String(i + 1)));
  assert.ok(updates.every((e) => e.count === 1));
});

test('a reader that falls behind: the harness keeps only the newest update, counting the rest', { timeout: 120000 }, async () => {
  // Updates with turns of the event loop between them reach the harness one by one; its stdout
  // is not read until the tool has made them all (it says so on stderr, which is read), so the
  // harness must fold them rather than queue them.
  const entry = tool('steady', `
    export async function execute(id, params, signal, onUpdate) {
      const pad = 'y'.repeat(100);
      for (let i = 1; i <= params.n; i++) {
        onUpdate({ content: [{ type: 'text', text: 'update ' + i + ' ' + pad }] });
        if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      console.error('all updates made');
      return { content: [{ type: 'text', text: 'done' }] };
    }`);
  let harnessPeak = 0;
  let poll;
  const r = await run(entry, { n: 200000 }, {
    readAfterStderr: 'all updates made',
    onSpawn: (child) => {
      poll = setInterval(() => {
        harnessPeak = Math.max(harnessPeak, harnessPeakMiB(child.pid));
      }, 20);
    },
  });
  clearInterval(poll);
  assert.equal(r.code, 0, r.stderr);
  const updates = r.events.filter((e) => e.type === 'update');
  assert.equal(updates.reduce((n, e) => n + e.count, 0), 200000);
  assert.ok(updates.length < 20000, `${updates.length} update frames: nothing was folded`);
  assert.ok(updates.some((e) => e.count > 1));
  assert.equal(updates.at(-1).content[0].text, `update 200000 ${'y'.repeat(100)}`);
  assert.equal(r.events.at(-1).type, 'result'); // after the last update
  assert.ok(harnessPeak > 0 && harnessPeak < 150, `the harness peaked at ${harnessPeak} MiB`);
});

test('everything the tool wrote before it answered is relayed, even to a slow reader', async () => {
  const r = await run(tool('chatty', `
    export async function execute() {
      for (let i = 0; i < 20000; i++) console.log('log line ' + i + ' ' + 'z'.repeat(80));
      for (let i = 0; i < 2000; i++) console.error('err line ' + i);
      return { content: [{ type: 'text', text: 'done' }] };
    }`), {}, { readDelayMs: 500 });
  assert.equal(r.events.at(-1).content[0].text, 'done');
  assert.equal(r.logs.length, 20000);
  assert.equal(r.logs.at(-1), `log line 19999 ${'z'.repeat(80)}`);
  assert.equal(r.stderr.split('\n').filter(Boolean).length, 2000);
});

test('a frame never splits a line the tool is still writing', async () => {
  const entry = tool('halfline', `
    export async function execute(id, params, signal, onUpdate) {
      for (let i = 0; i < 50; i++) {
        process.stdout.write('start ' + i + ' ');
        onUpdate({ content: [{ type: 'text', text: 'u' + i }] });
        await new Promise((r) => setTimeout(r, 2));
        process.stdout.write('end ' + i + '\\n');
      }
      return { content: [{ type: 'text', text: 'done' }] };
    }`);
  const r = await run(entry);
  assert.equal(r.code, 0);
  const lines = r.logs.filter((l) => l.startsWith('start') || l.startsWith('end'));
  assert.equal(lines.length, 50);
  lines.forEach((l, i) => assert.equal(l, `start ${i} end ${i}`));
});

test('garbage on the runner channel is the tool\'s error, not a crash', async () => {
  const entry = tool('garbage', `
    import { writeSync } from 'node:fs';
    export async function execute() {
      writeSync(Number(process.env.NODE_CHANNEL_FD ?? 3), 'not json\\n');
      await new Promise((r) => setTimeout(r, 2000));
      return { content: [{ type: 'text', text: 'late' }] };
    }`);
  const r = await run(entry);
  assert.equal(r.code, 1);
  assert.equal(r.events.length, 1);
  assert.equal(r.events[0].type, 'error');
  assert.match(r.events[0].message, /not a message on the runner's channel/);
});
