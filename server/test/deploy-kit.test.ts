import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// yaml comes with the installed tools (vite, @fastify/swagger); compose.yaml uses anchors and merge keys.
import { parse as parseYaml } from 'yaml';

/**
 * The deploy kit (deploy/) cannot be run here: these machines have no container runtime and no systemd session. So
 * every file and command it names is checked against the repository: COPY sources, build stages, the scripts the
 * containers and units start, the npm scripts they run, mounted files, the settings they pass, the nginx values.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));

/** Settings the kit passes that a library reads, not the platform. */
const LIBRARY_SETTINGS = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_DEFAULT_REGION']);

/** The platform's settings, as server/src/config/env.ts declares them. */
const KNOWN_SETTINGS = new Set([...read('server/src/config/env.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): z\b/gm)].map((m) => m[1] as string));

function checkFile(file: string, problems: string[], where: string): void {
  if (exists(file)) return;
  problems.push(`${where}: ${file} does not exist`);
}

function checkSetting(name: string, problems: string[], where: string): void {
  if (!KNOWN_SETTINGS.has(name) && !LIBRARY_SETTINGS.has(name)) problems.push(`${where}: ${name} is no setting of the platform`);
}

/** An npm command in a RUN line or a unit: `npm run <script> [-w <workspace>]` must name a script that exists. */
function checkNpm(command: string, problems: string[], where: string): void {
  for (const m of command.matchAll(/npm run ([\w:-]+)(?: -w (\w+))?/g)) {
    const pkg = JSON.parse(read(m[2] ? `${m[2]}/package.json` : 'package.json')) as { scripts: Record<string, string> };
    if (!pkg.scripts[m[1] as string]) problems.push(`${where}: npm script "${m[1]}" is not in ${m[2] ?? 'the root'} package.json`);
  }
}

/** The file a `node --import tsx <file>` command starts, relative to its working directory. */
function nodeScript(command: string[]): string | undefined {
  return command[0] === 'node' || command[0] === '/usr/bin/node' ? command.find((part) => part.endsWith('.ts')) : undefined;
}

type Stage = { name: string; workdir: string; lines: string[] };

/** Dockerfile instructions by stage (continuation lines joined). */
function dockerStages(): Stage[] {
  const instructions = read('deploy/Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM \S+ AS (\S+)$/i.exec(line);
    const stage = stages.at(-1);
    if (from) stages.push({ name: from[1] as string, workdir: '/', lines: [] });
    else if (stage) {
      stage.lines.push(line);
      const workdir = /^WORKDIR (\S+)$/i.exec(line);
      if (workdir) stage.workdir = path.posix.resolve(stage.workdir, workdir[1] as string);
    }
  }
  return stages;
}

/** /app in the image is the repository root (COPY of the build stage). */
const repoPath = (workdir: string, file: string) => path.posix.relative('/app', path.posix.resolve(workdir, file));

describe('deploy kit', () => {
  it('reads the settings it checks against', () => {
    for (const name of ['DATABASE_URL', 'DATA_DIR', 'EVIDENCE_KEY', 'METRICS_TOKEN', 'TRUST_PROXY']) expect(KNOWN_SETTINGS).toContain(name);
  });

  it('Dockerfile: every COPY source, stage, npm script and started file exists', () => {
    const stages = dockerStages();
    expect(stages.map((s) => s.name)).toEqual(['build', 'front', 'app']);
    const problems: string[] = [];
    for (const stage of stages) {
      let workdir = '/';
      for (const line of stage.lines) {
        const [instruction = '', ...rest] = line.split(/\s+/);
        const args = rest.filter((a) => !a.startsWith('--chown'));
        switch (instruction.toUpperCase()) {
          case 'WORKDIR':
            workdir = path.posix.resolve(workdir, args[0] as string);
            break;
          case 'COPY': {
            const from = args.find((a) => a.startsWith('--from='))?.slice('--from='.length);
            const sources = args.filter((a) => !a.startsWith('--')).slice(0, -1);
            if (from) {
              if (!stages.some((s) => s.name === from)) problems.push(`${stage.name}: COPY --from=${from}: no such stage`);
              // What the build stage made (web/dist) comes from a build script that exists.
              for (const source of sources) if (source.startsWith('/app/web/dist')) checkNpm('npm run build -w web', problems, stage.name);
            } else {
              for (const source of sources) checkFile(source.replace(/\/$/, ''), problems, `${stage.name}: COPY`);
            }
            break;
          }
          case 'RUN':
            checkNpm(line, problems, `${stage.name}: RUN`);
            if (/npm ci/.test(line)) checkFile('package-lock.json', problems, `${stage.name}: npm ci`);
            break;
          case 'ENV':
            for (const m of line.matchAll(/([A-Z][A-Z0-9_]+)=/g)) checkSetting(m[1] as string, problems, `${stage.name}: ENV`);
            break;
          case 'CMD': {
            const command = JSON.parse(args.join(' ')) as string[];
            const script = nodeScript(command);
            expect(script, `${stage.name}: CMD starts a script`).toBeDefined();
            checkFile(repoPath(workdir, script as string), problems, `${stage.name}: CMD`);
            break;
          }
          case 'HEALTHCHECK':
            expect(line).toContain('/readyz');
            break;
        }
      }
    }
    expect(problems).toEqual([]);
    // The front's sed fills in every value of the nginx file.
    const front = stages.find((s) => s.name === 'front')?.lines.join('\n') ?? '';
    for (const value of nginxValues()) expect(front).toContain(`s|${value}|`);
  });

  it('compose.yaml: services build from the Dockerfile, start files that exist, mount files that exist, pass known settings', () => {
    const compose = parseYaml(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<
        string,
        {
          build?: { context: string; dockerfile: string; target: string };
          image?: string;
          command?: string[] | string;
          environment?: Record<string, string>;
          volumes?: string[];
          depends_on?: Record<string, { condition: string }>;
          deploy?: { replicas?: number };
        }
      >;
      volumes: Record<string, unknown>;
    };
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(['app', 'migrate', 'nginx', 'postgres', 's3', 's3-bucket', 'worker']);
    expect(services.app?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    const stages = dockerStages();
    const appWorkdir = stages.find((s) => s.name === 'app')?.workdir as string;
    const problems: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        const context = path.resolve(DEPLOY, service.build.context);
        if (context !== ROOT) problems.push(`${name}: build context ${service.build.context} is not the repository`);
        if (!fs.existsSync(path.join(context, service.build.dockerfile))) problems.push(`${name}: ${service.build.dockerfile} does not exist`);
        if (!stages.some((s) => s.name === service.build?.target)) problems.push(`${name}: no Dockerfile stage ${service.build.target}`);
      } else if (!service.image) problems.push(`${name}: neither build nor image`);
      if (Array.isArray(service.command) && service.build?.target === 'app') {
        const script = nodeScript(service.command);
        if (!script) problems.push(`${name}: command ${service.command.join(' ')} starts no script`);
        else checkFile(repoPath(appWorkdir, script), problems, `${name}: command`);
        if (script?.endsWith('platform.ts')) {
          const help = read('server/src/cli/platform.ts');
          const sub = service.command[service.command.indexOf(script) + 1] as string;
          if (!help.includes(`'${sub}'`)) problems.push(`${name}: platform.ts has no command ${sub}`);
        }
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] as string;
        if (source.startsWith('.')) {
          if (!fs.existsSync(path.resolve(DEPLOY, source))) problems.push(`${name}: mounted ${source} does not exist`);
        } else if (!(source in compose.volumes)) problems.push(`${name}: volume ${source} is not declared`);
      }
      for (const dependency of Object.keys(service.depends_on ?? {})) if (!services[dependency]) problems.push(`${name}: depends on unknown ${dependency}`);
      if (service.build?.target === 'app')
        for (const setting of Object.keys(service.environment ?? {})) checkSetting(setting, problems, `${name}: environment`);
    }
    expect(problems).toEqual([]);
    // The S3 server's credentials are the ones the platform is given.
    const s3Config = JSON.parse(fs.readFileSync(path.join(DEPLOY, 'seaweedfs-s3.json'), 'utf8')) as {
      identities: { credentials: { accessKey: string; secretKey: string }[] }[];
    };
    expect(s3Config.identities[0]?.credentials[0]).toEqual({
      accessKey: services.app?.environment?.AWS_ACCESS_KEY_ID,
      secretKey: services.app?.environment?.AWS_SECRET_ACCESS_KEY,
    });
  });

  it('systemd units: started files exist, settings are known, the target wants units that exist', () => {
    const unitDir = path.join(DEPLOY, 'systemd');
    const units = fs.readdirSync(unitDir).filter((f) => /\.(service|target)$/.test(f));
    expect(units.sort()).toEqual(['mm-app@.service', 'mm-migrate.service', 'mm-worker.service', 'mm.target']);
    const problems: string[] = [];
    for (const unit of units) {
      const text = fs.readFileSync(path.join(unitDir, unit), 'utf8');
      const workdir = /^WorkingDirectory=\/opt\/manufacturing-masters\/?(.*)$/m.exec(text)?.[1];
      for (const m of text.matchAll(/^ExecStart=(.+)$/gm)) {
        const command = (m[1] as string).split(/\s+/);
        const script = nodeScript(command);
        if (!script || workdir === undefined) problems.push(`${unit}: ExecStart ${m[1]} starts no script of the release`);
        else checkFile(path.posix.join(workdir, script), problems, `${unit}: ExecStart`);
        if (script?.endsWith('platform.ts') && !read('server/src/cli/platform.ts').includes(`'${command.at(-1)}'`))
          problems.push(`${unit}: no CLI command ${command.at(-1)}`);
      }
      for (const m of text.matchAll(/^Environment=([A-Z][A-Z0-9_]+)=/gm)) checkSetting(m[1] as string, problems, `${unit}: Environment`);
      for (const m of text.matchAll(/^(?:Wants|Requires)=(.+)$/gm)) {
        for (const wanted of (m[1] as string).split(/\s+/).filter((u) => u.startsWith('mm'))) {
          const file = wanted.replace(/@[^.]+\./, '@.');
          if (!units.includes(file)) problems.push(`${unit}: wants ${wanted}, no unit file ${file}`);
        }
      }
      if (unit.startsWith('mm-app')) expect(text).toMatch(/^TimeoutStopSec=(\d+)$/m);
    }
    for (const m of fs.readFileSync(path.join(unitDir, 'env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]+)=/gm))
      checkSetting(m[1] as string, problems, 'env.example');
    expect(problems).toEqual([]);
    // systemd waits longer than the app's own drain limit, so the app reports an overrun itself.
    const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(fs.readFileSync(path.join(unitDir, 'mm-app@.service'), 'utf8'))?.[1]);
    expect(stop * 1000).toBeGreaterThan(Number(/DRAIN_LIMIT_MS = ([\d_]+)/.exec(read('server/src/lib/graceful-shutdown.ts'))?.[1]?.replace(/_/g, '')));
  });

  it('nginx.conf: the values to fill in, several upstream instances, /metrics refused', () => {
    expect(nginxValues().sort()).toEqual(['{{APP}}', '{{LISTEN}}', '{{MEDIA_DIR}}', '{{WEB_DIST}}']);
    const conf = read('deploy/nginx.conf');
    expect(conf).toMatch(/upstream manufacturing_masters \{[^}]*server \{\{APP\}\};/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

function nginxValues(): string[] {
  const conf = read('deploy/nginx.conf')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  return [...new Set(conf.match(/\{\{[A-Z_]+\}\}/g) ?? [])];
}
