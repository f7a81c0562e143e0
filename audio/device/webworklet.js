// The browser's sound output (output_web.go): an AudioWorklet processor
// that plays the mixer's frames as the page's program hands them over,
// never asking the page's thread for them (that thread also draws, and
// answers once per frame). Two ways in, one ring of frames:
//   - shared (the page is cross-origin isolated): a SharedArrayBuffer of
//     interleaved stereo float32 frames and an Int32Array of counters
//     (ctl[0] frames written, ctl[1] frames played, both mod 2^31), read
//     and written with Atomics;
//   - messages (no SharedArrayBuffer): Float32Array blocks posted to the
//     port, queued here.
// Every ~100 ms, and when the first sound plays, it posts its account:
// frames played, frames and runs of silence it had to play because it had
// no frames (underruns, counted from the first frame it got), the context
// time of the first sample that is not zero, and a hash (FNV-1a over the
// 32-bit words) of every frame it played, which the program compares with
// the same hash of what it handed over; and when its first 64 underruns
// began (context time) and how long each was (frames), for the browser
// test's account of where the queue ran dry.
"use strict";
class SoundworldOutput extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const o = options.processorOptions || {};
    this.ring = o.ring ? new Float32Array(o.ring) : null;
    this.bits = o.ring ? new Uint32Array(o.ring) : null; // the same words, for the hash
    this.ctl = o.ctl ? new Int32Array(o.ctl) : null;
    this.cap = o.capacity || 0; // frames in the ring
    this.queue = []; // messages: blocks not yet played
    this.head = 0; // frames of queue[0] played
    this.read = 0; // frames played (mod 2^31 when shared)
    this.got = false; // a frame has arrived: silence from now on is an underrun
    this.dry = 0; // frames of silence played for want of frames
    this.runs = 0; // underruns (runs of such silence)
    this.wasDry = false;
    this.dryAt = []; // the first 64 underruns: [context time (s) it began, frames]
    this.loudAt = -1; // context time (s) of the first sample not zero
    this.blocks = 0;
    this.hash = 0x811c9dc5; // FNV-1a offset basis
    this.port.onmessage = (e) => { if (e.data instanceof Float32Array) this.queue.push(e.data); };
  }

  // take copies up to n frames into the output's channels from frame i on;
  // it returns the frames copied.
  take(l, r, i, n) {
    if (this.ring) {
      const avail = (Atomics.load(this.ctl, 0) - this.read) & 0x7fffffff; // counts wrap at 2^31
      const k = Math.min(n, avail);
      for (let j = 0; j < k; j++) {
        const at = 2 * ((this.read + j) % this.cap);
        l[i + j] = this.ring[at];
        r[i + j] = this.ring[at + 1];
        this.mix(this.bits[at], this.bits[at + 1]);
      }
      this.read = (this.read + k) & 0x7fffffff;
      if (k > 0) Atomics.store(this.ctl, 1, this.read);
      return k;
    }
    let k = 0;
    while (k < n && this.queue.length > 0) {
      const b = this.queue[0], m = Math.min(n - k, b.length / 2 - this.head);
      const w = new Uint32Array(b.buffer, b.byteOffset, b.length);
      for (let j = 0; j < m; j++) {
        l[i + k + j] = b[2 * (this.head + j)];
        r[i + k + j] = b[2 * (this.head + j) + 1];
        this.mix(w[2 * (this.head + j)], w[2 * (this.head + j) + 1]);
      }
      k += m;
      this.head += m;
      if (this.head * 2 >= b.length) { this.queue.shift(); this.head = 0; }
    }
    this.read = (this.read + k) & 0x7fffffff;
    return k;
  }

  // mix adds a frame's two words to the hash.
  mix(a, b) {
    this.hash = Math.imul(this.hash ^ a, 16777619);
    this.hash = Math.imul(this.hash ^ b, 16777619);
  }

  process(inputs, outputs) {
    const out = outputs[0], l = out[0], r = out[1] || out[0], n = l.length;
    const k = this.take(l, r, 0, n);
    if (k > 0) this.got = true;
    for (let j = k; j < n; j++) { l[j] = 0; r[j] = 0; }
    if (this.got && k < n) {
      this.dry += n - k;
      if (!this.wasDry) {
        this.runs++;
        if (this.dryAt.length < 64) this.dryAt.push([currentTime + k / sampleRate, 0]);
      }
      if (this.dryAt.length === this.runs) this.dryAt[this.runs - 1][1] += n - k;
      this.wasDry = true;
    } else {
      this.wasDry = false;
    }
    let first = false;
    if (this.loudAt < 0) {
      for (let j = 0; j < k; j++) {
        if (l[j] !== 0 || r[j] !== 0) { this.loudAt = currentTime + j / sampleRate; first = true; break; }
      }
    }
    if (++this.blocks % 32 === 0 || first) {
      this.port.postMessage({ read: this.read, dry: this.dry, runs: this.runs, loudAt: this.loudAt, time: currentTime, hash: this.hash >>> 0, dryAt: this.dryAt });
    }
    return true;
  }
}
registerProcessor("soundworld-output", SoundworldOutput);
