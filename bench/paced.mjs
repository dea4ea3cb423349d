// An open-loop load generator: requests leave at evenly spaced times (rate per second), whatever the answers
// do, and each latency is measured from the request's scheduled time to the answer's last byte, so queueing on
// either side counts (no coordinated omission). autocannon's overallRate is a per-second quota that every
// connection spends as fast as it can at the start of each second (bursts at full concurrency), which is why
// this exists too.
//
// It speaks HTTP/1.1 over plain keep-alive sockets with a minimal response parser (status line, Content-Length
// or chunked body) instead of node:http: the generator shares the 2 cores with the server and PostgreSQL, and
// node:http's client cost ~280 µs of CPU per request — as much as the server's own Node side on the jobs page.
import net from 'node:net';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

const MAX_CONNECTIONS = 256;
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * Parses one response after another from a socket's bytes and calls onResponse(status) after each one's last
 * byte. Bodies come with Content-Length (Fastify) or chunked (node:http after writeHead); no trailers.
 */
function responseParser(onResponse) {
  let buf = Buffer.alloc(0);
  let state = 'head'; // head → body | size ⇄ chunk → end
  let status = 0;
  let left = 0; // body bytes (body) or chunk bytes plus their CRLF (chunk) still to come
  const done = () => {
    state = 'head';
    onResponse(status);
  };
  return (data) => {
    buf = buf.length ? Buffer.concat([buf, data]) : data;
    for (;;) {
      if (state === 'head') {
        const end = buf.indexOf(HEADER_END);
        if (end < 0) return;
        const head = buf.toString('latin1', 0, end);
        buf = buf.subarray(end + 4);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (length) {
          state = 'body';
          left = Number(length[1]);
        } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) state = 'size';
        else {
          state = 'body';
          left = 0;
        }
      } else if (state === 'body' || state === 'chunk') {
        const take = Math.min(left, buf.length);
        buf = buf.subarray(take);
        left -= take;
        if (left > 0) return;
        if (state === 'body') done();
        else state = 'size';
      } else if (state === 'size') {
        const eol = buf.indexOf(CRLF);
        if (eol < 0) return;
        const size = parseInt(buf.toString('latin1', 0, eol), 16);
        buf = buf.subarray(eol + 2);
        if (size === 0) state = 'end';
        else {
          state = 'chunk';
          left = size + 2;
        }
      } else {
        if (buf.length < 2) return;
        buf = buf.subarray(2);
        done();
      }
    }
  };
}

export function paced({ url, headers = {}, rate, duration }) {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      'Connection: keep-alive\r\n\r\n',
    'latin1',
  );
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const latencies = [];
  const idle = [];
  const waiting = []; // scheduled times of requests that found no idle connection
  const sockets = new Set();
  let opening = 0;
  let sent = 0;
  let done = 0;
  let non2xx = 0;
  let errors = 0;

  return new Promise((resolve) => {
    const start = performance.now();
    const finish = () => {
      if (++done < total) return;
      for (const s of sockets) s.destroy();
      latencies.sort((a, b) => a - b);
      const seconds = (performance.now() - start) / 1000;
      resolve({
        requests: total,
        rps: Math.round((total / seconds) * 10) / 10,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1],
        non2xx,
        errors,
      });
    };

    const send = (conn, scheduled) => {
      conn.scheduled = scheduled;
      conn.socket.write(request);
    };
    const release = (conn) => {
      const next = waiting.shift();
      if (next !== undefined) send(conn, next);
      else idle.push(conn);
    };
    const open = () => {
      opening++;
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const conn = { socket, scheduled: null };
      sockets.add(socket);
      const parse = responseParser((status) => {
        if (status < 200 || status >= 300) non2xx++;
        latencies.push(performance.now() - conn.scheduled);
        conn.scheduled = null;
        finish();
        release(conn);
      });
      socket.on('data', parse);
      socket.once('connect', () => {
        opening--;
        release(conn);
      });
      socket.on('error', () => {});
      socket.once('close', () => {
        sockets.delete(socket);
        if (conn.scheduled !== null) {
          errors++;
          conn.scheduled = null;
          finish();
        }
        const at = idle.indexOf(conn);
        if (at >= 0) idle.splice(at, 1);
      });
    };

    const fire = (scheduled) => {
      const conn = idle.pop();
      if (conn) return send(conn, scheduled);
      waiting.push(scheduled);
      if (sockets.size < MAX_CONNECTIONS && opening < waiting.length) open();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(start + interval * sent++);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}
