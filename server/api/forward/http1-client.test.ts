import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { http1Client } from './http1-client';
import type { BackendRequest } from './backend-call';

const REQUEST: BackendRequest = {
  method: 'POST',
  path: '/api/Index/checkuser?param=a&name=name',
  headers: { host: 'backend', 'content-length': '2', 'content-type': 'application/json' },
  body: '{}',
};

/** A backend on raw sockets: `answer` writes each answer (and may close); counts connections and what each request was. */
async function startBackend(answer: (socket: Socket, request: string, index: number) => void) {
  let connections = 0;
  const requests: string[] = [];
  const server = createTcpServer((socket) => {
    connections += 1;
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      while (pending.includes('\r\n\r\n{}')) {
        const end = pending.indexOf('\r\n\r\n{}') + 6;
        requests.push(pending.slice(0, end));
        pending = pending.slice(end);
        answer(socket, requests.at(-1)!, requests.length - 1);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { target, requests, connections: () => connections, close: () => new Promise((resolve) => server.close(resolve)) };
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{"status":"y"}';

describe("the backend's lean client", () => {
  it('writes the request as given and reuses one kept-alive connection, call after call', async () => {
    const backend = await startBackend((socket) => socket.write(OK));
    const client = http1Client(backend.target);
    for (let i = 0; i < 3; i += 1)
      expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: true, statusCode: 200, body: Buffer.from('{"status":"y"}') });
    client.close();
    await backend.close();
    expect(backend.connections()).toBe(1);
    expect(backend.requests[0]).toBe(
      'POST /api/Index/checkuser?param=a&name=name HTTP/1.1\r\nhost: backend\r\ncontent-length: 2\r\ncontent-type: application/json\r\n\r\n{}',
    );
  });

  it('reads a chunked answer split over many packets, and one that ends with its connection', async () => {
    const backend = await startBackend((socket, _request, index) => {
      if (index === 0)
        for (const part of ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', '5\r\n{"sta', '\r\n9\r\ntus":"y"}\r\n', '0\r\n\r\n'])
          socket.write(part);
      else socket.end('HTTP/1.0 200 OK\r\n\r\n{"status":"n"}');
    });
    const client = http1Client(backend.target);
    expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: true, body: Buffer.from('{"status":"y"}') });
    expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: true, body: Buffer.from('{"status":"n"}') });
    expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: true, body: Buffer.from('{"status":"n"}') }); // on a new connection
    client.close();
    await backend.close();
    expect(backend.connections()).toBe(2);
  });

  it('says why there is no answer: down, too large, or not in time', async () => {
    const backend = await startBackend((socket, _request, index) => {
      if (index === 0) socket.destroy();
      else if (index === 1) socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${70 * 1024}\r\n\r\n`);
      // the third: never answered
    });
    const client = http1Client(backend.target);
    expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: false, failure: 'down' });
    expect(await client.call(REQUEST, 1000)).toMatchObject({ ok: false, failure: 'too-large' });
    const started = performance.now();
    expect(await client.call(REQUEST, 200)).toMatchObject({ ok: false, failure: 'timeout' });
    expect(performance.now() - started).toBeLessThan(400);
    client.close();
    await backend.close();
    const down = http1Client(backend.target);
    expect(await down.call(REQUEST, 1000)).toMatchObject({ ok: false, failure: 'down', code: 'ECONNREFUSED' });
  });

  it('never writes a header that would read as two', async () => {
    const backend = await startBackend((socket) => socket.write(OK));
    const client = http1Client(backend.target);
    expect(await client.call({ ...REQUEST, headers: { ...REQUEST.headers, 'user-agent': 'x\r\nX-Injected: 1' } }, 1000)).toMatchObject({
      ok: false,
      failure: 'down',
    });
    client.close();
    await backend.close();
    expect(backend.requests).toEqual([]);
  });
});
