import { describe, expect, it } from '@jest/globals';
import { EXPECTED, INTEGRATOR_SCOPE_OF, ROLES } from '../../../../test/security/access-table.js';
import { SERVICE_AUDIT_ACTIONS } from '../audit.service.js';
import { AUDIT_ACTION_WORDS } from '../../../../../frontend/src/features/admin/audit-actions.js';

/**
 * Every action the server can write into the audit log has words on the admin's screen, in English and
 * Bangla: the operations an admin may run (GraphQL mutations by field name, REST writes as `METHOD /path`,
 * from the authorization matrix, which matrix.test.ts checks against the running API), the writes integrator
 * apps may make, and the actions services record themselves.
 */
const admin = ROLES.indexOf('admin');
const codes = [
  ...Object.entries(EXPECTED)
    .filter(([key, cells]) => cells[admin] === '+' && (key.startsWith('Mutation.') || /^(POST|PUT|PATCH|DELETE) /.test(key)))
    .map(([key]) => key.replace(/^Mutation\./, '')),
  // An integrator app's writes are on record too (webhook subscriptions only apps make).
  ...Object.keys(INTEGRATOR_SCOPE_OF).filter((key) => key.startsWith('Mutation.')).map((key) => key.replace(/^Mutation\./, '')),
  ...SERVICE_AUDIT_ACTIONS,
];

describe('the audit log words every action', () => {
  it('knows the actions (a sanity check of the enumeration)', () => {
    expect(codes).toEqual(expect.arrayContaining(['approveDoctor', 'PUT /admin/doctor/:id/approve', 'csv.export', 'read:prescription']));
  });

  it.each(['en', 'bn'] as const)('in %s', (lang) => {
    const missing = codes.filter((c) => !AUDIT_ACTION_WORDS[lang][c]?.trim());
    expect(missing).toEqual([]);
  });
});
