import { readAnswer } from './http1-answer';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const read = (text: string, ended = false, maxBody = 64) => readAnswer(bytes(text), ended, maxBody);
const done = (text: string, ended = false) => {
  const answer = read(text, ended);
  if (!('done' in answer) || !answer.done) throw new Error(`not read whole: ${JSON.stringify(answer)}`);
  return { ...answer, body: answer.body.toString('latin1') };
};

describe('an HTTP/1.1 answer read from the bytes that came', () => {
  it('is framed by its Content-Length, and kept alive', () => {
    expect(done('HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n{"a"')).toMatchObject({
      statusCode: 201,
      headers: { 'content-type': 'application/json', 'content-length': '4' },
      body: '{"a"',
      keepAlive: true,
      rest: 0,
    });
  });

  it('waits for the rest of its head or body', () => {
    expect(read('HTTP/1.1 200 OK\r\nContent-Le')).toEqual({ done: false });
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n{"')).toEqual({ done: false });
  });

  it('reads a chunked body, its chunk extensions and trailers, split anywhere', () => {
    const text = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=1\r\n{"st\r\na\r\natus":"y"}\r\n0\r\nX-Trailer: 1\r\n\r\n';
    expect(done(text).body).toBe('{"status":"y"}');
    for (let cut = 1; cut < text.length; cut += 1) expect(read(text.slice(0, cut))).toEqual({ done: false });
  });

  it("reads a body without a length to the connection's end, and keeps no such connection", () => {
    expect(read('HTTP/1.0 200 OK\r\n\r\n{"status"')).toEqual({ done: false });
    expect(done('HTTP/1.0 200 OK\r\n\r\n{"status"', true)).toMatchObject({ body: '{"status"', keepAlive: false });
  });

  it('keeps a connection only as its answer allows', () => {
    expect(done('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(false);
    expect(done('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(false);
    expect(done('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n').keepAlive).toBe(true);
  });

  it('skips informational answers, and reads 204 and 304 without a body', () => {
    expect(done('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok')).toMatchObject({
      statusCode: 200,
      body: 'ok',
    });
    expect(done('HTTP/1.1 204 No Content\r\n\r\n')).toMatchObject({ statusCode: 204, body: '' });
  });

  it('keeps repeated headers, each value', () => {
    expect(done('HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 0\r\n\r\n').headers['set-cookie']).toEqual([
      'a=1',
      'b=2',
    ]);
  });

  it('counts bytes after the answer, which the connection must not be kept with', () => {
    expect(done('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1').rest).toBe(8);
  });

  it('refuses a body over the bound, however it is framed', () => {
    expect(read(`HTTP/1.1 200 OK\r\nContent-Length: 65\r\n\r\n`)).toMatchObject({ error: 'too-large' });
    expect(read(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n41\r\n`)).toMatchObject({ error: 'too-large' });
    expect(read(`HTTP/1.0 200 OK\r\n\r\n${'x'.repeat(65)}`)).toMatchObject({ error: 'too-large' });
  });

  it('refuses what is not an answer, or an answer cut short', () => {
    for (const text of [
      'HTTP/2 200\r\n\r\n',
      'HTTP/1.1 200 OK\r\nBad Header\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ]) {
      expect(read(text), text).toMatchObject({ error: 'malformed' });
    }
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n{"', true)).toMatchObject({ error: 'malformed' });
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 0', true)).toMatchObject({ error: 'malformed' });
  });
});
