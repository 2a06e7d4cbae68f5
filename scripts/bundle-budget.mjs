#!/usr/bin/env node
// The bundle budget: JS and CSS (gzip) that the first load of a route downloads, computed from the
// Vite manifest of the built frontend (frontend/dist/.vite/manifest.json): the entry with its static
// imports, plus the route's lazy page (if it has one) and the data layer with their static imports; and, for
// information, the whole page (what it asks for after its first screen). Fails when a route is over budget.
// Usage: node scripts/bundle-budget.mjs [--json out.json]   (run `npm run build` first)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontend/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

/**
 * Route → the modules its first load fetches besides the entry (the lazy page, with the data layer
 * when the page reads data), and the most JS (gzip, kB) it may bring; `later`: what the page asks
 * for once its first screen has rendered (the home page's sections that read data, the chat widget),
 * measured as the whole page. None of them loads antd (antd screens bring its provider and
 * stylesheet, see frontend/src/app/withAntd.tsx), and the budgets keep it that way; the shell and the
 * home page's first screen hold no Apollo either (frontend/src/components/withData.tsx).
 */
const DATA = 'src/lib/DataProvider.tsx';
// The catalogues' 180 kB became 181 with issue #46: every first load now carries the script that keeps
// a tap on the prerendered screen until the app can answer it (src/app/earlyTaps.ts, 0.7 kB). It became
// 182 when search as Bangladesh types came in: the search box is a combobox in every first load (its
// suggestions load on focus), and the entry's route table grew by the admin's search words and catalogue
// import (0.7 kB together); each word file was already split per screen to make room.
const CHAT = 'src/features/info/components/ChatWidget.tsx';
export const BUDGETS = [
  // The home page is part of the entry (see frontend/src/app/routes.tsx); its data sections follow.
  { route: '/', modules: [], maxJsKb: 150,
    later: [DATA, CHAT, 'src/features/doctors/components/BestDoctors.tsx', 'src/features/home/components/BestNurses.tsx', 'src/features/home/components/CareSections.tsx'] },
  { route: '/doctors', modules: ['src/features/doctors/pages/DoctorsPage.tsx', DATA], later: [CHAT], maxJsKb: 182 },
  { route: '/medicine', modules: ['src/features/pharmacy/pages/MedicinePage.tsx', DATA], later: [CHAT], maxJsKb: 182 },
  // A doctor's page, as a visitor opens it (patients load the antd review form below the profile).
  { route: '/doctor/:id', modules: ['src/features/doctors/pages/DoctorDetailPage.tsx', DATA], later: [CHAT], maxJsKb: 182 },
  { route: '/cart', modules: ['src/features/pharmacy/pages/CartPage.tsx', DATA], later: [CHAT], maxJsKb: 182 },
  // The patient's sign-in door loads no data layer (it signs in with lib/registeredOperation.ts): a
  // chunk group or an import that brings Apollo to it shows here as 50 kB more (vite.config.ts,
  // firstLoadChunks). The doctors' door is the same page.
  { route: '/user-signin', modules: ['src/features/auth/pages/PatientLoginPage.tsx'], later: [CHAT], maxJsKb: 130 },
];

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length / 1024);
  return gzipCache.get(file);
}

/** Files a first load of these manifest entries fetches: static imports followed transitively. */
function closure(manifest, keys) {
  const seen = new Set();
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

export function measure() {
  if (!existsSync(manifestFile)) throw new Error(`${path.relative(root, manifestFile)} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  // Every entry is in index.html, so on every first load: the shell and the early taps' script.
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const sum = (files) => files.reduce((total, f) => total + gzipKb(f), 0);
  return BUDGETS.map(({ route, modules, maxJsKb, later = [] }) => {
    const files = closure(manifest, [...entries, ...modules]);
    const whole = closure(manifest, [...entries, ...modules, ...later]);
    const jsKb = sum(files.js);
    const cssKb = sum(files.css);
    const largest = files.js.map((f) => [f, gzipKb(f)]).sort((a, b) => b[1] - a[1]).slice(0, 3);
    return { route, jsKb: +jsKb.toFixed(1), cssKb: +cssKb.toFixed(1), jsFiles: files.js.length, maxJsKb, ok: jsKb <= maxJsKb, largest,
      wholePageJsKb: +sum(whole.js).toFixed(1) };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = measure();
  console.log('route       JS gzip    CSS gzip  files  budget       whole page  largest chunks');
  for (const r of results) {
    const largest = r.largest.map(([f, kb]) => `${f.replace(/^assets\//, '')} ${kb.toFixed(1)}`).join(', ');
    console.log(`${r.route.padEnd(10)} ${r.jsKb.toFixed(1).padStart(6)} kB ${r.cssKb.toFixed(1).padStart(7)} kB ${String(r.jsFiles).padStart(5)}  ${r.ok ? 'ok  ' : 'OVER'} ${r.maxJsKb} kB  ${r.wholePageJsKb.toFixed(1).padStart(6)} kB  ${largest}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  const json = process.argv.indexOf('--json');
  if (json > 0) writeFileSync(process.argv[json + 1], JSON.stringify({ passed: results.length - failed, failed, results }, null, 2));
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
