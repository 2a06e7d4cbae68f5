/**
 * No cycle of imports that run (`npm run lint:boundaries`, the second pass after .dependency-cruiser.cjs).
 * Cruised without the imports TypeScript erases (`import type`, names used only as types), which
 * may point back: a cycle of those costs nothing at run time. A runtime cycle makes the order in
 * which modules load decide what is defined when (a class still undefined in a decorator, a
 * registration that has not run), so both doors' behaviour would hang on import order.
 * Cut one the way the code already does: the lower module offers a registration (accounts' gates,
 * payments' completion hooks) or the higher one declares its side of a link (an appointment's
 * prescription, declared by prescriptions).
 */
const boundaries = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle of runtime imports: cut it with a registration or by moving the code that points back (see above).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...boundaries.options, tsPreCompilationDeps: false },
};
