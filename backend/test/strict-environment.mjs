import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's default (--unhandled-rejections=throw) stops a server at the first rejected promise that has
 * no handler at that moment, even if a handler is attached later. jest-circus forgives such a
 * rejection once it is handled later ("rejectionHandled"), so a test could pass while the same
 * request kills the real process (a 6 MiB multipart avatar once did). This environment makes every
 * unhandled rejection an error of the test file, whatever happens to the promise afterwards.
 */
export default class StrictEnvironment extends TestEnvironment {
  handleTestEvent(event, state) {
    if (event.name === 'error' && event.promise) {
      const reason = event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : String(event.error);
      const err = new Error(`Unhandled promise rejection (it would stop the server process): ${reason}`);
      if (event.error instanceof Error && event.error.stack) err.stack = `${err.message}\n${event.error.stack}`;
      state.unhandledErrors.push(err);
    }
    return super.handleTestEvent?.(event, state);
  }
}
