// Toolwright runner harness: runs one tool call the way the platform's tool-loader does and
// reports what happens as framed events (DESIGN.md "Running a tool"; that contract is binding).
//
// stdin:  one JSON request line {"toolCallId","entry","params","nonce"}; later lines may be
//         {"type":"cancel"}, which aborts the AbortSignal passed to execute (so does SIGTERM).
// stdout: events, one per line, "\x1eTW <nonce> <json>":
//           {"type":"update","content":[...],"count":N}  N >= 1: the onUpdate calls it stands for
//           {"type":"result","content":[...],"isError":bool}
//           {"type":"error","message","stack"}         import failed, no execute, it threw, it
//                                                      returned something that is not a ToolResult,
//                                                      its process ended without an answer
//                                                      ("oom":true when the kernel's OOM killer did it),
//                                                      or the cancel came before execute was called
//         Exactly one of the last two ends the stream. Every other stdout or stderr line is the
//         tool's own log output.
//
// The tool runs in a process of its own (toolprocess.mjs, beside this file), started with this
// process's environment and working directory, and reports over an IPC channel. The nonce
// arrives on stdin and lives only here: not in any environment, argument or message the tool's
// process can see, and the tool never touches the stdout the frames are written to: reading its
// environment or wrapping its own stdout gives it nothing to forge a frame with. Everything it
// sends is checked here as the tool's own return value would be, and the first answer is the
// only one. Updates are coalesced, by the tool's process when the channel is behind and here
// when stdout is (only the newest is kept, with the count of calls folded into it), so memory
// stays bounded whatever the tool does.
// The tool's process runs as the same user as this one, and where the kernel lets a process
// read a same-user process's memory (/proc/<pid>/mem; no Yama ptrace scope in a sandbox) it
// could find the nonce there. So the harness first starts itself again through an unreadable
// copy of the dynamic loader in /tmp: a process exec'd from a file it cannot read is not
// dumpable, and its memory, environment and descriptors are closed to /proc. The first process
// only waits for it (its own stdin, stdout and stderr closed, so nothing of the run can be
// reached through it either). Where that cannot be done (no loader found, /tmp not executable)
// the harness runs as before.
// Node >= 18, no dependencies.

import { spawn } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, readFileSync, statfsSync, unlinkSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { describe, isContent } from './values.mjs';

// SIGUSR1 would open Node's inspector on the sandbox's loopback, and through it a tool could run
// code in this process (read the nonce, write frames). A listener of our own keeps it closed;
// it is installed before any tool code exists, in both harness processes.
process.on('SIGUSR1', () => {});
// SIGTERM cancels from the moment this module runs, in both harness processes; the first one
// hands it on to the relaunched one as soon as that is spawned. (Installed later, a SIGTERM in
// between killed the first process and left the relaunched one running the tool, holding the
// run's stdout open: outside a sandbox nothing ended it.)
let relaunched = null;
process.on('SIGTERM', () => (relaunched ? relaunched.kill('SIGTERM') : cancel()));
// What the tool's process sends that the IPC channel cannot even parse is the tool's failure,
// not the sandbox's: the one terminal event says so.
process.on('uncaughtException', (e) => {
  const fromChannel = /child_process|serialization/.test(e?.stack ?? '');
  if (child && fromChannel && !terminal) {
    fail(`the tool's process wrote something that is not a message on the runner's channel: ${e?.message ?? e}`);
    return;
  }
  process.stderr.write(`harness failure: ${e?.stack ?? e}\n`);
  process.exit(70);
});

const TOOL_PROCESS = fileURLToPath(new URL('./toolprocess.mjs', import.meta.url));

let nonce = '';
let entry = '';
let child = null;
let cancelled = false;

// --- stdout: frames and the tool's relayed output --------------------------------------------

let atLineStart = true; // a frame must start a line, whatever the tool left unfinished
let blocked = false;    // stdout's buffer is full: updates coalesce, the tool's output waits
let pendingUpdate = null; // { content, count }, waiting for stdout to drain
let terminal = null;    // the run's one terminal event, once decided
let streamsDone = true; // the tool's stdout and stderr have ended (after it answered)
let finishing = false;

function frame(event) {
  const prefix = atLineStart ? '' : '\n';
  atLineStart = true;
  return `${prefix}\x1eTW ${nonce} ${JSON.stringify(event)}\n`;
}

function writeOut(data) {
  if (!process.stdout.write(data)) blocked = true;
}

function flushUpdate() {
  if (!pendingUpdate) return;
  const { content, count } = pendingUpdate;
  pendingUpdate = null;
  writeOut(frame({ type: 'update', content, count }));
}

process.stdout.on('drain', () => {
  blocked = false;
  if (!terminal) flushUpdate();
  child?.stdout?.resume();
  finish();
});
process.stdout.on('error', () => {
  // Nobody reads the events any more.
  child?.kill('SIGKILL');
  process.exit(1);
});

function update(content, count) {
  if (pendingUpdate) {
    pendingUpdate.content = content;
    pendingUpdate.count += count;
  } else {
    pendingUpdate = { content, count };
  }
  if (!blocked) flushUpdate();
}

// Decides the run's terminal event (the first one wins), ends the tool's process, and writes the
// event once the tool's last output is relayed and the last update is out.
function conclude(event) {
  if (terminal) return;
  terminal = event;
  // A tool may leave timers or sockets open; the call is over once it answered.
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (child && !streamsDone) {
    // What the tool wrote before it answered is still in the pipes; a helper it started may
    // hold them open, so wait only while stdout is not what holds them back.
    const giveUp = () => {
      if (streamsDone) return;
      if (blocked) return void setTimeout(giveUp, 500);
      child.stdout.destroy();
      child.stderr.destroy();
      streamsDone = true;
      finish();
    };
    setTimeout(giveUp, 500);
  }
  finish();
}

function finish() {
  if (!terminal || !streamsDone || finishing) return;
  finishing = true;
  flushUpdate();
  process.stdout.write(frame(terminal), () => process.exit(terminal.type === 'result' ? 0 : 1));
}

function fail(message, stack = '') {
  conclude({ type: 'error', message, stack });
}

// The OOM kills the sandbox's memory cgroup counted (cgroup v2, then v1, as a container shows
// them under /sys/fs/cgroup); 0 where there is none to read (bubblewrap: Toolwright reads the
// run's cgroup itself).
function memoryCgroupOomKills() {
  const cgroupFs = [0x27e0eb, 0x63677270]; // CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC
  for (const [file, key] of [['/sys/fs/cgroup/memory.events', 'oom_kill'], ['/sys/fs/cgroup/memory/memory.oom_control', 'oom_kill']]) {
    try {
      // Only the kernel's own files count: a tool can make look-alikes where /sys is writable.
      if (!cgroupFs.includes(statfsSync(dirname(file)).type)) continue;
      const line = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(`${key} `));
      if (line) return Number(line.slice(key.length + 1)) || 0;
    } catch {
      // not in a container, or no such controller
    }
  }
  return 0;
}

// --- what the tool's process reports ----------------------------------------------------------

const text = (value) => (typeof value === 'string' ? value : '');

function onMessage(message) {
  if (terminal || message === null || typeof message !== 'object') return;
  switch (message.type) {
    case 'update': {
      let content;
      try {
        content = typeof message.content === 'string' ? JSON.parse(message.content) : undefined;
      } catch {
        content = undefined;
      }
      if (!isContent(content)) {
        process.stderr.write(`onUpdate called with a value that is not { content: [...] }: ${describe(content)}\n`);
        return;
      }
      update(content, Number.isSafeInteger(message.count) && message.count >= 1 ? message.count : 1);
      return;
    }
    case 'return': {
      const result = message.value;
      if (result === null || typeof result !== 'object' || !isContent(result.content)) {
        return fail(`execute returned ${describe(result)}, not a ToolResult { content: [{ type, text }], isError? }`);
      }
      return conclude({ type: 'result', content: result.content, isError: result.isError === true });
    }
    case 'threw':
      return fail(`execute threw: ${text(message.message)} (TOOLS.md: return { isError: true } instead)`, text(message.stack));
    case 'load-failed':
      return fail(`cannot load ${entry}: ${text(message.message)}`, text(message.stack));
    case 'no-execute': {
      let hint = 'export async function execute(toolCallId, params, signal, onUpdate)';
      if (message.defaultExport === true) hint = `a default export is not found by the loader; ${hint}`;
      return fail(`the entry file has no named execute export (${hint})`);
    }
    case 'unsendable':
      return fail(`execute returned a value that cannot be sent as JSON: ${text(message.message)}`);
    case 'cancelled':
      // Believed only after a cancel of ours (the tool's own code can send it too).
      if (cancelled) return fail("cancelled before the tool's execute was called");
    // falls through
    default:
      process.stderr.write(`harness: ignored a message from the tool's process: ${describe(message)}\n`);
  }
}

// --- the tool's process -----------------------------------------------------------------------

function cancel() {
  cancelled = true;
  if (child?.connected) child.send({ type: 'cancel' }, () => {});
}

// Started through the loader copy (`ld.so node harness.mjs`), execPath is the loader and argv0
// is node; the tool's process runs node itself.
const RELAUNCHED = /\/\.toolwright-ld-\d+$/.test(process.execPath);
const NODE = RELAUNCHED ? process.argv0 : process.execPath;
// Running, this process needs its copy of the loader no more: removed, it does not outlive the
// run where /tmp is not the sandbox's own (the harness's tests left one per run).
if (RELAUNCHED) {
  try {
    unlinkSync(process.execPath);
  } catch {
    // gone already
  }
}

// Starts this harness again through an unreadable copy of the dynamic loader; resolves true
// once that process runs (this one then only waits for it), false where it cannot be done.
function relaunchNotDumpable() {
  let copy;
  try {
    let loader = '';
    for (const line of readFileSync('/proc/self/maps', 'utf8').split('\n')) {
      const slash = line.indexOf('/');
      if (slash < 0) continue;
      const path = line.slice(slash);
      const name = path.slice(path.lastIndexOf('/') + 1);
      if (name.startsWith('ld-linux') || name.startsWith('ld-musl')) {
        loader = path;
        break;
      }
    }
    if (!loader) return Promise.resolve(false);
    copy = join(tmpdir(), `.toolwright-ld-${process.pid}`);
    copyFileSync(loader, copy);
    chmodSync(copy, 0o111);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const inner = spawn(copy, [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url)], { stdio: 'inherit' });
    relaunched = inner;
    inner.on('error', () => {
      relaunched = null;
      resolve(false); // e.g. a /tmp mounted noexec: run here instead
    });
    inner.on('spawn', () => {
      resolve(true);
      for (const fd of [0, 1, 2]) {
        try {
          closeSync(fd);
        } catch {
          // already closed
        }
      }
      inner.on('exit', (code, signal) => {
        try {
          unlinkSync(copy); // where it died before it could remove the copy itself
        } catch {
          // removed by it
        }
        process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
      });
    });
  });
}

function startTool(toolCallId, params) {
  // The same Node flags (the sandbox's heap limit), environment and working directory as here.
  child = spawn(NODE, [...process.execArgv, TOOL_PROCESS], {
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
    env: process.env,
    cwd: process.cwd(),
    serialization: 'json',
  });
  streamsDone = false;
  let open = 2;
  const ended = () => {
    if (--open === 0 && !streamsDone) {
      streamsDone = true;
      finish();
    }
  };
  child.stdin.on('error', () => {});
  child.stdin.end(); // the tool reads no stdin: the request and cancel lines are the harness's
  // The tool's stdout is relayed a whole line at a time: a pipe read can end mid-line, and a
  // frame written there would split the tool's line in two. A line longer than kMaxHeldLine
  // goes out in pieces (the frame then starts a new line).
  const kMaxHeldLine = 64 * 1024;
  let heldLine = Buffer.alloc(0);
  const relay = (data) => {
    atLineStart = data[data.length - 1] === 0x0a;
    writeOut(data);
    if (blocked) child.stdout.pause(); // resumed on drain: the tool's output never piles up here
  };
  child.stdout.on('data', (chunk) => {
    const lastNewline = chunk.lastIndexOf(0x0a);
    if (lastNewline < 0) {
      heldLine = Buffer.concat([heldLine, chunk]);
      if (heldLine.length > kMaxHeldLine) {
        const piece = heldLine;
        heldLine = Buffer.alloc(0);
        relay(piece);
      }
      return;
    }
    const whole = Buffer.concat([heldLine, chunk.subarray(0, lastNewline + 1)]);
    heldLine = Buffer.from(chunk.subarray(lastNewline + 1));
    relay(whole);
  });
  child.stdout.on('end', () => {
    if (heldLine.length) relay(heldLine);
    heldLine = Buffer.alloc(0);
  });
  child.stderr.on('data', (chunk) => {
    if (!process.stderr.write(chunk)) {
      child.stderr.pause();
      process.stderr.once('drain', () => child.stderr.resume());
    }
  });
  child.stdout.on('close', ended);
  child.stderr.on('close', ended);
  child.on('message', onMessage);
  child.on('error', (e) => fail(`harness failure: cannot run the tool's process: ${e?.message ?? e}`));
  child.on('exit', (code, signal) => {
    if (terminal) return;
    // Messages sent just before the end are still in the channel: decide once it has closed.
    const decide = () => {
      const message = code !== null
        ? `the tool's process exited with code ${code} before returning a result`
        : `the tool's process was ended by signal ${signal} before returning a result`;
      // In a container the kernel's OOM killer takes the biggest process, the tool's, and the
      // engine does not flag that: the container's own memory cgroup counts it. Only this
      // process can say so (the tool cannot forge a frame), and only when the kernel counted one.
      if (signal === 'SIGKILL' && memoryCgroupOomKills() > 0) conclude({ type: 'error', message, stack: '', oom: true });
      else fail(message);
    };
    if (!child.connected) return decide();
    child.once('disconnect', decide);
    setTimeout(decide, 1000); // a helper the tool started may hold the channel open
  });
  child.send({ type: 'run', toolCallId, entry, params }, () => {});
}

// --- the request and control lines on stdin --------------------------------------------------

let started = false;

if (RELAUNCHED || !(await relaunchNotDumpable())) listen();

function listen() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!started) {
      started = true;
      try {
        run(line);
      } catch (e) {
        fail(`harness failure: ${e?.message ?? e}`, e?.stack ?? '');
      }
      return;
    }
    try {
      if (JSON.parse(line)?.type === 'cancel') cancel();
    } catch {
      // not a control line
    }
  });
  lines.on('close', () => {
    if (!started) fail('no request line arrived on stdin');
  });
}

function run(requestLine) {
  let request;
  try {
    request = JSON.parse(requestLine);
  } catch (e) {
    return fail(`the request line is not JSON: ${e.message}`);
  }
  if (typeof request?.nonce === 'string' && /^[\w-]{0,256}$/.test(request.nonce)) nonce = request.nonce;
  else if (request?.nonce !== undefined) return fail('the request line carries a nonce that is not a plain token');
  const { toolCallId = 'call', params = {} } = request ?? {};
  if (typeof request?.entry !== 'string' || !request.entry) {
    return fail('the request names no entry file');
  }
  entry = request.entry;
  // A cancel (line or SIGTERM) that came before the request: the tool is not started at all.
  if (cancelled) return fail('cancelled before the tool started');
  startTool(toolCallId, params);
}
