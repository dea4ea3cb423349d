import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './http-timeouts';

// Short timeouts so the test runs in seconds; socket timeouts need a real port (app.inject has no socket).
const TIMEOUTS: ServerTimeouts = { headersMs: 600, bodyMs: 1000, idleMs: 1000, keepAliveMs: 500, uploadMs: 20_000 };

let ctx: TestContext;
let alice: TestUser;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({}, { timeouts: TIMEOUTS });
  alice = await createTestUser(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/** A raw connection: what the server sent, and when (ms after connecting) it closed, if it did within `waitMs`. */
type Connection = { socket: net.Socket; received: () => string; closed: Promise<number | 'still open'> };
function connect(waitMs: number): Connection {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number | 'still open'>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
  return { socket, received: () => received, closed };
}

/** Writes one byte every `everyMs` until the socket closes or `untilMs` passed: never idle, never done. */
async function trickle(socket: net.Socket, everyMs: number, untilMs: number, byte = 'x') {
  const end = Date.now() + untilMs;
  while (!socket.destroyed && Date.now() < end) {
    socket.write(byte);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('server timeouts', () => {
  it('closes a connection whose headers never end (headers timeout), well before the idle timeout', async () => {
    const c = connect(5000);
    c.socket.write('GET /api/profile HTTP/1.1\r\nHost: localhost\r\n');
    // A header line now and then keeps the socket from being idle.
    void trickle(c.socket, 150, 5000, 'X-A: b\r\n');
    const closedAt = await c.closed;
    expect(closedAt).not.toBe('still open');
    expect(closedAt as number).toBeLessThan(TIMEOUTS.headersMs + 1000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 when a JSON body trickles in for longer than the body timeout', async () => {
    const c = connect(5000);
    c.socket.write(`POST /api/jobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${alice.headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"client_name":"`);
    void trickle(c.socket, 150, 5000);
    const closedAt = await c.closed;
    expect(closedAt).not.toBe('still open');
    expect(closedAt as number).toBeLessThan(TIMEOUTS.bodyMs + 1500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(c.received()).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('closes an upload that stalls (idle timeout)', async () => {
    const c = connect(5000);
    c.socket.write(
      `POST /api/process-documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${alice.headers.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nsome text`,
    );
    const closedAt = await c.closed;
    expect(closedAt).not.toBe('still open');
    expect(closedAt as number).toBeLessThan(TIMEOUTS.idleMs + 1500);
  });

  it('lets a slow upload that keeps moving run past the body timeout and finish', async () => {
    const c = connect(8000);
    const content = 'Invoice line\n'.repeat(20);
    const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n`;
    const tail = `\r\n--b--\r\n`;
    const length = Buffer.byteLength(head) + content.length + Buffer.byteLength(tail);
    c.socket.write(`POST /api/process-documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${alice.headers.authorization}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n${head}`);
    // 2.6 s in all: longer than the body timeout, never idle as long as the idle timeout.
    for (let i = 0; i < content.length; i += 20) {
      c.socket.write(content.slice(i, i + 20));
      await new Promise((r) => setTimeout(r, 200));
    }
    c.socket.write(tail);
    for (let i = 0; i < 50 && !c.received().includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(c.received()).toMatch(/^HTTP\/1\.1 201/);
    c.socket.destroy();
  });

  it('closes a kept-alive connection that stays idle after its answer (keep-alive timeout)', async () => {
    const c = connect(5000);
    c.socket.write('GET /api/client-config HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const closedAt = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAt).not.toBe('still open');
    // Node keeps the socket 1 s past keepAliveTimeout (keepAliveTimeoutBuffer) for requests already on their way.
    expect(closedAt as number).toBeLessThan(TIMEOUTS.keepAliveMs + 1000 + 500);
  });

  it('production values leave a 250 MB upload on a slow phone time to finish', () => {
    // 250 MB within the upload backstop at 12 KB/s (about 100 kbit/s, a weak 2G/EDGE link).
    expect((250 * 1024 * 1024) / (SERVER_TIMEOUTS.uploadMs / 1000)).toBeLessThan(12.5 * 1024);
    // A phone that pauses (a tunnel, a switch between cells) for a minute is not cut off.
    expect(SERVER_TIMEOUTS.idleMs).toBeGreaterThanOrEqual(60_000);
    // Keep-alive ends before the idle timeout would cut the connection under a load balancer's 60 s.
    expect(SERVER_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
    expect(SERVER_TIMEOUTS.keepAliveMs).toBeLessThan(SERVER_TIMEOUTS.idleMs);
  });
});
