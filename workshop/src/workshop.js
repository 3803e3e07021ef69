// The Card Workshop page: write cards, see them checked and drawn, play them against bots, balance-test
// them, share them. castle-combo itself runs in the page (Pyodide); every message, picture, narration and
// number comes from castle_combo.cli.workshop, which gives the command line's own answers. This script only
// lays them out and turns clicks into calls.
//
// The page's JavaScript API (for tests and for people who embed the page), as the docs' Workshop page says:
//   await workshop.ready                  resolves once Python and castle-combo are loaded
//   await workshop.check(text)            {ok, errors: [{line, column, message}], cards: [{name, english, svg}]}
//   await workshop.balance(text, {players, games, seed, bots})   the JSON of `castle-combo balance --json`
import "./workshop.css";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { cclHighlightStyle, cclLanguage } from "./highlight.js";
import { startPython } from "./python.js";
import { cardsFragment, cardsOf, carriesCards } from "./share.js";

const BASE = new URL("../", import.meta.url); // the site's workshop/ folder
const DEFAULT_NAME = "my-cards.ccl";
const STORAGE_KEY = "castle-combo-workshop";
const CHECK_DELAY_MS = 40; // typing pauses this long before the cards are checked again

const $ = (id) => document.getElementById(id);
const element = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
};

function setStatus(text, kind = "") {
  const status = $("cc-status");
  status.textContent = text;
  status.className = `cc-status ${kind}`;
}

// ------------------------------------------------------------------ Python, once

let python = null; // castle_combo.cli.workshop.Page, once loaded
let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});

function call(method, ...args) {
  const answer = JSON.parse(python[method](...args));
  if (answer.error !== undefined) {
    const error = new Error(answer.error);
    error.kind = answer.kind;
    throw error;
  }
  return answer.ok;
}

// ------------------------------------------------------------------ the editor

let fileName = DEFAULT_NAME;
let lastCheck = null; // the last answer of check, for the play and balance buttons
let keyAt = 0; // when the last key was pressed (performance.now() time), for the timings
let checkTimer = 0;
const timings = { keystrokeToUpdate: null, python: null, render: null, start: null };

const editor = new EditorView({
  parent: $("cc-editor"),
  state: EditorState.create({
    doc: "",
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      bracketMatching(),
      indentUnit.of("    "),
      cclLanguage,
      syntaxHighlighting(cclHighlightStyle),
      lintGutter(),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": "card file", spellcheck: "false" }),
      EditorView.domEventObservers({
        // every key, those the keymap handles (Backspace, Enter) included
        keydown(event) {
          keyAt = event.timeStamp;
        },
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) scheduleCheck();
      }),
    ],
  }),
});

function editorText() {
  return editor.state.doc.toString();
}

function setEditorText(text) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
}

function setFileName(name) {
  fileName = name;
  $("cc-file-name").textContent = name;
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkNow, CHECK_DELAY_MS);
}

// A (line, column) of a message, counted in characters as Python counts them, to an offset in the editor.
function offsetOf(doc, line, column) {
  const target = doc.line(Math.min(Math.max(1, line), doc.lines));
  const chars = Array.from(target.text);
  const before = chars.slice(0, Math.max(0, column - 1)).join("").length;
  const from = target.from + Math.min(before, target.length);
  const word = /[^\s{}:,]+/y;
  word.lastIndex = from - target.from;
  const found = word.exec(target.text);
  return { from, to: found ? from + found[0].length : Math.min(from + 1, target.to) };
}

// A message of castle-combo check as the page shows it: its lines wrap, except the card's line and the caret
// under it, which stay together, aligned, in a block of their own that scrolls sideways if it must.
function messageNode(message) {
  const node = element("div", { class: "cc-message" });
  const lines = message.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (i + 1 < lines.length && /^\s*\^+\s*$/.test(lines[i + 1])) {
      node.append(element("pre", { class: "cc-source", text: `${lines[i]}\n${lines[i + 1]}` }));
      i++;
    } else {
      node.append(element("div", { class: "cc-line", text: lines[i] }));
    }
  }
  return node;
}

// The card's line scrolled so that its caret is in sight (a phone shows only the start of a long line).
function showCaret(source) {
  const [line, caret] = source.textContent.split("\n");
  const longest = Math.max(line.length, caret.length);
  if (source.scrollWidth > source.clientWidth && longest) {
    source.scrollLeft = (caret.indexOf("^") / longest) * source.scrollWidth - source.clientWidth / 2;
  }
}

function renderProblems(result) {
  const doc = editor.state.doc;
  const diagnostics = result.errors.map((error) => ({
    ...offsetOf(doc, error.line, error.column),
    severity: "error",
    message: error.message,
    renderMessage: () => messageNode(error.message),
  }));
  editor.dispatch(setDiagnostics(editor.state, diagnostics));
  const list = $("cc-problems");
  list.replaceChildren();
  if (result.ok) {
    const count = result.cards.length;
    list.append(element("p", { class: "cc-ok", text: `ok: ${count} card${count === 1 ? "" : "s"}, ready to play.` }));
    return;
  }
  const count = result.errors.length;
  list.append(element("p", { class: "cc-bad", text: `${count} problem${count === 1 ? "" : "s"} (click one to go there):` }));
  for (const [index, error] of result.errors.entries()) {
    list.append(
      element("div", {
        class: "cc-problem",
        tabindex: "0",
        role: "button",
        onclick: () => {
          const { from } = diagnostics[index];
          editor.dispatch({ selection: { anchor: from }, scrollIntoView: true });
          editor.focus();
        },
        onkeydown: (event) => {
          if (event.key === "Enter") event.currentTarget.click();
        },
      }, messageNode(error.message)),
    );
  }
  for (const source of list.querySelectorAll(".cc-source")) showCaret(source);
}

// Cards are redrawn only when their picture changed, so typing in one card leaves the others alone.
function renderCards(cards) {
  const panel = $("cc-cards");
  const old = new Map([...panel.children].map((node) => [node.dataset.key, node]));
  const nodes = cards.map((card) => {
    const key = card.svg;
    const kept = old.get(key);
    if (kept && kept.dataset.english === card.english) return kept;
    const picture = element("div", { class: "cc-picture" });
    picture.innerHTML = card.svg; // drawn by castle-combo, every text in it escaped
    const words = element("div", { class: "cc-english" });
    for (const line of card.english.split("\n")) words.append(element("p", { text: line }));
    const figure = element("figure", { class: "cc-card", "data-card": card.name }, picture, words);
    figure.dataset.key = key;
    figure.dataset.english = card.english;
    return figure;
  });
  if (!cards.length) {
    nodes.push(element("p", { class: "cc-empty", text: "Your good cards appear here, drawn, with their English." }));
  }
  panel.replaceChildren(...nodes);
}

let lastShared = "";

async function remember(text) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ name: fileName, text }));
  } catch {
    // storage full or forbidden (a private window): the link still carries the cards
  }
  const fragment = await cardsFragment(text);
  if (fragment !== lastShared && text === editorText()) {
    lastShared = fragment;
    window.history.replaceState(null, "", `#${fragment}`);
  }
}

function checkNow() {
  if (!python) return;
  const text = editorText();
  const started = performance.now();
  const result = call("check", text, fileName);
  const checked = performance.now();
  renderProblems(result);
  renderCards(result.cards);
  const rendered = performance.now();
  const pressed = keyAt;
  requestAnimationFrame(() => {
    timings.python = checked - started;
    timings.render = rendered - checked;
    timings.keystrokeToUpdate = pressed ? performance.now() - pressed : null;
    keyAt = 0;
  });
  lastCheck = result;
  remember(text);
  updatePlayable();
  return result;
}

// ------------------------------------------------------------------ files and links

function download() {
  const blob = new Blob([editorText()], { type: "text/plain;charset=utf-8" });
  const link = element("a", { href: URL.createObjectURL(blob), download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function openFile(file) {
  if (!file) return;
  const text = await file.text();
  setFileName(/^[^/\\]+\.ccl$/.test(file.name) && !file.name.startsWith(".") ? file.name : DEFAULT_NAME);
  setEditorText(text);
  setStatus(`Opened ${file.name}.`);
}

async function copyLink() {
  await remember(editorText());
  const address = location.href;
  try {
    await navigator.clipboard.writeText(address);
    setStatus("The link to these cards is copied: whoever opens it sees the same cards.", "good");
  } catch {
    const field = $("cc-link");
    field.hidden = false;
    field.value = address;
    field.select();
    setStatus("Copy the link below: whoever opens it sees the same cards.");
  }
}

async function loadFromLink() {
  try {
    const text = await cardsOf(location.hash);
    setFileName(DEFAULT_NAME);
    lastShared = location.hash.slice(1);
    if (text !== editorText()) setEditorText(text);
    return true;
  } catch (error) {
    setStatus(error.message, "bad");
    return false;
  }
}

function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY));
    if (saved && typeof saved.text === "string") return saved;
  } catch {
    // nothing saved, or not readable
  }
  return null;
}

// ------------------------------------------------------------------ tabs

function showTab(name) {
  for (const tab of document.querySelectorAll(".cc-tabs [role=tab]")) {
    const selected = tab.dataset.panel === name;
    tab.setAttribute("aria-selected", String(selected));
    $(tab.getAttribute("aria-controls")).hidden = !selected;
  }
  if (name === "write") editor.requestMeasure();
}

// ------------------------------------------------------------------ play

let view = null; // the game's view (castle_combo.cli.workshop.Table.view)
let chosen = null; // the row card picked, waiting for a space
// Wide enough for the log beside the table (as .cc-game's grid in workshop.css): there it starts open.
const WIDE = window.matchMedia("(min-width: 60em)");

function updatePlayable() {
  const good = lastCheck && lastCheck.ok && lastCheck.cards.length > 0;
  $("cc-new-game").disabled = !python || !good;
  $("cc-balance-run").disabled = !python || !good || balanceRunning;
  const why = !lastCheck || good ? "" : "Fix the problems in your cards first (Write tab).";
  $("cc-play-why").textContent = why;
  $("cc-balance-why").textContent = why;
}

function newGame() {
  try {
    const started = call("new_game", editorText(), fileName, Number($("cc-players").value), $("cc-bots").value);
    $("cc-symbols").replaceChildren(); // a new game sends its card pictures again
    $("cc-table-style").textContent = started.style; // the replay page's style, scoped to #cc-table
    chosen = null;
    $("cc-log-box").open = WIDE.matches; // beside the table when there is room; folded above it on a phone
    showGame(started.view);
    // The controls at the top of the window: the prompt, the rows and your grid fit under them at 1280x800.
    $("cc-play").scrollIntoView({ block: "start" });
  } catch (error) {
    $("cc-play-why").textContent = error.message;
  }
}

function act(index) {
  try {
    showGame(call("act", index));
  } catch (error) {
    $("cc-play-why").textContent = error.message;
  }
}

function takesOf(card, faceDown) {
  return view.takes.filter((take) => take.card === card && take.face_down === faceDown);
}

function markSpaces() {
  const table = $("cc-table");
  for (const node of table.querySelectorAll(".cc-chosen")) node.classList.remove("cc-chosen");
  for (const slot of table.querySelectorAll(".cc-space")) {
    slot.classList.remove("cc-space");
    slot.removeAttribute("tabindex");
    slot.removeAttribute("role");
    slot.removeAttribute("aria-label");
  }
  if (!chosen) {
    $("cc-prompt").textContent = view.takes.length
      ? "Your turn: pick a card in a row, then a free space of your tableau."
      : view.choices.length
        ? "Your decision:"
        : "";
    return;
  }
  const faceDown = $("cc-face-down").checked;
  for (const card of table.querySelectorAll(`.row [data-card]`)) {
    if (card.dataset.card === chosen) card.classList.add("cc-chosen");
  }
  const takes = takesOf(chosen, faceDown);
  for (const take of takes) {
    const slot = table.querySelector(`.seat[data-seat="0"] [data-at="${take.at[0]},${take.at[1]}"]`);
    if (!slot) continue;
    slot.classList.add("cc-space");
    slot.tabIndex = 0;
    slot.setAttribute("role", "button");
    slot.setAttribute("aria-label", `place ${chosen} ${faceDown ? "face down" : "face up"} ${take.place}`);
    slot.dataset.index = String(take.index);
  }
  $("cc-prompt").textContent = takes.length
    ? `Now pick a highlighted space for ${chosen} (${faceDown ? "face down" : "face up"}).`
    : `${chosen} cannot be taken ${faceDown ? "face down" : "face up"} now; ${faceDown ? "untick" : "tick"} "face down".`;
}

function pick(name) {
  if (!view.takes.some((take) => take.card === name)) return;
  chosen = name;
  const faceUp = takesOf(name, false).length > 0;
  if (!faceUp) $("cc-face-down").checked = true;
  markSpaces();
}

// The replay page's drawing, arranged for playing: the rows and your grid side by side at the top (one turn
// fits the window), the other players' grids under them.
function arrange(table) {
  const rows = table.querySelector(".step > .rows");
  const mine = table.querySelector(`.step > .seats > .seat[data-seat="${view.me}"]`);
  if (!rows || !mine) return;
  const top = element("div", { class: "cc-top" });
  rows.before(top);
  top.append(rows, mine);
  // While you may take a card your grid grows to show the free spaces around it (up to 4x4): it is drawn
  // smaller then, in the room of a 3x3 grid, so the turn still fits the window.
  const spaces = [...mine.querySelectorAll("[data-at]")].map((slot) => slot.dataset.at.split(","));
  const span = Math.max(3, new Set(spaces.map(([x]) => x)).size, new Set(spaces.map(([, y]) => y)).size);
  const grid = mine.querySelector(".grid");
  if (grid && span > 3) grid.style.zoom = String(3 / span);
}

function showGame(next) {
  view = next;
  if (chosen && !view.takes.some((take) => take.card === chosen)) chosen = null;
  if (view.symbols) $("cc-symbols").insertAdjacentHTML("beforeend", view.symbols); // castle-combo's card pictures
  const table = $("cc-table");
  table.innerHTML = view.html; // castle-combo's replay drawing, every name escaped
  arrange(table);
  const said = table.querySelector(".said");
  if (said) said.title = said.textContent; // the whole line, where it is cut to one
  for (const card of table.querySelectorAll(".row [data-card]")) {
    if (view.takes.some((take) => take.card === card.dataset.card)) {
      card.classList.add("cc-pickable");
      card.setAttribute("tabindex", "0");
      card.setAttribute("role", "button");
    }
  }
  const choices = $("cc-choices");
  choices.replaceChildren(
    ...view.choices.map((choice) =>
      element("button", { type: "button", class: "cc-button", text: choice.label, onclick: () => act(choice.index) }),
    ),
  );
  const log = $("cc-log");
  log.replaceChildren(...view.log.map((line) => element("li", { text: line })));
  const count = view.log.length;
  $("cc-log-count").textContent = `(${count} move${count === 1 ? "" : "s"})`;
  log.scrollTop = log.scrollHeight; // the latest moves in sight
  $("cc-undo").disabled = !view.can_undo;
  const end = $("cc-end");
  end.replaceChildren();
  if (view.over) end.append(element("p", { class: "cc-verdict", text: view.verdict }));
  $("cc-game").hidden = false;
  markSpaces();
}

function onTableClick(event) {
  const space = event.target.closest(".cc-space");
  if (space) {
    act(Number(space.dataset.index));
    return;
  }
  const card = event.target.closest(".row [data-card]");
  if (card && view) pick(card.dataset.card);
}

// ------------------------------------------------------------------ balance

let worker = null;
let workerReady = null;
let runs = 0;
const pending = new Map(); // run id -> {resolve, reject, progress}
let balanceRunning = false;
let uiRun = 0;

function balanceWorker() {
  if (worker) return workerReady;
  worker = new Worker(new URL("balance-worker.js", import.meta.url), { type: "module" });
  workerReady = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") resolve();
      else if (message.type === "failed") reject(new Error(message.message));
      const run = pending.get(message.id);
      if (!run) return;
      if (message.type === "progress") run.progress(message.done, message.games);
      else if (message.type === "done") {
        pending.delete(message.id);
        run.resolve(message);
      } else if (message.type === "error") {
        pending.delete(message.id);
        run.reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => reject(new Error(`the balance worker failed: ${event.message}`));
  });
  return workerReady;
}

function startBalance(text, options, progress = () => {}) {
  const id = ++runs;
  const done = new Promise((resolve, reject) => pending.set(id, { resolve, reject, progress }));
  balanceWorker().then(
    () => worker.postMessage({ type: "run", id, text, name: fileName, options }),
    (error) => {
      pending.get(id)?.reject(error);
      pending.delete(id);
    },
  );
  return { id, done };
}

function balanceOptions() {
  const options = {};
  for (const key of ["players", "games", "seed"]) {
    const value = $(`cc-balance-${key}`).value.trim();
    if (value !== "") options[key] = Number(value);
  }
  const bots = $("cc-balance-bots").value.trim();
  if (bots) options.bots = bots;
  return options;
}

async function runBalance() {
  const { id, done } = startBalance(editorText(), balanceOptions(), (finished, games) => {
    const bar = $("cc-progress");
    bar.max = games;
    bar.value = finished;
    $("cc-progress-words").textContent = `${finished} of ${games} games played`;
  });
  uiRun = id;
  balanceRunning = true;
  updatePlayable();
  $("cc-balance-cancel").disabled = false;
  $("cc-balance-result").replaceChildren();
  $("cc-progress-words").textContent = worker && pending.size > 1 ? "waiting…" : "starting Python for the games…";
  try {
    const { words } = await done;
    showBalance(words);
  } catch (error) {
    $("cc-balance-result").replaceChildren(element("p", { class: "cc-bad", text: error.message }));
  } finally {
    balanceRunning = false;
    $("cc-balance-cancel").disabled = true;
    updatePlayable();
  }
}

function cancelBalance() {
  if (worker && uiRun) worker.postMessage({ type: "cancel", id: uiRun });
  $("cc-balance-cancel").disabled = true;
}

function showBalance(words) {
  const result = $("cc-balance-result");
  const head = ["card", "taken", "won when taken (95% CI)", "vs baseline", "flag"];
  const table = element(
    "table",
    { class: "cc-balance-table" },
    element("thead", {}, element("tr", {}, ...head.map((text) => element("th", { text })))),
    element(
      "tbody",
      {},
      ...words.rows.map((row) =>
        element(
          "tr",
          { class: row.flag ? `cc-${row.flag}` : "" },
          ...[row.card, String(row.taken), row.rate, row.versus, row.flag].map((text) => element("td", { text })),
        ),
      ),
    ),
  );
  const verdicts = words.rows.map((row) => {
    const verdict = !row.taken
      ? "never taken face up: play more games, or make it more tempting."
      : row.flag === "strong"
        ? "flagged strong: its takers won more often than every player did, beyond what chance explains."
        : row.flag === "weak"
          ? "flagged weak: its takers won less often than every player did, beyond what chance explains."
          : "not flagged: no sign of too strong or too weak at this number of games.";
    return element("li", { text: `${row.card}: ${verdict}` });
  });
  const chart = element("div", { class: "cc-chart", tabindex: "0", "aria-label": "chart (scrolls sideways)" });
  chart.innerHTML = words.chart; // the command's chart (--svg), drawn by castle-combo, at its own size
  const note = element("p", { class: "cc-chart-note", text: "The chart is drawn at its own size: it scrolls sideways." });
  const stopped = words.interrupted
    ? [element("p", { class: "cc-bad", text: `Cancelled: the report covers the ${words.games} games finished.` })]
    : [];
  result.replaceChildren(
    ...stopped,
    element("ul", { class: "cc-verdicts" }, ...verdicts),
    table,
    ...words.summary.map((line) => element("p", { class: "cc-summary", text: line })),
    chart,
    note,
  );
}

// ------------------------------------------------------------------ the page's API

window.workshop = {
  ready,
  /** castle-combo check --extend on `text` (messages name `name`, default my-cards.ccl). */
  async check(text, { name = DEFAULT_NAME } = {}) {
    await ready;
    return call("check", String(text), name);
  },
  /** castle-combo balance --cards FILE --json with {players, games, seed, bots}, played in the worker. */
  async balance(text, options = {}) {
    await ready;
    const { json } = await startBalance(String(text), options).done;
    return json;
  },
  /** The last check's timings in milliseconds (key press to updated page, Python's part, drawing's part), and
   * the start's: each step's milliseconds (runtime, install, import, firstCheck) and when the page was ready. */
  timings,
  /** The page's editor (a CodeMirror 6 EditorView): its text is the card file. */
  editor,
};

// ------------------------------------------------------------------ start

async function start() {
  $("cc-tabs").addEventListener("click", (event) => {
    const tab = event.target.closest("[role=tab]");
    if (tab) showTab(tab.dataset.panel);
  });
  $("cc-open").addEventListener("click", () => $("cc-open-file").click());
  $("cc-open-file").addEventListener("change", (event) => openFile(event.target.files[0]));
  $("cc-download").addEventListener("click", download);
  $("cc-share").addEventListener("click", copyLink);
  $("cc-new-game").addEventListener("click", newGame);
  $("cc-undo").addEventListener("click", () => {
    chosen = null;
    showGame(call("undo"));
  });
  $("cc-face-down").addEventListener("change", () => view && markSpaces());
  $("cc-table").addEventListener("click", onTableClick);
  $("cc-table").addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onTableClick(event);
    }
  });
  $("cc-balance-run").addEventListener("click", runBalance);
  $("cc-balance-cancel").addEventListener("click", cancelBalance);
  window.addEventListener("hashchange", () => {
    if (carriesCards(location.hash) && location.hash.slice(1) !== lastShared) loadFromLink();
  });

  const fromLink = carriesCards(location.hash) && (await loadFromLink());
  const saved = fromLink ? null : remembered();
  if (saved) {
    setFileName(typeof saved.name === "string" && saved.name.endsWith(".ccl") ? saved.name : DEFAULT_NAME);
    setEditorText(saved.text);
  }
  try {
    const started = performance.now();
    const showExample = (manifest) => {
      $("cc-example").addEventListener("click", () => {
        setFileName(DEFAULT_NAME);
        setEditorText(manifest.example);
      });
      if (!fromLink && !saved) setEditorText(manifest.example); // to read while Python starts
    };
    const loaded = await startPython(BASE, (text) => setStatus(text), showExample);
    python = loaded.workshop.Page();
    clearTimeout(checkTimer);
    const checking = performance.now();
    checkNow();
    timings.start = { ...loaded.phases, firstCheck: Math.round(performance.now() - checking),
                      ready: Math.round(performance.now()) };
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    setStatus(`castle-combo is running in your browser (started in ${seconds} s). Edit your cards; they are checked as you type.`, "good");
    resolveReady();
  } catch (error) {
    setStatus(`castle-combo could not start in this browser: ${error.message}`, "bad");
    rejectReady(error);
  }
}

start();
