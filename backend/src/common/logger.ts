import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'nirog-api' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token', 'refreshToken'], remove: true },
  });
}
