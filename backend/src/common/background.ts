import { jobDuration, jobLastRun, jobRuns, type JobName } from './metrics.js';
import { tracing } from './tracing.js';

/**
 * Work done outside a request (a job run, an outbox send) as a trace of its own when tracing is on:
 * a root span named after the work, with SQL and service spans under it, like a request's.
 */
export function inBackgroundSpan<T>(name: string, attributes: Record<string, string | number>, fn: () => Promise<T>): Promise<T> {
  const t = tracing();
  return t ? t.background(name, attributes, fn) : fn();
}

/**
 * Runs one background job and records it for /metrics and the traces: its outcome (ok, failed, or
 * skipped when `exclusive` did not run it because another replica holds the jobs lock), how long it
 * took, and when it last ran. A failure is recorded and thrown on to the caller, which logs it.
 */
export async function runBackgroundJob<T>(
  job: JobName,
  fn: () => Promise<T>,
  exclusive: <R>(f: () => Promise<R>) => Promise<R | undefined> = (f) => f(),
): Promise<T | undefined> {
  let ran = false;
  const result = await exclusive(() => inBackgroundSpan(`job ${job}`, { 'nirog.job': job }, async () => {
    ran = true;
    const stop = jobDuration.startTimer({ task: job });
    try {
      const value = await fn();
      jobRuns.inc({ task: job, outcome: 'ok' });
      jobLastRun.set({ task: job, outcome: 'ok' }, Date.now() / 1000);
      return value;
    } catch (err) {
      jobRuns.inc({ task: job, outcome: 'failed' });
      jobLastRun.set({ task: job, outcome: 'failed' }, Date.now() / 1000);
      throw err;
    } finally {
      stop();
    }
  }));
  if (!ran) jobRuns.inc({ task: job, outcome: 'skipped' });
  return result;
}
