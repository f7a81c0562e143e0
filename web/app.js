// app.js: one soundworld session (the Go program) inside the page's frame.
// The page (shell.js) calls swStart with the compiled module and what the
// session should open; a new session is a new frame, so nothing of the old
// one (canvas, listeners, audio) is left behind.
"use strict";
window.swStart = async (opts) => {
  const shell = opts.shell;
  globalThis.soundworldSession = {
    fragment: opts.fragment || "",
    crashTest: !!opts.crashTest, // the browser test's deliberate bug (page_js.go)
    standIn: opts.standIn || null, // a promise of the stand-in's two dat files (page_js.go)
    marks: {}, // performance.now() when start-up steps ended (page_js.go mark)
    gate: putGate(opts.gate), // a listening gate's path in the page's files, or "" (page_js.go)
    portal: opts.portal || null,
    cell: opts.cell || null,
    where: "",
    frames: 0,
    firstFrame: 0, // performance.now() of the first frame (the browser test)
    started: () => shell.started(), // the first frame is drawn: the page's loader goes
    needFiles: (msg) => shell.needFiles(msg),
    linkMade: (frag, copy) => shell.linkMade(frag, copy),
    failed: (msg) => shell.failed(msg),
    progress: (fetched, total) => shell.progress(fetched, total),
  };
  swfs.onOutput((name, bytes, path) => {
    if (/^capture-.*\.zip$/.test(name)) { // F11's bundle: its decisions and sidecar for the browser test (decisions = render)
      const text = (f) => { const b = swfs.read(path + "/" + f); return b ? new TextDecoder().decode(b) : ""; };
      globalThis.soundworldSession.capture = { events: text("events.csv"), sidecar: text("screenshot.json") };
    }
    shell.output(name, bytes, path);
  });
  const stderr = []; // the program's last lines on stderr: a crash report's stack
  swfs.onConsole((fd, line) => {
    if (fd === 2) { stderr.push(line); if (stderr.length > 500) stderr.shift(); }
    if (line.startsWith("warning:")) shell.warn(line);
  });
  firstSoundMark();
  watchStalls();
  keepAudioContext();
  soundGate(shell, opts.soundOn);
  // Files dragged onto the map land in this frame: the page opens them.
  for (const t of ["dragenter", "dragleave", "dragover", "drop"]) window.addEventListener(t, (e) => parent.swDrag(e));
  const go = new Go();
  go.argv = ["soundworld"];
  let code = 0;
  go.exit = (c) => { code = c; };
  let inst;
  try {
    inst = await WebAssembly.instantiate(opts.module, go.importObject);
  } catch (e) {
    shell.failed("Could not start the program: " + e.message);
    shell.exited(-1, "");
    return;
  }
  try {
    await go.run(inst);
  } catch (e) { // a trap in the program (e.g. out of memory) ends it too
    code = code || 71;
    stderr.push(String(e && e.message || e));
  }
  delete window.soundworldGo; // its functions would throw "Go program has already exited"
  document.getElementById("sound").hidden = true;
  if (code === 70) { // internal/crash.Code: a bug, reported with its stack
    const at = stderr.findIndex((l) => l.includes("internal error (a bug)"));
    shell.crashed(stderr.slice(Math.max(0, at)).join("\n"));
  } else if (code !== 0) {
    console.warn("soundworld: exit code", code);
  }
  shell.exited(code, stderr.slice(-20).join("\n"));
};

// putGate puts a gate file and its recording into the page's files (the
// recording where the gate names it, relative to the gate file's folder)
// and gives the gate file's path for -gate.
function putGate(g) {
  if (!g) return "";
  const path = "/gates/" + g.name.replace(/[\/\\]/g, "_");
  swfs.put(path, g.bytes);
  if (g.recording && g.recordingPath) swfs.put(g.recordingPath.startsWith("/") ? g.recordingPath : "/gates/" + g.recordingPath, g.recording);
  return path;
}

// firstSoundMark keeps the account the program's audio worklet posts
// (audio/device/webworklet.js: frames played, underruns and their frames
// of silence, whether the ring is shared) in the session (swTest: worklet)
// and records in the session's marks when its first sample that is not
// zero was played ("first sound", the browser test's click → sound time;
// the output's own latency comes on top): the worklet's context time, put
// on the page's clock with the context's output timestamp; so are its
// first underruns (dryAt: [ms on the page's clock, ms of silence]).
function firstSoundMark() {
  const w = globalThis.soundworldSession.worklet = { played: 0, dry: 0, runs: 0, shared: false, stats: 0, dryAt: [], rate: 44100 };
  const W = window.AudioWorkletNode;
  if (!W) return;
  window.AudioWorkletNode = function (...args) {
    const node = new W(...args);
    const po = (args[2] && args[2].processorOptions) || {};
    globalThis.soundworldSession.marks["audio worklet"] = performance.now(); // its module loaded
    w.shared = !!po.ring;
    w.rate = args[0].sampleRate;
    node.port.addEventListener("message", (e) => {
      const d = e.data, sess = globalThis.soundworldSession, m = sess.marks;
      if (!d || d.read === undefined) return;
      w.played = d.read; w.dry = d.dry; w.runs = d.runs; w.stats++;
      const ts = sess.audio && sess.audio.getOutputTimestamp ? sess.audio.getOutputTimestamp() : null;
      const page = (t) => ts && ts.performanceTime > 0 ? ts.performanceTime + 1000 * (t - ts.contextTime) : performance.now() - 1000 * (d.time - t);
      if (d.loudAt >= 0 && !m["first sound"]) m["first sound"] = page(d.loudAt);
      if (d.dryAt) w.dryAt = d.dryAt.map(([t, n]) => [page(t), 1000 * n / w.rate]);
      if (d.dryAt) w.dryCtx = d.dryAt.map(([t]) => t); // raw context times (s), for the test's cross-check
      w.loudCtx = d.loudAt;
    });
    return node;
  };
  window.AudioWorkletNode.prototype = W.prototype;
}

// watchStalls keeps the page's thread's stalls in the session (the
// browser test's account of what drains the sound's queue): each gap of
// more than 100 ms between two animation frames, [ms on the page's clock
// when it ended, ms], the last 400.
function watchStalls() {
  const st = globalThis.soundworldSession.stalls = [];
  let last = performance.now();
  const tick = (t) => {
    if (t - last > 100) { st.push([t, t - last]); if (st.length > 400) st.shift(); }
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// keepAudioContext keeps the session's AudioContext (made before the
// click by prepareAudio, in the click by startAudio, or by the program's
// audio output, audio/device/output_web.go, in a later session of the
// page) where the browser test reads its state and clock (swTest: audio),
// and resumes it once the page has had its gesture: at once when it is
// made after it, else in the click (startAudio). Browsers that want the
// resume inside a gesture get it again on each later mouseup, keyup or
// touchend while it is not running.
function keepAudioContext() {
  const AC = window.AudioContext;
  if (!AC) return;
  window.AudioContext = function (...args) {
    const ctx = new AC(...args);
    const sess = globalThis.soundworldSession;
    sess.audio = ctx;
    sess.marks["audio context"] = performance.now();
    ctx.addEventListener("statechange", () => { if (ctx.state === "running" && !sess.marks["audio running"]) sess.marks["audio running"] = performance.now(); });
    const resume = () => { if (sess.gesture && ctx.state === "suspended") ctx.resume().catch((e) => console.info("soundworld: audio not resumed:", e.message)); };
    resume();
    for (const t of ["mouseup", "keyup", "touchend"]) document.addEventListener(t, resume);
    return ctx;
  };
  window.AudioContext.prototype = AC.prototype;
}

// prepareAudio makes the session's AudioContext and loads the program's
// audio worklet module (its source: soundworldWorklet, from
// audio/device/output_web.go) before the click, once the map is drawn:
// making a context holds the page's thread for some 300 ms (Chromium on a
// 2-core machine) and the module loads in about as long, time that is
// then not between the click and the first sound. Made before a gesture,
// the context stays suspended (no sound, no audio thread running) until
// the click resumes it (startAudio). The program's output takes both
// (soundworldAudio) when its next frame sees the click.
function prepareAudio() {
  const w = globalThis.soundworldWorklet;
  if (!w || !window.AudioContext || globalThis.soundworldAudio) return;
  const ctx = new AudioContext({ sampleRate: w.sampleRate, latencyHint: "interactive" });
  const url = URL.createObjectURL(new Blob([w.source], { type: "text/javascript" }));
  globalThis.soundworldAudio = { context: ctx, ready: ctx.audioWorklet.addModule(url) };
}

// startAudio, in the click, resumes the context prepareAudio made, or
// makes it now when the click came first.
function startAudio() {
  prepareAudio();
  const a = globalThis.soundworldAudio;
  if (a && a.context.state === "suspended") a.context.resume().catch((e) => console.info("soundworld: audio not resumed:", e.message));
}

// prepareSoon runs prepareAudio once the session has drawn a few frames
// (the map shows; its first frames are the slowest, and nothing should
// delay them), unless the click came first.
function prepareSoon(el) {
  const s = globalThis.soundworldSession;
  if (el.hidden) return;
  if ((s.frames || 0) >= 3) prepareAudio();
  else setTimeout(() => prepareSoon(el), 200);
}

// soundGate shows "Click to start sound" until the first click or key in
// the page (soundOn: an earlier session of this page had its click, so the
// page's user activation lets this frame's audio start at once and the
// overlay is not shown again): browsers start Web Audio only after a user
// gesture, so the program opens its audio output only then
// (soundworldSession.gesture); the AudioContext made before it, once the
// map shows (prepareSoon: making one before the first map would delay it),
// stays suspended until the click resumes it. The overlay takes the first
// click so it does not also move the listener on the map.
function soundGate(shell, soundOn) {
  const el = document.getElementById("sound");
  if (soundOn) {
    globalThis.soundworldSession.gesture = true;
    return;
  }
  el.hidden = false;
  const start = (ev) => {
    if (el.hidden) return;
    el.hidden = true;
    if (ev.type !== "keydown") { ev.preventDefault(); ev.stopPropagation(); }
    const canvas = document.querySelector("canvas"); // the explorer takes keys only while its canvas has focus
    if (canvas) canvas.focus();
    globalThis.soundworldSession.marks.click = performance.now(); // the browser test's click → sound time
    if (globalThis.soundworldAudio) globalThis.soundworldSession.clickCtx = globalThis.soundworldAudio.context.currentTime; // s: the context's clock at the click
    globalThis.soundworldSession.gesture = true; // the program opens its audio output now (page_js.go)
    startAudio();
    shell.soundStarted();
  };
  el.addEventListener("click", start);
  window.addEventListener("keydown", start, true);
  setTimeout(() => prepareSoon(el), 200);
}
