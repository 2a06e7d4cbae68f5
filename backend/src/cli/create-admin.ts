/**
 * Makes an admin account: the first admin of a production database, which has no other way to get
 * one (no demo data there, and only an admin can make another). From the repository's root:
 *
 *   DATABASE_URL=… npm run admin:create -- --email ops@example.com --name "Nirog Ops"
 *
 * The password is asked for on the terminal (not echoed), or read from ADMIN_PASSWORD or from the
 * first line of standard input when there is no terminal (scripts, a secret store), never from the
 * command line, where other users of the machine could read it in the process list. The database is
 * migrated first, so this may run before the server's first start. The account is on record in the
 * audit log. Exit codes: 0 made, 1 refused (the message says why), 2 a bad configuration.
 */
import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { loadConfigOrExit } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { withStartupLock } from '../common/coordination.js';
import { toAppError } from '../common/errors.js';
import { createServices } from '../services.js';
import { User } from '../modules/accounts/index.js';
import { ADMIN_CREATED_ACTION } from '../modules/audit/index.js';
import { Role } from '../common/roles.js';

function option(name: string, env: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : process.env[env];
}

/** A line from the terminal without echoing it, or the first line of standard input. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const email = option('email', 'ADMIN_EMAIL');
  const name = option('name', 'ADMIN_NAME');
  if (!email || !name) {
    console.error('Usage: npm run admin:create -- --email <email> --name "<name>" (the password is asked for, or read from ADMIN_PASSWORD or standard input)');
    return 1;
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await readPassword('Password (8+ characters, a letter and a digit): ');
    if (process.stdin.isTTY && password !== await readPassword('Password again: ')) {
      console.error('The two passwords differ; nothing was made.');
      return 1;
    }
  }
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const orm = await initOrm(config, log);
  try {
    await withStartupLock(config, orm, () => migrate(orm));
    const services = createServices(config, log);
    const em = orm.em.fork();
    const admin = await services.accounts.createAdmin(em, { email, name, password });
    await services.audit.record(em, { actor: null, action: ADMIN_CREATED_ACTION, entityType: 'User', entityId: admin.id, details: { email: admin.email, via: 'npm run admin:create' } });
    const admins = await em.count(User, { role: Role.Admin, deletedAt: null });
    console.log(`Admin ${admin.email} made (${admins} admin${admins === 1 ? '' : 's'} now). Log in at ${config.publicUrl}/user-signin`);
    return 0;
  } catch (err) {
    const appError = toAppError(err);
    if (!appError) throw err;
    const fields = Object.values(appError.fields ?? {}).join('; ');
    console.error(`Refused: ${appError.message}${fields && fields !== appError.message ? ` (${fields})` : ''}`);
    return 1;
  } finally {
    await orm.close();
  }
}

process.exit(await main());
