// shell.js: the page around the explorer. It downloads and compiles the
// WebAssembly once (with a progress bar), runs each session in a fresh frame
// (app.html), opens the user's game files and dropped sidecars, keeps the
// report link in the address bar's fragment (which browsers never send to
// a server), and turns the program's outputs into downloads.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { module: null, portal: null, cell: null, frame: null, errors: [], where: "", firstFrame: 0, wasmBytes: 0, sound: false, outputs: [], t: {} };
  const status = (msg, bad) => { const s = $("status"); s.textContent = msg; s.className = bad ? "err" : ""; };
  const mb = (n) => (n / 1048576).toFixed(1) + " MB";

  // fetchPacked downloads a file of the folder: its gzip copy (decompressed
  // here with DecompressionStream, so any static host works) or the plain
  // one. It gives the body as a stream, whether it was packed, and its size
  // on the wire (0: unknown).
  async function fetchPacked(name) {
    const gz = typeof DecompressionStream === "function";
    let res = gz ? await fetch(name + ".gz") : null;
    const packed = !!(res && res.ok);
    if (!packed) res = await fetch(name);
    if (!res.ok) throw new Error(name + ": HTTP " + res.status);
    return { res, packed, total: +res.headers.get("Content-Length") || 0 };
  }

  // fetchWasm downloads the program with a progress bar.
  async function fetchWasm() {
    const { res, packed, total } = await fetchPacked("soundworld.wasm");
    $("size").textContent = total ? mb(total) + (packed ? " compressed" : "") : "…";
    // The bar moves by transform in whole percents: no layout, and at most
    // 100 updates while the page's thread is busy compiling.
    let got = 0, shown = 0;
    const counted = res.body.pipeThrough(new TransformStream({ transform(chunk, c) {
      got += chunk.length;
      const pct = total ? Math.min(100, Math.floor(100 * got / total)) : 0;
      if (pct !== shown) { shown = pct; $("bar-fill").style.transform = "scaleX(" + pct / 100 + ")"; }
      c.enqueue(chunk);
    } }));
    const body = packed ? counted.pipeThrough(new DecompressionStream("gzip")) : counted;
    // compileStreaming compiles while the bytes arrive (it wants the wasm
    // content type, which a plain host may not send: the Response says it).
    const m = await WebAssembly.compileStreaming(new Response(body, { headers: { "Content-Type": "application/wasm" } }));
    state.wasmBytes = got;
    state.t.compiled = performance.now();
    return m;
  }

  // fetchStandIn downloads the stand-in world's two dat files that make web
  // wrote (standin/) in a worker (standin.js), while the program downloads,
  // with their content hash: the program takes them only with its own hash
  // and builds the stand-in itself when they are missing or not its own.
  function fetchStandIn() {
    return new Promise((ok, fail) => {
      const w = new Worker("standin.js");
      w.onmessage = (e) => {
        w.terminate();
        if (e.data.error) { fail(new Error(e.data.error)); return; }
        state.t.standIn = performance.now();
        ok({ files: e.data.files, hash: e.data.hash });
      };
      w.onerror = (e) => { w.terminate(); fail(new Error(e.message || "standin.js failed")); };
      w.postMessage(null);
    });
  }

  // start runs a new session in a fresh frame (the old one is ended first).
  async function start() {
    $("ask").hidden = true;
    if (state.frame) await stop();
    const frame = $("app").cloneNode(false);
    $("app").replaceWith(frame);
    state.frame = frame;
    state.where = "";
    frame.addEventListener("load", () => {
      if (state.frame !== frame) return;
      frame.contentWindow.swStart({ module: state.module, standIn: state.standIn, crashTest: /[?&]crashtest\b/.test(location.search), fragment: location.hash, portal: state.portal, cell: state.cell, shell: hooks(frame) });
      frame.contentWindow.focus();
    }, { once: true });
    frame.src = "app.html";
    state.t.session = performance.now();
    status(state.portal ? "Your game files: " + state.portal.name + " + " + state.cell.name : "The built-in stand-in world (Holtburg)" + (location.hash ? ", opened from a link" : ""));
  }

  // stop asks the running session to end and waits for it (at most 3 s).
  function stop() {
    const frame = state.frame;
    state.frame = null;
    return new Promise((done) => {
      const w = frame.contentWindow;
      if (!w || !w.soundworldGo) { done(); return; }
      frame.swExited = done;
      w.soundworldGo.quit();
      setTimeout(done, 3000);
    });
  }

  // hooks are what a session calls back (app.js, page_js.go).
  function hooks(frame) {
    const live = () => state.frame === frame;
    return {
      started() { $("loader").hidden = true; },
      needFiles(msg) { if (!live()) return; $("loader").hidden = true; $("ask-msg").textContent = msg; $("ask").hidden = false; status("This link needs your game files"); },
      linkMade(frag, copy) {
        if (!live()) return;
        history.replaceState(null, "", "#" + frag);
        if (copy && navigator.clipboard) navigator.clipboard.writeText(location.href).catch((e) => console.info("soundworld: link not copied:", e.message));
        status("Link ready (" + location.href.length + " characters); it opens this instant, nothing is uploaded");
      },
      failed(msg) { if (live()) { $("loader").hidden = true; status("Error: " + msg, true); console.error("soundworld:", msg); } },
      progress(fetched, total) { if (live()) status("Reading your game files: " + mb(fetched) + " of " + mb(total) + " read (only what the map needs)"); },
      output(name, bytes) {
        download(name, bytes);
        state.outputs.push(name);
        if (/^soundworld-.*\.json$/.test(name) && live()) { // an F12 sidecar: its link goes in the address bar
          const r = frame.contentWindow.soundworldGo.encode(new TextDecoder().decode(bytes));
          if (r.fragment) history.replaceState(null, "", "#" + r.fragment);
        }
      },
      soundStarted() { state.sound = true; },
      crashed(report) { // shown whether or not this session is still the page's
        $("loader").hidden = true;
        $("crash-report").textContent = report;
        $("crash").hidden = false;
        state.crash = report;
        status("Internal error (a bug) — the explorer stopped", true);
      },
      warn(line) { if (live()) status(line); },
      exited() { if (frame.swExited) frame.swExited(); },
    };
  }

  function download(name, bytes) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([bytes]));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }

  // openFiles takes what the user picked or dropped: the two dats (by name)
  // and/or a sidecar, whose link is opened.
  async function openFiles(list) {
    let sidecar = null;
    for (const f of list) {
      const n = f.name.toLowerCase();
      if (n.endsWith(".json")) sidecar = f;
      else if (n.includes("portal")) state.portal = f;
      else if (n.includes("cell")) state.cell = f;
      else { status(f.name + ": want client_portal.dat, client_cell_1.dat or a sidecar .json", true); return; }
    }
    if ((state.portal && !state.cell) || (state.cell && !state.portal)) {
      status("Open both client_portal.dat and client_cell_1.dat (one is missing)", true);
      if (!sidecar) return;
    }
    if (sidecar) {
      const w = state.frame && state.frame.contentWindow;
      if (!w || !w.soundworldGo) { status("Wait for the explorer to start, then drop the sidecar again", true); return; }
      const r = w.soundworldGo.encode(await sidecar.text());
      if (r.error) { status(sidecar.name + ": " + r.error, true); return; }
      history.replaceState(null, "", "#" + r.fragment);
    }
    start();
  }

  $("files").addEventListener("change", (e) => { openFiles([...e.target.files]); e.target.value = ""; });
  $("ask-files").addEventListener("change", (e) => { openFiles([...e.target.files]); e.target.value = ""; });
  $("ask-standin").addEventListener("click", () => { history.replaceState(null, "", location.pathname + location.search); start(); });
  $("copy").addEventListener("click", () => {
    const w = state.frame && state.frame.contentWindow;
    if (w && w.soundworldGo) w.soundworldGo.link(); else status("The explorer is not running yet", true);
  });
  window.addEventListener("hashchange", () => start()); // a link pasted into the address bar
  let depth = 0;
  window.addEventListener("dragenter", (e) => { e.preventDefault(); depth++; $("drop").hidden = false; });
  window.addEventListener("dragleave", () => { if (--depth <= 0) { depth = 0; $("drop").hidden = true; } });
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => { e.preventDefault(); depth = 0; $("drop").hidden = true; openFiles([...e.dataTransfer.files]); });
  window.addEventListener("error", (e) => state.errors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => state.errors.push(String(e.reason)));

  // swTest is the browser test's read-back (scripts/webcheck).
  window.swTest = () => {
    const s = state.frame && state.frame.contentWindow && state.frame.contentWindow.soundworldSession;
    return { where: s ? s.where : "", clock: s ? s.clock : "", sound: state.sound, frames: s ? s.frames : 0, firstFrame: s ? s.firstFrame : 0, marks: s ? s.marks : {}, times: state.t, wasmBytes: state.wasmBytes, errors: state.errors, outputs: state.outputs, crash: state.crash || "", status: $("status").textContent };
  };

  (async () => {
    state.standIn = fetchStandIn();
    state.standIn.catch((e) => console.info("soundworld: no stand-in files (the program builds them):", e.message));
    try {
      state.module = await fetchWasm();
    } catch (e) {
      $("loader").hidden = true;
      status("Could not load the program: " + e.message, true);
      console.error("soundworld:", e);
      return;
    }
    // The loader stays until the program's first frame (started): the
    // program's start-up holds the page's thread for a few seconds, and a
    // blank page would look like a hang.
    $("loading").textContent = "Starting the explorer…";
    $("bar-fill").style.transform = "scaleX(1)";
    start();
  })();
})();
