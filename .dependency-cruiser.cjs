/**
 * The boundaries of Nirog's code, checked by a machine (`npm run lint`, part of `npm test`).
 * Type-only imports count too: a boundary is about who knows whom, not only about runtime.
 *
 * Backend (backend/src):
 *   - a module (modules/<name>/) uses another module only through that module's index.ts, its
 *     public face; what is not exported there is the module's own business;
 *   - common/ knows no module (modules build on common, never the other way round);
 *   - modules know nothing of the composition root (COMPOSITION_ROOT below: what lists, builds and
 *     starts the modules, the command-line tools and the demo data);
 *   - no cycle of imports that run (.dependency-cruiser-runtime.cjs, the second pass of npm run lint:
 *     a type-only import is erased at build time, so it may point back).
 * Frontend (frontend/src):
 *   - a feature (features/<name>/) never imports another feature or the app shell (app/);
 *   - a page never imports another page (shared parts move to the feature's components/);
 *   - components/ and lib/ are shared: they import no feature and no app shell.
 */
/** What lists, builds and starts the modules: it imports them all, so none may import it. */
const COMPOSITION_ROOT = [
  '^backend/src/(app|main|server|services|schema|entities|modules|db|jobs)\\.ts$',
  '^backend/src/(cli|seeders)/',
];

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment: 'A backend module is used by others only through its index.ts.',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/([^/]+)/', pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'common-knows-no-module',
      comment: 'common/ is below the modules: it may not import any of them (nor the composition root).',
      severity: 'error',
      from: { path: '^backend/src/common/' },
      to: { path: ['^backend/src/modules/', ...COMPOSITION_ROOT] },
    },
    {
      name: 'modules-know-no-root',
      comment: 'Modules do not import the composition root.',
      severity: 'error',
      from: { path: '^backend/src/modules/' },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: 'feature-to-feature',
      comment: 'A feature never imports another feature: shared parts go to components/ or lib/.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'feature-to-app-shell',
      comment: 'Features do not import the app shell (app/): the shell composes features, not the other way round.',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'page-to-page',
      comment: 'A page never imports another page.',
      severity: 'error',
      from: { path: '^frontend/src/features/[^/]+/pages/' },
      to: { path: '^frontend/src/features/[^/]+/pages/' },
    },
    {
      name: 'shared-knows-no-feature',
      comment: 'components/ and lib/ are shared by every feature: they import none, nor the app shell.',
      severity: 'error',
      from: { path: '^frontend/src/(components|lib|i18n|config)/' },
      to: { path: ['^frontend/src/features/', '^frontend/src/app/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^frontend/src/gql/', '(^|/)dist/', '/__tests__/', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
