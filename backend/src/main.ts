import { loadConfigOrExit } from './config.js';

/**
 * The process's entry (`npm run serve`, the Dockerfile's CMD): the configuration is checked first,
 * with nothing else loaded, and a bad one is refused with exit code 2 and the variable's name. Only a
 * good one loads the server (server.ts) and its native modules: sharp starts libvips' thread pool as
 * it loads, and a process that exits at once after that has been seen killed by a signal instead of
 * exiting 2 (CI, 2026-11-26), so an operator's "JWT_SECRET must be set" could read as a crash.
 */
async function main() {
  const config = loadConfigOrExit();
  const { startServer } = await import('./server.js');
  await startServer(config);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
