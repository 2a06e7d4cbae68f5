// What Lighthouse's simulated largest paint waits for: one Lighthouse run (mobile defaults) of a page,
// then its simulation (Lantern) run again on the run's own trace, printing the simulated start and end
// of every request and task it counted before the paint, in the optimistic and the pessimistic graph
// (the metric is their mean). Used for issue #49 (docs/performance.md, 2026-11-30 morning): it shows
// which request is the long pole and what it waited for (a connection, a round trip, its priority).
// Usage: node bench/lantern.mjs <base URL> <path> [runs]   (a running Nirog, `npm start` or serve)
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');

const [base = 'http://localhost:4000', route = '/medicine', runs = '1'] = process.argv.slice(2);
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const label = (node) => (node.type === 'network'
  ? `${node.request.url.split('/').pop().slice(0, 36)} ${node.request.transferSize} B ${node.request.priority}`
  : `task (${(node.duration ?? node.endTime - node.startTime) / 1000} ms observed)`);

for (let i = 0; i < Number(runs); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: flags });
  const run = await lighthouse(`${base}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
  await chrome.kill();
  const a = run.artifacts;
  const input = { trace: a.Trace, devtoolsLog: a.DevtoolsLog, gatherContext: a.GatherContext, settings: run.lhr.configSettings, URL: a.URL, SourceMaps: a.SourceMaps, HostDPR: a.HostDPR, simulator: null };
  const lcp = await LanternLargestContentfulPaint.request(input, { computedCache: new Map() });
  console.log(`${route}: largest paint ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}); observed paint ${run.lhr.audits.metrics.details.items[0].observedLargestContentfulPaint} ms`);
  for (const [name, estimate] of [['optimistic', lcp.optimisticEstimate], ['pessimistic', lcp.pessimisticEstimate]]) {
    const rows = [...estimate.nodeTimings.entries()].map(([node, t]) => [Math.round(t.startTime), Math.round(t.endTime), label(node)]).sort((x, y) => x[0] - y[0]);
    console.log(`  ${name}: ${rows.length} requests and tasks`);
    for (const [start, end, what] of rows) console.log(`    ${String(start).padStart(5)}–${String(end).padEnd(5)} ${what}`);
  }
}
