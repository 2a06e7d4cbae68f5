// The page's first script (vite.config.ts `earlyTaps`): see earlyTaps.ts.
import { keepEarlyTaps } from './earlyTaps';

keepEarlyTaps();
