// The Node flags the server runs with, as backend/package.json's start script (`npm start`) gives them:
// the one place they are written. The Dockerfile's CMD is checked against them (check-deploy.mjs); the
// bench and the reliability drills start the server with them, so each measures the server as deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const start = JSON.parse(readFileSync(path.join(root, 'backend/package.json'), 'utf8')).scripts.start;
export const SERVER_NODE_FLAGS = start.match(/\s--[\w-]+(=\S+)?/g)?.map((f) => f.trim()) ?? [];
