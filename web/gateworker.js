// gateworker.js: a listening gate's report run (`soundworld gate`, the
// desktop's code compiled as soundworld-gate.wasm) in a Web Worker, so the
// page's map and sound go on while the seeds render. The page posts
//   {module, gate: {name, bytes, recordingPath, recording}, seeds, standIn, portal, cell}
// (module: the compiled soundworld-gate.wasm; portal, cell: the user's game
// files as File objects, or null) and gets back
//   {line}                   a line the program printed (progress, verdicts)
//   {output: name, bytes}    report.json, report.html, the gate file with its new history line
//   {exit: code}             0 pass, 3 a metric failed, 2 the user's input, 1 an I/O failure
"use strict";
importScripts("swfs.js", "wasm_exec.js");

onmessage = async (e) => {
  const job = e.data;
  const dir = "/gates/";
  const gatePath = dir + job.gate.name.replace(/[\/\\]/g, "_");
  swfs.put(gatePath, job.gate.bytes);
  if (job.gate.recording && job.gate.recordingPath) swfs.put(resolve(dir, job.gate.recordingPath), job.gate.recording);
  try {
    const folder = JSON.parse(new TextDecoder().decode(job.gate.bytes)).dat;
    if (folder && folder.folder && job.portal && job.cell) { // a gate on the user's own files: read where the gate names them
      const at = resolve(dir, folder.folder);
      swfs.put(at + "/client_portal.dat", new Uint8Array(await job.portal.arrayBuffer()));
      swfs.put(at + "/client_cell_1.dat", new Uint8Array(await job.cell.arrayBuffer()));
    }
  } catch (err) { /* the program names the gate file's fault */ }
  swfs.quiet = true; // progress on stderr is not an error: the page shows the lines
  swfs.onConsole((fd, line) => postMessage({ line, fd }));
  swfs.onOutput((name, bytes) => postMessage({ output: name, bytes }));
  globalThis.soundworldGateJob = { args: ["gate", gatePath, "-seeds", String(job.seeds || 20)], standIn: job.standIn || null };
  const go = new Go();
  go.argv = ["soundworld"];
  let code = 0;
  go.exit = (c) => { code = c; };
  try {
    const inst = await WebAssembly.instantiate(job.module, go.importObject);
    await go.run(inst);
  } catch (err) {
    postMessage({ line: "soundworld-gate: " + (err && err.message || err), fd: 2 });
    code = code || 71;
  }
  postMessage({ exit: code });
};

// resolve is a gate's relative path (recording, dat folder) from the gate
// file's folder, as gate.File.Resolve does on the desktop.
function resolve(dir, p) { return p.startsWith("/") ? p : dir + p; }
