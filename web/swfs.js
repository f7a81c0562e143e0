// swfs.js: the file system the Go program sees in the browser (Go's os
// package calls globalThis.fs with Node's API; wasm_exec.js only stubs it).
// Everything lives in memory except:
//   /local/...  kept in localStorage (the window's settings)
//   outputs     a file or folder renamed into place (internal/outputs writes
//               a hidden temp and renames it: F12, F11, layouts, recordings)
//               or closed after writing under a visible name is handed to
//               the page as a download, with the desktop's name and bytes
//               (a folder becomes NAME.zip).
// Must load before wasm_exec.js (which keeps an fs that is already there).
"use strict";
(() => {
  const S_IFDIR = 0o040000, S_IFREG = 0o100000;
  const C = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const err = (code, msg) => { const e = new Error(code + ": " + msg); e.code = code; return e; };
  const now = () => Date.now();
  // nodes: path -> {dir: bool, data: Uint8Array, size, mtime}
  const nodes = new Map([["/", { dir: true, mtime: now() }]]);
  let cwd = "/work";
  nodes.set("/work", { dir: true, mtime: now() });
  const norm = (p) => {
    if (!p.startsWith("/")) p = cwd + "/" + p;
    const out = [];
    for (const s of p.split("/")) {
      if (s === "" || s === ".") continue;
      if (s === "..") out.pop(); else out.push(s);
    }
    return "/" + out.join("/");
  };
  const parent = (p) => p === "/" ? "/" : (p.slice(0, p.lastIndexOf("/")) || "/");
  const base = (p) => p.slice(p.lastIndexOf("/") + 1);
  const hidden = (p) => p.split("/").some((s) => s.startsWith("."));
  const kept = (p) => p === "/local" || p.startsWith("/local/");
  const LS = "soundworld-fs:";
  const b64 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000)); return btoa(s); };
  const unb64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  function mkdirs(p) {
    if (nodes.has(p)) return;
    mkdirs(parent(p));
    nodes.set(p, { dir: true, mtime: now() });
  }
  try { // the kept files, from localStorage
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k.startsWith(LS)) continue;
      const p = k.slice(LS.length);
      mkdirs(parent(p));
      const data = unb64(localStorage.getItem(k));
      nodes.set(p, { dir: false, data, size: data.length, mtime: now() });
    }
  } catch (e) { console.warn("soundworld: settings storage unavailable:", e.message); }
  function keep(p) {
    const n = nodes.get(p);
    try {
      if (n && !n.dir) localStorage.setItem(LS + p, b64(n.data.subarray(0, n.size)));
      else localStorage.removeItem(LS + p);
    } catch (e) { console.warn("soundworld: could not keep " + p + ":", e.message); }
  }
  const listeners = [];
  // output hands a finished file (or folder) to the page.
  function output(p) {
    const n = nodes.get(p);
    if (!n || hidden(p) || kept(p) || p.startsWith("/link/")) return;
    let name = base(p), bytes;
    if (n.dir) {
      const files = [];
      for (const [q, m] of nodes) if (!m.dir && q.startsWith(p + "/")) files.push([name + q.slice(p.length), m.data.subarray(0, m.size), m.mtime]);
      bytes = zip(files);
      name += ".zip";
    } else {
      bytes = n.data.slice(0, n.size);
    }
    for (const f of listeners) f(name, bytes, p);
  }
  // dosTime is a zip entry's date and time (MS-DOS format, local time, 2 s
  // steps; zip's epoch is 1980) of ms since 1970.
  function dosTime(ms) {
    const d = new Date(Math.max(ms, Date.UTC(1980, 0, 2)));
    return { time: d.getHours() << 11 | d.getMinutes() << 5 | d.getSeconds() >> 1,
      date: (d.getFullYear() - 1980) << 9 | (d.getMonth() + 1) << 5 | d.getDate() };
  }
  // zip writes a stored (uncompressed) zip of [name, bytes, mtime] entries
  // (mtime: ms since 1970; the entry's date).
  const crcTable = (() => { const t = new Uint32Array(256); for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t[n] = c >>> 0; } return t; })();
  const crc32 = (u8) => { let c = 0xffffffff; for (let i = 0; i < u8.length; i++) c = crcTable[(c ^ u8[i]) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  function zip(files) {
    const enc = new TextEncoder(), parts = [], central = [];
    let off = 0;
    for (const [name, data, mtime] of files) {
      const nm = enc.encode(name), crc = crc32(data), t = dosTime(mtime || now());
      const h = new DataView(new ArrayBuffer(30));
      h.setUint32(0, 0x04034b50, true); h.setUint16(4, 20, true); h.setUint16(6, 0x0800, true);
      h.setUint16(10, t.time, true); h.setUint16(12, t.date, true);
      h.setUint32(14, crc, true); h.setUint32(18, data.length, true); h.setUint32(22, data.length, true); h.setUint16(26, nm.length, true);
      parts.push(new Uint8Array(h.buffer), nm, data);
      const c = new DataView(new ArrayBuffer(46));
      c.setUint32(0, 0x02014b50, true); c.setUint16(4, 20, true); c.setUint16(6, 20, true); c.setUint16(8, 0x0800, true);
      c.setUint16(12, t.time, true); c.setUint16(14, t.date, true);
      c.setUint32(16, crc, true); c.setUint32(20, data.length, true); c.setUint32(24, data.length, true); c.setUint16(28, nm.length, true);
      c.setUint32(42, off, true);
      central.push(new Uint8Array(c.buffer), nm);
      off += 30 + nm.length + data.length;
    }
    const csize = central.reduce((a, b) => a + b.length, 0);
    const e = new DataView(new ArrayBuffer(22));
    e.setUint32(0, 0x06054b50, true); e.setUint16(8, files.length, true); e.setUint16(10, files.length, true);
    e.setUint32(12, csize, true); e.setUint32(16, off, true);
    return concat([...parts, ...central, new Uint8Array(e.buffer)]);
  }
  const concat = (arrs) => { const n = arrs.reduce((a, b) => a + b.length, 0), out = new Uint8Array(n); let o = 0; for (const a of arrs) { out.set(a, o); o += a.length; } return out; };
  function stat(n) {
    const m = n.mtime;
    return { dev: 1, ino: 1, mode: (n.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644), nlink: 1, uid: 0, gid: 0, rdev: 0,
      size: n.dir ? 0 : n.size, blksize: 4096, blocks: 0, atimeMs: m, mtimeMs: m, ctimeMs: m, isDirectory: () => !!n.dir };
  }
  const fds = new Map();
  let nextFd = 10;
  let outBuf = ["", "", ""];
  const dec = new TextDecoder("utf-8");
  function grow(n, size) {
    if (n.data.length < size) { const d = new Uint8Array(Math.max(size, n.data.length * 2, 4096)); d.set(n.data.subarray(0, n.size)); n.data = d; }
  }
  const fs = {
    constants: C,
    writeSync(fd, buf) { // stdout and stderr: the console, a line at a time
      outBuf[fd] += dec.decode(buf);
      const nl = outBuf[fd].lastIndexOf("\n");
      if (nl != -1) {
        const text = outBuf[fd].substring(0, nl);
        if (!globalThis.swfs.quiet) (fd === 2 ? console.error : console.log)(text); // stderr: a panic or an error the browser test counts
        for (const f of consoleListeners) f(fd, text);
        outBuf[fd] = outBuf[fd].substring(nl + 1);
      }
      return buf.length;
    },
    open(path, flags, mode, cb) {
      const p = norm(path);
      let n = nodes.get(p);
      if (n && (flags & C.O_CREAT) && (flags & C.O_EXCL)) return cb(err("EEXIST", p));
      if (!n) {
        if (!(flags & C.O_CREAT)) return cb(err("ENOENT", p));
        const d = nodes.get(parent(p));
        if (!d) return cb(err("ENOENT", parent(p)));
        if (!d.dir) return cb(err("ENOTDIR", parent(p)));
        n = { dir: false, data: new Uint8Array(0), size: 0, mtime: now() };
        nodes.set(p, n);
      }
      if (n.dir && (flags & 3)) return cb(err("EISDIR", p));
      if (!n.dir && (flags & C.O_DIRECTORY)) return cb(err("ENOTDIR", p));
      if (!n.dir && (flags & C.O_TRUNC)) n.size = 0;
      const fd = nextFd++;
      fds.set(fd, { p, n, pos: (flags & C.O_APPEND) ? n.size : 0, wrote: false, append: !!(flags & C.O_APPEND) });
      cb(null, fd);
    },
    close(fd, cb) {
      const f = fds.get(fd);
      if (!f) return cb(err("EBADF", "fd " + fd));
      fds.delete(fd);
      if (f.wrote && nodes.get(f.p) === f.n) { if (kept(f.p)) { if (!hidden(f.p)) keep(f.p); } else output(f.p); }
      cb(null);
    },
    read(fd, buf, off, len, pos, cb) {
      const f = fds.get(fd);
      if (!f) return cb(err("EBADF", "fd " + fd));
      if (f.n.dir) return cb(err("EISDIR", f.p));
      const at = pos === null || pos === undefined ? f.pos : pos;
      const n = Math.max(0, Math.min(len, f.n.size - at));
      buf.set(f.n.data.subarray(at, at + n), off);
      if (pos === null || pos === undefined) f.pos += n;
      cb(null, n);
    },
    write(fd, buf, off, len, pos, cb) {
      if (fd === 1 || fd === 2) { if (off !== 0 || len !== buf.length) return cb(err("EINVAL", "write")); return cb(null, this.writeSync(fd, buf)); }
      const f = fds.get(fd);
      if (!f) return cb(err("EBADF", "fd " + fd));
      const at = f.append ? f.n.size : (pos === null || pos === undefined ? f.pos : pos);
      grow(f.n, at + len);
      f.n.data.set(buf.subarray(off, off + len), at);
      f.n.size = Math.max(f.n.size, at + len);
      f.n.mtime = now();
      f.wrote = true;
      if (pos === null || pos === undefined) f.pos = at + len;
      cb(null, len);
    },
    fstat(fd, cb) { const f = fds.get(fd); if (!f) return cb(err("EBADF", "fd " + fd)); cb(null, stat(f.n)); },
    stat(path, cb) { const n = nodes.get(norm(path)); if (!n) return cb(err("ENOENT", path)); cb(null, stat(n)); },
    lstat(path, cb) { this.stat(path, cb); },
    readdir(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(err("ENOENT", p));
      if (!n.dir) return cb(err("ENOTDIR", p));
      const pre = p === "/" ? "/" : p + "/", out = [];
      for (const q of nodes.keys()) if (q !== p && q.startsWith(pre) && !q.slice(pre.length).includes("/")) out.push(q.slice(pre.length));
      cb(null, out);
    },
    mkdir(path, perm, cb) {
      const p = norm(path);
      if (nodes.has(p)) return cb(err("EEXIST", p));
      const d = nodes.get(parent(p));
      if (!d) return cb(err("ENOENT", parent(p)));
      if (!d.dir) return cb(err("ENOTDIR", parent(p)));
      nodes.set(p, { dir: true, mtime: now() });
      cb(null);
    },
    rmdir(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(err("ENOENT", p));
      if (!n.dir) return cb(err("ENOTDIR", p));
      for (const q of nodes.keys()) if (q.startsWith(p + "/")) return cb(err("ENOTEMPTY", p));
      nodes.delete(p);
      cb(null);
    },
    unlink(path, cb) {
      const p = norm(path), n = nodes.get(p);
      if (!n) return cb(err("ENOENT", p));
      if (n.dir) return cb(err("EISDIR", p));
      nodes.delete(p);
      if (kept(p)) keep(p);
      cb(null);
    },
    rename(from, to, cb) {
      const a = norm(from), b = norm(to), n = nodes.get(a);
      if (!n) return cb(err("ENOENT", a));
      if (!nodes.get(parent(b))) return cb(err("ENOENT", parent(b)));
      const moved = [];
      for (const [q, m] of nodes) if (q === a || q.startsWith(a + "/")) moved.push([q, m]);
      for (const [q] of moved) nodes.delete(q);
      for (const [q, m] of moved) nodes.set(b + q.slice(a.length), m);
      for (const [q] of moved) if (kept(q)) keep(q); // gone from the kept files
      if (kept(b)) keep(b); else output(b);
      cb(null);
    },
    fsync(fd, cb) { cb(null); },
    ftruncate(fd, len, cb) { const f = fds.get(fd); if (!f) return cb(err("EBADF", "fd " + fd)); grow(f.n, len); f.n.size = len; cb(null); },
    truncate(path, len, cb) { const n = nodes.get(norm(path)); if (!n) return cb(err("ENOENT", path)); grow(n, len); n.size = len; cb(null); },
    chmod(path, mode, cb) { nodes.has(norm(path)) ? cb(null) : cb(err("ENOENT", path)); },
    fchmod(fd, mode, cb) { cb(null); },
    chown(path, uid, gid, cb) { cb(null); },
    fchown(fd, uid, gid, cb) { cb(null); },
    lchown(path, uid, gid, cb) { cb(null); },
    utimes(path, atime, mtime, cb) { cb(null); },
    readlink(path, cb) { cb(err("EINVAL", path)); },
    link(path, link, cb) { cb(err("ENOSYS", "link")); },
    symlink(path, link, cb) { cb(err("ENOSYS", "symlink")); },
  };
  const consoleListeners = [];
  globalThis.fs = fs;
  globalThis.process = {
    getuid() { return -1; }, getgid() { return -1; }, geteuid() { return -1; }, getegid() { return -1; },
    getgroups() { throw err("ENOSYS", "getgroups"); }, pid: -1, ppid: -1,
    umask() { return 0o022; }, cwd() { return cwd; }, chdir(p) { cwd = norm(p); },
  };
  globalThis.swfs = {
    onOutput(f) { listeners.push(f); },   // f(name, bytes, path): a finished output
    onConsole(f) { consoleListeners.push(f); }, // f(fd, line): the program's stdout/stderr
    quiet: false, // true: those lines go only to the listeners (the gate worker posts them to the page)
    read(path) { const n = nodes.get(norm(path)); return n && !n.dir ? n.data.slice(0, n.size) : null; }, // a file's bytes, or null
    put(path, bytes) { const p = norm(path); mkdirs(parent(p)); nodes.set(p, { dir: false, data: bytes, size: bytes.length, mtime: now() }); },
    zip,
  };
})();
