// The balance lab's Web Worker: `castle-combo balance --json` played here, away from the page, so the page
// stays responsive. It starts its own Python (the same files as the page), then plays each run a few games at
// a time (castle_combo.cli.workshop.BalanceRun), reporting progress after each step and reading the page's
// messages between steps, so "cancel" stops a run within one step and still gives the report of the games
// finished (marked interrupted, as the command's report after Ctrl-C).
//
// Messages in:  {type: "run", id, text, name, options}   {type: "cancel", id}
// Messages out: {type: "ready"}  {type: "failed", message}  {type: "progress", id, done, games}
//               {type: "done", id, json, words}  {type: "error", id, message}
import { startPython } from "./python.js";

const base = new URL("../", import.meta.url);
const cancelled = new Set();
let queue = Promise.resolve();

const page = startPython(base).then(
  ({ workshop }) => {
    postMessage({ type: "ready" });
    return workshop.Page();
  },
  (error) => {
    postMessage({ type: "failed", message: String(error?.message ?? error) });
    throw error;
  },
);

// A step of about this many milliseconds keeps the progress bar moving and "cancel" quick.
const STEP_MS = 120;
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run({ id, text, name, options }) {
  const python = await page;
  let answer = JSON.parse(python.balance_start(text, name, JSON.stringify(options ?? {})));
  if (answer.error) {
    postMessage({ type: "error", id, message: answer.error });
    return;
  }
  const games = answer.ok.games;
  let done = 0;
  let size = 1;
  postMessage({ type: "progress", id, done, games });
  while (done < games && !cancelled.has(id)) {
    const started = performance.now();
    answer = JSON.parse(python.balance_step(size));
    done = answer.ok.done;
    postMessage({ type: "progress", id, done, games });
    const spent = Math.max(1, performance.now() - started);
    size = Math.max(1, Math.min(64, Math.round((size * STEP_MS) / spent)));
    await pause(); // let a "cancel" message in
  }
  answer = JSON.parse(python.balance_report());
  postMessage({ type: "done", id, json: answer.ok.json, words: answer.ok.words });
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === "cancel") {
    cancelled.add(message.id);
  } else if (message.type === "run") {
    queue = queue.then(() => run(message)).catch((error) => {
      postMessage({ type: "error", id: message.id, message: String(error?.message ?? error) });
    });
  }
};
