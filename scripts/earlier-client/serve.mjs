#!/usr/bin/env node
// Serves the earlier client's static build on the same origin as Nirog.
//
//   node serve.mjs [--port 4500] [--upstream http://127.0.0.1:4400] [--build ./build]
//   env: PORT, HOST (default 127.0.0.1), UPSTREAM (Nirog origin), BUILD_DIR
//
// - /api/*, /uploads/*, /sandbox/*, /graphql are proxied to Nirog (method, headers, body
//   streamed both ways). Redirect Location headers that point at the Nirog origin are
//   rewritten to this server's origin.
// - Everything else is served from the build directory; unknown paths that do not look
//   like files (no extension in the last segment) fall back to index.html (SPA routing).
// Node built-ins only (node:http); Node 20+ / 24 compatible.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  return fallback;
}

const PORT = Number(arg('port', process.env.PORT || 4500));
const HOST = arg('host', process.env.HOST || '127.0.0.1');
const UPSTREAM = new URL(arg('upstream', process.env.UPSTREAM || 'http://127.0.0.1:4400'));
const BUILD_DIR = path.resolve(arg('build', process.env.BUILD_DIR || path.join(process.env.EARLIER_CLIENT_DIR || '/tmp/earlier-client', 'build')));
const QUIET = process.argv.includes('--quiet') || process.env.QUIET === '1';

const PROXIED = [/^\/api(\/|$|\?)/, /^\/uploads(\/|$|\?)/, /^\/sandbox(\/|$|\?)/, /^\/graphql(\/|$|\?)/];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

// Hop-by-hop headers are not forwarded (RFC 9110 §7.6.1).
const HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function log(...a) {
  if (!QUIET) console.log(new Date().toISOString(), ...a);
}

function selfOrigin(req) {
  const host = req.headers.host || `${HOST}:${PORT}`;
  return `http://${host}`;
}

function rewriteLocation(loc, req) {
  if (!loc) return loc;
  let u;
  try {
    u = new URL(loc, UPSTREAM);
  } catch {
    return loc;
  }
  // Only absolute redirects to the Nirog origin (or its localhost/127.0.0.1 alias) are rewritten.
  const upstreamHosts = new Set([UPSTREAM.host, `localhost:${UPSTREAM.port}`, `127.0.0.1:${UPSTREAM.port}`]);
  if (/^[a-z]+:\/\//i.test(loc) && u.protocol === UPSTREAM.protocol && upstreamHosts.has(u.host)) {
    return selfOrigin(req) + u.pathname + u.search + u.hash;
  }
  return loc;
}

function proxy(req, res) {
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (!HOP.has(k.toLowerCase())) headers[k] = v;
  }
  headers.host = UPSTREAM.host;
  const remote = req.socket.remoteAddress || '';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${remote}` : remote;
  headers['x-forwarded-host'] = req.headers.host || '';
  headers['x-forwarded-proto'] = 'http';

  const upstreamReq = http.request(
    {
      protocol: UPSTREAM.protocol,
      hostname: UPSTREAM.hostname,
      port: UPSTREAM.port || 80,
      method: req.method,
      path: req.url,
      headers,
    },
    (up) => {
      const out = {};
      for (const [k, v] of Object.entries(up.headers)) {
        if (HOP.has(k.toLowerCase())) continue;
        out[k] = k.toLowerCase() === 'location' ? rewriteLocation(v, req) : v;
      }
      res.writeHead(up.statusCode || 502, up.statusMessage, out);
      up.pipe(res);
      up.on('end', () => log('proxy', req.method, req.url, up.statusCode));
    },
  );
  upstreamReq.on('error', (err) => {
    log('proxy error', req.method, req.url, err.message);
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: `serve.mjs: upstream ${UPSTREAM.origin} unreachable: ${err.message}` }));
    } else {
      res.destroy(err);
    }
  });
  req.on('aborted', () => upstreamReq.destroy());
  req.pipe(upstreamReq);
}

function sendFile(res, file, req, status = 200) {
  const ext = path.extname(file).toLowerCase();
  const type = MIME[ext] || 'application/octet-stream';
  fs.stat(file, (err, st) => {
    if (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('read error');
    }
    const isHtml = ext === '.html';
    res.writeHead(status, {
      'content-type': type,
      'content-length': st.size,
      'cache-control': isHtml ? 'no-cache' : (file.includes(`${path.sep}static${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300'),
    });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  });
}

function serveStatic(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
    return res.end('method not allowed');
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' });
    return res.end('bad request');
  }
  const file = path.normalize(path.join(BUILD_DIR, pathname));
  if (file !== BUILD_DIR && !file.startsWith(BUILD_DIR + path.sep)) {
    res.writeHead(403, { 'content-type': 'text/plain' });
    return res.end('forbidden');
  }
  fs.stat(file, (err, st) => {
    if (!err && st.isFile()) return sendFile(res, file, req);
    if (!err && st.isDirectory()) {
      const idx = path.join(file, 'index.html');
      if (fs.existsSync(idx)) return sendFile(res, idx, req);
    }
    // SPA fallback: a path whose last segment has no extension is a client route.
    const last = pathname.split('/').pop() || '';
    if (!path.extname(last)) return sendFile(res, path.join(BUILD_DIR, 'index.html'), req);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
}

const server = http.createServer((req, res) => {
  const p = req.url || '/';
  if (PROXIED.some((re) => re.test(p))) return proxy(req, res);
  serveStatic(req, res);
});
server.keepAliveTimeout = 5000;

if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
  console.error(`serve.mjs: no index.html in ${BUILD_DIR}`);
  process.exit(1);
}

server.listen(PORT, HOST, () => {
  console.log(`serve.mjs: http://${HOST}:${PORT} (build ${BUILD_DIR}) -> proxy /api /uploads /sandbox /graphql to ${UPSTREAM.origin}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  });
}
