// shell.js: the page around the explorer. It downloads and compiles the
// WebAssembly once (with a progress bar), runs each session in a fresh frame
// (app.html), opens the user's game files and dropped sidecars, keeps the
// report link in the address bar's fragment (which browsers never send to
// a server), and turns the program's outputs into downloads.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { gen: 0, sessions: 0, problem: "", module: null, portal: null, cell: null, frame: null, errors: [], where: "", firstFrame: 0, wasmBytes: 0, sound: false, outputs: [], t: {} };
  const status = (msg, bad) => { const s = $("status"); s.textContent = msg; s.title = msg; s.className = bad ? "err" : ""; };
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

  // start runs a new session in a fresh frame with a fresh instance of the
  // compiled program (the old frame, its program, canvas, listeners and
  // audio are ended first and dropped whole). Only the compiled module is
  // shared, so nothing of an ended session — exited, failed, crashed or
  // still running — can stop the next one.
  async function start() {
    $("ask").hidden = true;
    $("crash").hidden = true;
    hideProblem();
    const gen = ++state.gen;
    if (state.frame) await stop();
    if (gen !== state.gen) return; // a later start (another click) won
    const frame = $("app").cloneNode(false);
    $("app").replaceWith(frame);
    state.frame = frame;
    state.where = "";
    frame.addEventListener("load", () => {
      if (state.frame !== frame) return;
      frame.contentWindow.swStart({ module: state.module, standIn: state.standIn, crashTest: /[?&]crashtest\b/.test(location.search), fragment: location.hash, gate: state.gate || null, portal: state.portal, cell: state.cell, soundOn: state.sound, shell: hooks(frame) });
      frame.contentWindow.focus();
    }, { once: true });
    frame.src = "app.html";
    $("gaterun").hidden = !state.gate;
    state.t.session = performance.now();
    state.sessions++;
    status((state.portal ? "Your game files: " + state.portal.name + " + " + state.cell.name : "The built-in stand-in world (Holtburg)" + (location.hash ? ", opened from a link" : "")) +
      (state.gate ? "; listening gate " + state.gate.name + " (Gate panel: B for A/B, X for ABX; its history comes back as a download)" : ""));
  }

  // stop ends the running session: it asks a running program to quit and
  // waits for its end (at most 3 s: a program still starting up sees the
  // request only at its first frame), then the frame is dropped anyway. A
  // program that has already ended is not called (its functions throw).
  function stop() {
    const frame = state.frame;
    state.frame = null;
    return new Promise((done) => {
      const w = frame.contentWindow;
      if (frame.swEnded || !w || !w.soundworldGo) { done(); return; }
      frame.swExited = done;
      try { w.soundworldGo.quit(); } catch (e) { done(); return; }
      setTimeout(done, 3000);
    });
  }

  // hooks are what a session calls back (app.js, page_js.go).
  function hooks(frame) {
    const live = () => state.frame === frame;
    return {
      started() { if (live()) $("loader").hidden = true; },
      needFiles(msg) { if (!live()) return; $("loader").hidden = true; $("ask-msg").textContent = msg; $("ask").hidden = false; status("This link needs your game files"); },
      linkMade(frag, copy) {
        if (!live()) return;
        history.replaceState(null, "", "#" + frag);
        if (copy && navigator.clipboard) navigator.clipboard.writeText(location.href).catch((e) => console.info("soundworld: link not copied:", e.message));
        status("Link ready (" + location.href.length + " characters); it opens this instant, nothing is uploaded");
      },
      failed(msg) { // the session may go on (a bad link: the stand-in opened) or end (exited says)
        if (!live()) return;
        frame.swFailed = msg;
        $("loader").hidden = true;
        console.error("soundworld:", msg);
        showProblem(msg, { goesOn: !frame.swEnded });
      },
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
        hideProblem();
        $("crash-report").textContent = report;
        $("crash").hidden = false;
        state.crash = report;
        status("Internal error (a bug) — the explorer stopped", true);
      },
      warn(line) { if (live()) status(line); },
      // exited: the program ended (code 0: a clean end — quit, or a link
      // that waits for game files; 70: a crash, shown already; anything
      // else: a failure, shown with its message or the program's last lines).
      exited(code, lastLines) {
        frame.swEnded = true;
        if (frame.swExited) frame.swExited();
        if (!live()) return;
        $("loader").hidden = true;
        if (code === 0 || code === 70) return;
        if (frame.swFailed) showProblem(frame.swFailed, { goesOn: false });
        else showProblem("The explorer stopped (exit code " + code + ")." + (lastLines ? "\n" + lastLines : ""), { goesOn: false });
      },
    };
  }

  // showProblem shows a failure's whole message over the page with the
  // actions that make sense: choose other game files, open the stand-in,
  // drop the link from the address bar (when there is one), and go on with
  // the running session (when it goes on). Never a dead end.
  function showProblem(msg, { goesOn = false, reload = false } = {}) {
    status("Error: " + msg.split("\n")[0], true);
    $("fail-msg").textContent = msg;
    $("fail-advice").textContent = advice(msg);
    $("fail-go-on").hidden = !goesOn;
    $("fail-nolink").hidden = !location.hash || reload;
    $("fail-standin").hidden = reload;
    $("fail-files-label").hidden = reload;
    $("fail-reload").hidden = !reload;
    $("fail").hidden = false;
    state.problem = msg;
  }
  function hideProblem() { $("fail").hidden = true; state.problem = ""; }

  // advice is what to do about a failure the user can fix outside the page.
  function advice(msg) {
    if (/webgl2|WebGL 2/i.test(msg)) return webglAdvice;
    if (/client_portal|client_cell|\.dat\b/.test(msg)) return "Choose the two files again from your Asheron's Call folder (client_portal.dat and client_cell_1.dat, both from the same installation), or open the built-in stand-in world.";
    if (location.hash) return "The link in the address bar could not be opened as it is: open the page without it, or ask for a new link.";
    return "";
  }
  const webglAdvice = "Soundworld draws with WebGL 2, which this browser does not offer now. " +
    "Turn on hardware acceleration (Firefox: Settings → General → Performance; Chromium: Settings → System), " +
    "check that WebGL 2 is not disabled (Firefox: about:config, webgl.disabled = false), update the graphics driver, " +
    "or use another browser (Chromium, Firefox, Safari 15+). Without a display the desktop program's `soundworld render` " +
    "makes the same sound as a WAV.";

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
    let sidecar = null, gate = null, recording = null;
    for (const f of list) {
      const n = f.name.toLowerCase();
      if (n.endsWith(".gate.json")) gate = f;
      else if (/\.(wav|mp3|ogg|flac)$/.test(n)) recording = f;
      else if (n.endsWith(".json")) sidecar = f;
      else if (n.includes("portal")) state.portal = f;
      else if (n.includes("cell")) state.cell = f;
      else { showProblem(f.name + ": not a file Soundworld opens. Choose client_portal.dat and client_cell_1.dat (both), or a screenshot sidecar (.json).", { goesOn: !!state.frame }); return; }
    }
    if ((state.portal && !state.cell) || (state.cell && !state.portal)) {
      const missing = state.portal ? "client_cell_1.dat" : "client_portal.dat";
      state.portal = state.cell = null;
      showProblem("Open both client_portal.dat and client_cell_1.dat together: " + missing + " is missing.", { goesOn: !!state.frame });
      if (!sidecar) return;
    }
    if (gate || recording) {
      if (!(await openGate(gate, recording))) return;
    } else if (sidecar) {
      const w = state.frame && state.frame.contentWindow;
      if (!w || !w.soundworldGo) { showProblem(sidecar.name + ": the explorer is not running, so the sidecar cannot be turned into a link now. Open the stand-in world, then drop the sidecar again.", {}); return; }
      const r = w.soundworldGo.encode(await sidecar.text());
      if (r.error) { showProblem(sidecar.name + ": " + r.error, { goesOn: true }); return; }
      history.replaceState(null, "", "#" + r.fragment);
    }
    start();
  }

  // openGate takes a listening gate (NAME.gate.json) and its recording:
  // the session opens the gate as the desktop's -gate does (its /loc, camera,
  // prefs, A/B and ABX), reading both from the page's files (app.js puts the
  // recording where the gate file names it). The history the window appends
  // comes back as a download of the gate file.
  async function openGate(gate, recording) {
    if (!gate) {
      showProblem(recording.name + ": a recording opens with its gate file: choose NAME.gate.json and the recording together.", { goesOn: !!state.frame });
      return false;
    }
    const text = await gate.text();
    let want = "";
    try { want = JSON.parse(text).recording || ""; } catch (e) { /* the program names the line and field */ }
    if (want && !recording) {
      showProblem(gate.name + " compares with its recording " + want + ": choose the gate file and the recording together.", { goesOn: !!state.frame });
      return false;
    }
    state.gate = { name: gate.name, bytes: new TextEncoder().encode(text), recordingPath: want,
      recording: recording ? new Uint8Array(await recording.arrayBuffer()) : null };
    dropLink(); // a gate opens at its own place, not a link's
    return true;
  }

  // runGate runs the open gate's report (`soundworld gate`, the desktop's
  // code: soundworld-gate.wasm) in a Web Worker (gateworker.js) while the
  // session goes on. Its outputs come as downloads (report.json beside the
  // report shown, report.html, the gate file with its history line, which
  // also becomes the page's copy so a second run appends to it).
  async function runGate() {
    if (!state.gate || (state.gateRun && state.gateRun.state === "running")) return;
    const seeds = Math.max(2, Math.min(1000, +$("gate-seeds").value || 20));
    const run = state.gateRun = { state: "running", code: -1, report: "", lines: [], outputs: [], started: performance.now() };
    const say = (t) => { $("gate-status").textContent = t; };
    say("Loading the gate program…");
    $("gate-report").hidden = true;
    try {
      if (!state.gateModule) state.gateModule = fetchPacked("soundworld-gate.wasm").then(({ res, packed }) =>
        WebAssembly.compileStreaming(new Response(packed ? res.body.pipeThrough(new DecompressionStream("gzip")) : res.body, { headers: { "Content-Type": "application/wasm" } })));
      const module = await state.gateModule;
      let standIn = null;
      try { standIn = await state.standIn; } catch (e) { /* the program builds the stand-in */ }
      const w = new Worker("gateworker.js");
      const gate = state.gate;
      say("Rendering " + seeds + " seeds and measuring the recording…");
      w.onmessage = (e) => {
        const m = e.data;
        if (m.line !== undefined) {
          run.lines.push(m.line);
          if (m.line.trim()) say(m.line.trim().split("\r").pop());
        } else if (m.output) {
          download(m.output, m.bytes);
          state.outputs.push(m.output);
          run.outputs.push(m.output);
          if (m.output === "report.json") run.report = new TextDecoder().decode(m.bytes);
          if (m.output === "report.html") { $("gate-report").srcdoc = new TextDecoder().decode(m.bytes); $("gate-report").hidden = false; }
          if (m.output === gate.name) gate.bytes = m.bytes;
        } else if (m.exit !== undefined) {
          w.terminate();
          run.code = m.exit;
          run.state = m.exit === 0 || m.exit === 3 ? "done" : "failed";
          run.seconds = (performance.now() - run.started) / 1000;
          const verdict = (run.lines.filter((l) => l.startsWith("gate ")).pop() || "").replace(/; report .*$/, ""); // the report is shown here
          say(run.state === "done" ? verdict + " (" + run.seconds.toFixed(1) + " s; the report below; report.json, report.html and the gate file downloaded)"
            : "The gate could not run (exit " + m.exit + "):\n" + run.lines.slice(-8).join("\n"));
        }
      };
      w.onerror = (e) => { run.state = "failed"; say("The gate worker failed: " + (e.message || e)); };
      w.postMessage({ module, gate, seeds, standIn, portal: state.portal, cell: state.cell });
    } catch (e) {
      run.state = "failed";
      say("The gate program could not be loaded: " + e.message);
    }
  }
  $("gaterun").addEventListener("click", () => { $("gate-name").textContent = state.gate ? state.gate.name : ""; $("gate").hidden = false; });
  $("gate-start").addEventListener("click", runGate);
  $("gate-close").addEventListener("click", () => { $("gate").hidden = true; });

  $("files").addEventListener("change", (e) => { openFiles([...e.target.files]); e.target.value = ""; });
  $("ask-files").addEventListener("change", (e) => { openFiles([...e.target.files]); e.target.value = ""; });
  const dropLink = () => history.replaceState(null, "", location.pathname + location.search);
  const standIn = () => { dropLink(); state.portal = state.cell = state.gate = null; $("crash").hidden = true; start(); };
  $("ask-standin").addEventListener("click", standIn);
  $("fail-files").addEventListener("change", (e) => { openFiles([...e.target.files]); e.target.value = ""; });
  $("fail-standin").addEventListener("click", standIn);
  $("fail-nolink").addEventListener("click", () => { dropLink(); start(); });
  $("fail-go-on").addEventListener("click", hideProblem);
  $("fail-reload").addEventListener("click", () => location.reload());
  $("crash-standin").addEventListener("click", standIn);
  $("copy").addEventListener("click", () => {
    const w = state.frame && state.frame.contentWindow;
    if (w && w.soundworldGo) w.soundworldGo.link(); else status("The explorer is not running now: no link to copy", true);
  });
  window.addEventListener("hashchange", () => start()); // a link pasted into the address bar
  // Drags over the bar or the panels reach this window; over the map they
  // reach the session's frame, which hands them here (app.js).
  let depth = 0;
  const drag = (e) => {
    e.preventDefault();
    if (e.type === "dragenter") { depth++; $("drop").hidden = false; }
    if (e.type === "dragleave" && --depth <= 0) { depth = 0; $("drop").hidden = true; }
    if (e.type === "drop") { // a drop on the map comes from the session's frame: its File objects die with it, so they are taken into this page
      depth = 0; $("drop").hidden = true;
      openFiles([...e.dataTransfer.files].map((f) => new File([f], f.name, { lastModified: f.lastModified })));
    }
  };
  for (const t of ["dragenter", "dragleave", "dragover", "drop"]) window.addEventListener(t, drag);
  window.swDrag = drag;
  window.addEventListener("error", (e) => state.errors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => state.errors.push(String(e.reason)));

  const overlayShown = () => { try { return !state.frame.contentDocument.getElementById("sound").hidden; } catch (e) { return false; } };
  // hasWebGL2 is whether a WebGL 2 context can be made here (?nowebgl2
  // pretends it cannot: the browser test of the message).
  function hasWebGL2() {
    if (/[?&]nowebgl2\b/.test(location.search)) return false;
    try {
      const gl = document.createElement("canvas").getContext("webgl2");
      if (!gl) return false;
      const lose = gl.getExtension("WEBGL_lose_context"); // this test's context is not kept
      if (lose) lose.loseContext();
      return true;
    } catch (e) { return false; }
  }
  // swTest is the browser test's read-back (scripts/webcheck).
  window.swTest = () => {
    const s = state.frame && state.frame.contentWindow && state.frame.contentWindow.soundworldSession;
    return { gate: s ? s.gateState || "" : "", underruns: s ? s.underruns || 0 : 0, drySeconds: s ? s.drySeconds || 0 : 0, where: s ? s.where : "", clock: s ? s.clock : "", sound: state.sound, frames: s ? s.frames : 0, firstFrame: s ? s.firstFrame : 0, marks: s ? s.marks : {}, times: state.t, wasmBytes: state.wasmBytes, errors: state.errors, outputs: state.outputs, gateRun: state.gateRun || null, capture: s ? s.capture || null : null, worklet: s ? s.worklet || null : null, stalls: s ? s.stalls || [] : [], lead: s ? s.soundLine || "" : "", clickCtx: s && s.clickCtx !== undefined ? s.clickCtx : -1, now: state.frame && state.frame.contentWindow ? state.frame.contentWindow.performance.now() : 0, playedCheck: state.frame && state.frame.contentWindow ? state.frame.contentWindow.soundworldPlayedCheck || null : null, audio: s && s.audio ? { state: s.audio.state, seconds: s.audio.currentTime, latency: s.audio.baseLatency || 0 } : null, crash: state.crash || "", status: $("status").textContent, problem: $("fail").hidden ? "" : state.problem, asked: !$("ask").hidden, sessions: state.sessions, overlay: overlayShown() };
  };

  (async () => {
    if (!hasWebGL2()) { // Ebitengine 2.8 draws with WebGL 2 only: say so before downloading the program
      $("loader").hidden = true;
      showProblem("This browser offers no WebGL 2 now (a WebGL 2 canvas could not be made), so the explorer cannot draw the map.", { reload: true });
      return;
    }
    state.standIn = fetchStandIn();
    state.standIn.catch((e) => console.info("soundworld: no stand-in files (the program builds them):", e.message));
    try {
      state.module = await fetchWasm();
    } catch (e) {
      $("loader").hidden = true;
      console.error("soundworld:", e);
      showProblem("Could not load the program (soundworld.wasm): " + e.message + "\nCheck the connection and reload the page.", { reload: true });
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
