// run.js WASM: runs scripts/webfs (built for js/wasm) on web/swfs.js under
// Node and checks that the page would be handed soundworld-x.png ("hello")
// and capture-1.zip (holding capture-1/README.txt) as downloads, and that
// localStorage keeps the settings file and no temp file.
"use strict";
const nfs = require("node:fs"), path = require("node:path");
const wasm = process.argv[2], execJS = process.argv[3];
const store = new Map();
globalThis.localStorage = { get length() { return store.size; }, key: (i) => [...store.keys()][i],
  getItem: (k) => store.get(k), setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
const exit = process.exit.bind(process);
require(path.join(__dirname, "../../web/swfs.js"));
require(execJS);
const got = [];
swfs.onOutput((name, bytes) => got.push([name, Buffer.from(bytes)]));
const go = new Go();
go.exit = (code) => { if (code !== 0) { console.error("webfs: exit", code); exit(1); } };
WebAssembly.instantiate(nfs.readFileSync(wasm), go.importObject).then((r) => go.run(r.instance)).then(() => {
  const fails = [];
  const names = got.map((g) => g[0]).join(", ");
  const png = got.find((g) => g[0] === "soundworld-x.png");
  if (!png || png[1].toString() !== "hello") fails.push("no soundworld-x.png holding hello (got " + names + ")");
  const zip = got.find((g) => g[0] === "capture-1.zip");
  if (!zip || zip[1].readUInt32LE(0) !== 0x04034b50 || !zip[1].includes("capture-1/README.txt")) fails.push("no capture-1.zip with capture-1/README.txt");
  if (got.length !== 2) fails.push("downloads: " + names + " (want exactly the two)");
  const keys = [...store.keys()];
  if (keys.length !== 1 || keys[0] !== "soundworld-fs:/local/soundworld/window.json") fails.push("localStorage keeps " + keys.join(", "));
  if (fails.length) { console.error("webfs: FAIL: " + fails.join("; ")); exit(1); }
  console.log("webfs: ok (downloads " + names + "; localStorage " + keys.join(", ") + ")");
});
