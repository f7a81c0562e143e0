// standin.js: a worker that downloads the stand-in world's two dat files
// (make web's standin/: the gzip copies when the browser can decompress
// them) and hashes them as assets.StandInHash does (SHA-256 of portal then
// cell), off the page's thread: that thread is busy compiling and then
// starting the program, which would otherwise hold these steps back until
// the program waits for the files. It answers once with
// {files: [portal, cell], hash} (the buffers transferred) or {error}.
"use strict";
async function fetchOne(name) {
  if (typeof DecompressionStream === "function") {
    const res = await fetch(name + ".gz");
    if (res.ok) return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  const res = await fetch(name);
  if (!res.ok) throw new Error(name + ": HTTP " + res.status);
  return res.arrayBuffer();
}

onmessage = async () => {
  try {
    const files = await Promise.all([fetchOne("standin/client_portal.dat"), fetchOne("standin/client_cell_1.dat")]);
    let hash = ""; // crypto.subtle exists only on https and localhost: else the program hashes them
    if (self.crypto && crypto.subtle) {
      const both = new Uint8Array(files[0].byteLength + files[1].byteLength);
      both.set(new Uint8Array(files[0]), 0);
      both.set(new Uint8Array(files[1]), files[0].byteLength);
      const digest = await crypto.subtle.digest("SHA-256", both);
      hash = "sha256:" + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    }
    postMessage({ files, hash }, files);
  } catch (e) {
    postMessage({ error: String(e && e.message || e) });
  }
};
