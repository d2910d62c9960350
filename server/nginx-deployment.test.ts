// The five-minute deployment of the README and docs/deploying.md, run as written: Debian's nginx with the
// docs' server block (on a free loopback port) in front of the server with the docs' TRUST_PROXY. Each block
// is read from the docs, so a change to either side that makes them disagree fails here.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { NGINX_PATH } from '../scripts/ensure-nginx';
import { freePort } from '../scripts/free-port';
import { loadConfig } from './config/config';
import { buildTestApp, makeDist, tempDir } from '../testing/server/test-support';

const read = (path: string) => readFileSync(resolve(import.meta.dirname, '..', path), 'utf8');
const nginxBlock = (text: string) => /```nginx\n(server \{\n {2}listen 80;[\s\S]*?\n\})\n```/.exec(text)?.[1];
const trustProxy = (text: string) => /^Environment=.*\bTRUST_PROXY=(\S+)/m.exec(text)?.[1];

/** One call through nginx from a loopback address of the client's own, as a visitor's connection arrives. */
function call(port: number, from: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const sent = request(
      { host: '127.0.0.1', port, method, path, localAddress: from, headers: { Host: 'reg.example.com', ...headers } },
      (answer) => {
        let body = '';
        answer
          .setEncoding('utf8')
          .on('data', (chunk: string) => (body += chunk))
          .on('end', () => done({ status: answer.statusCode!, body }));
      },
    );
    sent.on('error', fail).end();
  });
}

describe('the five-minute deployment behind nginx', () => {
  const block = nginxBlock(read('docs/deploying.md'));
  const trusted = trustProxy(read('docs/deploying.md'));
  let nginx: ChildProcess | undefined;
  let port = 0;
  let close = async () => {};

  beforeAll(async () => {
    expect(block).toBeDefined();
    expect(trusted).toBeDefined();
    const { app } = await buildTestApp({
      trustProxy: loadConfig({ TRUST_PROXY: trusted }).trustProxy,
      rateLimit: { windowMs: 60_000, checksPerWindow: 2, regPerWindow: 2 },
      distDir: await makeDist({ 'register.html': '<!doctype html><title>register</title><h1>注册账号</h1>' }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
    port = await freePort();
    const dir = await tempDir('nginx-');
    const site = block!
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('http://127.0.0.1:8080', `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(dir, name)};`).join(' ');
    const file = join(dir, 'nginx.conf');
    writeFileSync(
      file,
      `worker_processes 1; daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')} warn;\nevents {}\nhttp { access_log off; ${temp}\n${site}\n}\n`,
    );
    nginx = spawn(NGINX_PATH, ['-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'inherit'] });
    for (let tries = 0; ; tries++) {
      const up = await call(port, '127.0.0.1', 'GET', '/healthz').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error('nginx did not start');
      await new Promise((wait) => setTimeout(wait, 50));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await close();
  });

  it('is the same block in the README and in docs/deploying.md', () => {
    expect(nginxBlock(read('README.md'))).toBe(block);
    expect(trustProxy(read('README.md'))).toBe(trusted);
  });

  it('answers / with the register page and passes /api on to the server', async () => {
    const page = await call(port, '127.0.0.1', 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>注册账号</h1>');
    const check = await call(port, '127.0.0.1', 'POST', '/api/Index/checkuser?param=nginx_visitor&name=name');
    expect([check.status, JSON.parse(check.body)]).toEqual([200, { status: 'y', info: '用户名可用' }]);
  });

  it('holds each visitor to their own rate limit, whatever X-Forwarded-For they send', async () => {
    const checks = (from: string, headers?: Record<string, string>) =>
      call(port, from, 'POST', '/api/Index/checktel?param=13800138000&name=mobile', headers).then(({ status }) => status);
    const first = [await checks('127.0.0.2'), await checks('127.0.0.2', { 'X-Forwarded-For': '203.0.113.7' })];
    const past = await checks('127.0.0.2', { 'X-Forwarded-For': '198.51.100.9' });
    const other = await checks('127.0.0.3');
    expect({ first, past, other }).toEqual({ first: [200, 200], past: 429, other: 200 });
  });
});
