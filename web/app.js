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

// firstSoundMark records in the session's marks when the first samples that
// are not silence are handed to the audio worklet, and counts what is
// handed over (swTest: worklet) (Ebitengine's oto sends
// them from this thread through the node's port): the browser test's
// "first sound after the click" (the output's own latency comes on top).
function firstSoundMark() {
  globalThis.soundworldSession.worklet = { blocks: 0, frames: 0, loud: 0 }; // what was handed over: blocks, sample frames, blocks not all zero
  const W = window.AudioWorkletNode;
  if (!W) return;
  window.AudioWorkletNode = function (...args) {
    const node = new W(...args), port = node.port, post = port.postMessage.bind(port);
    port.postMessage = (data, ...rest) => {
      const sess = globalThis.soundworldSession, m = sess.marks, w = sess.worklet;
      if (data && data.some) { // a block of interleaved stereo samples
        const loud = data.some((v) => v !== 0);
        w.blocks++; w.frames += data.length / 2; if (loud) w.loud++;
        if (!m["first sound"] && loud) m["first sound"] = performance.now();
      }
      return post(data, ...rest);
    };
    return node;
  };
  window.AudioWorkletNode.prototype = W.prototype;
}

// keepAudioContext keeps the session's AudioContext (oto makes it after the
// first click or key) where the browser test reads its state and clock
// (swTest: audio), and resumes it at once: it is made after the gesture, so
// the page's user activation lets it start; oto itself resumes it only on
// a later mouseup, keyup or touchend, which would hold the first sound
// until the next click.
function keepAudioContext() {
  const AC = window.AudioContext;
  if (!AC) return;
  window.AudioContext = function (...args) {
    const ctx = new AC(...args);
    globalThis.soundworldSession.audio = ctx;
    globalThis.soundworldSession.marks["audio context"] = performance.now();
    if (ctx.state !== "running") ctx.resume().catch((e) => console.info("soundworld: audio not resumed:", e.message));
    return ctx;
  };
  window.AudioContext.prototype = AC.prototype;
}

// soundGate shows "Click to start sound" until the first click or key in
// the page (soundOn: an earlier session of this page had its click, so the
// page's user activation lets this frame's audio start at once and the
// overlay is not shown again): browsers start Web Audio only after a user gesture, so the
// program makes its AudioContext only then (soundworldSession.gesture; an
// AudioContext made earlier would stay suspended, and making one costs
// seconds before the first map). Ebitengine's audio also resumes it on
// later gestures, for browsers that want the resume inside the gesture. The overlay takes
// the first click so it does not also move the listener on the map.
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
    globalThis.soundworldSession.gesture = true; // the program opens its AudioContext now (page_js.go)
    shell.soundStarted();
  };
  el.addEventListener("click", start);
  window.addEventListener("keydown", start, true);
}
