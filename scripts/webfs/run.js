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
  if (zip) { // its entry is dated now (MS-DOS local date and time, 2 s steps), in both headers
    const at = (t, d) => new Date(1980 + (d >> 9), (d >> 5 & 15) - 1, d & 31, t >> 11, t >> 5 & 63, (t & 31) * 2);
    const z = zip[1], c = z.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const local = at(z.readUInt16LE(10), z.readUInt16LE(12)), central = at(z.readUInt16LE(c + 12), z.readUInt16LE(c + 14));
    const off = Math.abs(Date.now() - local.getTime());
    if (!(off < 120000) || local.getTime() !== central.getTime()) fails.push("capture-1.zip's entry is dated " + local.toISOString() + " (central " + central.toISOString() + "), not now");
  }
  if (got.length !== 2) fails.push("downloads: " + names + " (want exactly the two)");
  const keys = [...store.keys()];
  if (keys.length !== 1 || keys[0] !== "soundworld-fs:/local/soundworld/window.json") fails.push("localStorage keeps " + keys.join(", "));
  if (fails.length) { console.error("webfs: FAIL: " + fails.join("; ")); exit(1); }
  console.log("webfs: ok (downloads " + names + "; localStorage " + keys.join(", ") + ")");
});
