// Toolwright runner, the tool's side: the process harness.mjs starts for the tool, so the tool
// never shares a process with the code that knows the run's nonce (DESIGN.md "Running a tool").
// It imports the entry, calls execute with an AbortSignal and onUpdate, and reports to
// harness.mjs over the IPC channel; harness.mjs checks every message (a tool can call
// process.send itself) and writes the framed events. Nothing here is trusted.
//
// From the harness: {type:'run', toolCallId, entry, params} once, then maybe {type:'cancel'}.
// To the harness:
//   {type:'update', content, count}       content: the content array as JSON text, taken when
//                                         onUpdate was called; count: the onUpdate calls it stands for
//   {type:'return', value}                what execute resolved to
//   {type:'threw', message, stack}        execute threw or rejected
//   {type:'load-failed', message, stack}  the entry could not be imported
//   {type:'no-execute', defaultExport}    the entry has no named execute export
//   {type:'unsendable', message}          execute's value cannot be sent as JSON
//   {type:'cancelled'}                    the cancel came first: execute is not called at all
// Node >= 18, no dependencies.

import { pathToFileURL } from 'node:url';

import { describe, isContent } from './values.mjs';

// Taken before the tool runs: a tool that replaces process.send or process.stdout.write only
// changes what it reports itself.
const send = process.send.bind(process);
const writers = [process.stdout, process.stderr].map((stream) => stream.write.bind(stream));

const controller = new AbortController();
process.on('SIGTERM', () => controller.abort(new Error('cancelled')));
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`unhandled rejection in the tool: ${reason instanceof Error ? reason.stack : describe(reason)}\n`);
});
// Without the harness nobody reads what the tool does: end with it.
process.on('disconnect', () => process.exit(1));

let started = false;
process.on('message', (message) => {
  if (message?.type === 'cancel') {
    controller.abort(new Error('cancelled'));
  } else if (message?.type === 'run' && !started) {
    started = true;
    run(message);
  }
});

// Updates are coalesced so that memory stays bounded whatever the tool does (a million
// synchronous onUpdate calls included): a few sends may wait for the channel at a time; past
// that only the newest update is kept, counting the calls folded into it, and it goes out when
// a send completes. A window rather than a single send in flight, so that a short burst of
// updates still arrives one by one.
const kWindowMessages = 64;
const kWindowBytes = 1024 * 1024;
let inFlight = 0;
let inFlightBytes = 0;
let pending = null; // { content: JSON text, count }
let answered = false;

function hasRoom() {
  return inFlight === 0 || (inFlight < kWindowMessages && inFlightBytes < kWindowBytes);
}

function sendPending() {
  while (pending && !answered && hasRoom()) {
    const { content, count } = pending;
    pending = null;
    ++inFlight;
    inFlightBytes += content.length;
    send({ type: 'update', content, count }, () => {
      --inFlight;
      inFlightBytes -= content.length;
      sendPending();
    });
  }
}

function onUpdate(partial) {
  if (answered) return; // the call is over: nothing may follow its answer
  if (partial === null || typeof partial !== 'object' || !isContent(partial.content)) {
    process.stderr.write(`onUpdate called with a value that is not { content: [...] }: ${describe(partial)}\n`);
    return;
  }
  let content;
  try {
    content = JSON.stringify(partial.content); // a snapshot: the tool may change the array afterwards
  } catch (e) {
    process.stderr.write(`onUpdate called with content that cannot be sent as JSON: ${e?.message ?? e}\n`);
    return;
  }
  pending = { content, count: (pending?.count ?? 0) + 1 };
  sendPending();
}

function answer(message) {
  if (answered) return;
  answered = true;
  // The harness ends this process once it has the answer: what the tool wrote to stdout and
  // stderr (a pipe queues in this process while the harness is behind) goes out first.
  let unflushed = writers.length;
  const flushed = () => {
    if (--unflushed > 0) return;
    // The last update goes before the answer; the channel keeps their order.
    if (pending) send({ type: 'update', content: pending.content, count: pending.count });
    pending = null;
    try {
      send(message);
    } catch (e) {
      send({ type: 'unsendable', message: `${e?.message ?? e}` });
    }
  };
  for (const write of writers) write('', flushed);
}

async function run({ toolCallId, entry, params }) {
  // A signal aborted before execute is called never fires 'abort' at the listener the tool adds
  // then: a tool waiting for it would wait for ever. Cancelled before the call, there is no call.
  if (controller.signal.aborted) return answer({ type: 'cancelled' });
  let mod;
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (e) {
    return answer({ type: 'load-failed', message: `${e?.message ?? e}`, stack: `${e?.stack ?? ''}` });
  }
  if (typeof mod.execute !== 'function') {
    return answer({ type: 'no-execute', defaultExport: typeof mod.default?.execute === 'function' || typeof mod.default === 'function' });
  }
  if (controller.signal.aborted) return answer({ type: 'cancelled' }); // during the import
  let value;
  try {
    value = await mod.execute(toolCallId, params, controller.signal, onUpdate);
  } catch (e) {
    return answer({
      type: 'threw',
      message: e instanceof Error ? `${e.message}` : describe(e),
      stack: e instanceof Error ? `${e.stack ?? ''}` : '',
    });
  }
  return answer({ type: 'return', value });
}
