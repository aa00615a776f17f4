// Brotli-compress the vendored scripts and stylesheets once, at build time (quality 11 takes
// seconds, too slow for every server start), next to each file as <file>.br, and record the
// SHA-256 of each source in static/vendor/manifest.json under "brotli": the server sends a
// .br only while its source still has that digest (app/web/assets.py).
//
//   node frontend/precompress.js static/vendor      (run by scripts/build-assets)
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const vendor = path.resolve(process.argv[2]);
const static_ = path.dirname(vendor);
const digests = {};

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(js|css)$/.test(entry.name)) compress(full);
  }
}

function compress(file) {
  const source = fs.readFileSync(file);
  const packed = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  fs.writeFileSync(file + ".br", packed);
  const relative = path.relative(static_, file).split(path.sep).join("/");
  digests[relative] = crypto.createHash("sha256").update(source).digest("hex");
}

for (const stale of fs.readdirSync(vendor, { recursive: true })) {
  if (String(stale).endsWith(".br")) fs.rmSync(path.join(vendor, String(stale)));
}
walk(vendor);
const manifestPath = path.join(vendor, "manifest.json");
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
manifest.brotli = digests;
fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
console.log(`precompress: ${Object.keys(digests).length} files brotli-compressed in ${vendor}`);
