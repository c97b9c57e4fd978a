// Two instances behind one address (E2E_PAIR=1, issue 21): what a Playwright worker talks to instead
// of one server. Two built servers share a new PostgreSQL database and a Redis server of their own,
// and a small proxy on PORT hands each request, and each WebSocket, to the next of them in turn.
// Sessions, caches, sign-in throttling, tenants, timers and jobs must behave as on one instance.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT);
const instancePorts = [port + 100, port + 200];
const redisPort = port + 300;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `e2e_pair_${port}`;
const children: ChildProcess[] = [];

const waitUntil = (child: ChildProcess, text: string, name: string) =>
  new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      if (output.includes(text)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
  });

/** A new database on every start: one a killed run left behind is dropped first. */
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${database} with (force)`);
await admin.query(`create database ${database}`);
await admin.end();
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${database}`;

const redis = spawn('redis-server', [
  '--port',
  String(redisPort),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
]);
children.push(redis);
await waitUntil(redis, 'Ready to accept connections', 'redis-server');

// One after the other: the first migrates and seeds the empty database.
for (const instancePort of instancePorts) {
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(instancePort),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    },
  });
  children.push(child);
  await waitUntil(child, '管理员账号', `instance on ${instancePort}`);
}

let turn = 0;
const next = () => instancePorts[turn++ % instancePorts.length]!;

const proxy = createServer((req, res) => {
  const upstream = request(
    { host: '127.0.0.1', port: next(), method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
// A WebSocket stays with the instance that took its upgrade, as behind any load balancer.
proxy.on('upgrade', (req, socket, head) => {
  const upstream = connect(next(), '127.0.0.1', () => {
    const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`);
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
proxy.listen(port, '127.0.0.1');

const shutdown = () => {
  for (const child of children) child.kill('SIGTERM');
  proxy.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
