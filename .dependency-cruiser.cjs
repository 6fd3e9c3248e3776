/**
 * The import graph's rules, checked by `npm run check:imports` (and `npm test`, after lint):
 * docs/architecture.md, "Modules and their faces". Test files are left out: a test may reach into
 * the module it tests.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle, type-only ones included: a module in it cannot be read, loaded or replaced without the others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-through-its-index',
      comment: "A server module reaches another only through that module's index.ts, its public face.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-the-index',
      comment: "The HTTP layer, the composition root, scripts and benches reach a module only through its index.ts.",
      severity: 'error',
      from: { path: '^(server|scripts|bench)/', pathNot: '^server/modules/' },
      to: { path: '^server/modules/[^/]+/', pathNot: '^server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'contract/ is shared by the browser and the server: it imports neither.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(app|server)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/|\\.test\\.tsx?$|\\.server-test\\.ts$' },
  },
};
