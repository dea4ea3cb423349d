// An open-loop load generator: requests leave at evenly spaced times (rate per second), whatever the answers
// do, and each latency is measured from the request's scheduled time to the answer's last byte, so queueing on
// either side counts (no coordinated omission). autocannon's overallRate is a per-second quota that every
// connection spends as fast as it can at the start of each second (bursts at full concurrency), which is why
// this exists too.
//
// It speaks HTTP/1.1 over plain keep-alive sockets with a minimal response parser (status line, Content-Length
// or chunked body) instead of node:http: the generator shares the 2 cores with the server and PostgreSQL, and
// node:http's client cost ~280 µs of CPU per request — as much as the server's own Node side on the jobs page.
//
// `paced()` sends one GET over and over (bench/run.mjs); `openLoop()` is the same loop with a request made per send
// (any method and body, e.g. a mixed workload: bench/soak.mjs), an answer per request, and a bound on the drain.
import net from 'node:net';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

const MAX_CONNECTIONS = 256;
/** A connection idle this long is closed by us, well before the server's keep-alive timeout (72 s) closes it under a request. */
const IDLE_CLOSE_MS = 20_000;
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * Parses one response after another from a socket's bytes and calls onResponse(status, body) after each one's last
 * byte; body is the response's bytes when keepBody(status) said so at its head, else null. Bodies come with
 * Content-Length (Fastify) or chunked (node:http after writeHead, streamed answers); no trailers.
 */
function responseParser(onResponse, keepBody = () => false) {
  let buf = Buffer.alloc(0);
  let state = 'head'; // head → body | size ⇄ chunk → end
  let status = 0;
  let left = 0; // body bytes (body) or chunk bytes plus their CRLF (chunk) still to come
  let parts = null; // the body's pieces, when kept
  const done = () => {
    state = 'head';
    const body = parts && Buffer.concat(parts);
    parts = null;
    onResponse(status, body);
  };
  const keep = (piece) => {
    if (parts && piece.length) parts.push(piece);
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
        parts = keepBody(status) ? [] : null;
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
        // A chunk's trailing CRLF is not body.
        keep(buf.subarray(0, state === 'chunk' ? Math.min(take, Math.max(0, left - 2)) : take));
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

/**
 * Sends `rate × duration` requests to `url`'s host, request i at start + i / rate. `next(i)` makes each one when
 * it is due: `{ request: Buffer, keepBody?: boolean | (status) => boolean, ... }` (the whole HTTP/1.1 request,
 * keep-alive; keepBody as a function decides from the answer's status, e.g. only errors); the object comes back to
 * `onResult(item, outcome)` with outcome `{ scheduled, latency, status, body }` for an answer (latency from the
 * scheduled time, body when kept, else null) or `{ scheduled, latency, error }` when the
 * connection closed before the answer ('closed') or nothing came within `drainMs` after the last send ('timeout').
 * Resolves `{ requests, seconds, rps }` once every request has its outcome.
 */
export function openLoop({ url, rate, duration, next, onResult, drainMs = Infinity }) {
  const target = new URL(url);
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const idle = []; // newest last: reused first, so the oldest go idle long enough to be closed
  const waiting = []; // {scheduled, item} of requests that found no idle connection
  const sockets = new Set();
  let opening = 0;
  let sent = 0;
  let done = 0;
  let drainTimer = null;
  let draining = false;

  return new Promise((resolve) => {
    const start = performance.now();
    const end = () => {
      clearTimeout(drainTimer);
      for (const s of sockets) s.destroy();
      const seconds = (performance.now() - start) / 1000;
      resolve({ requests: total, seconds, rps: Math.round((total / seconds) * 10) / 10 });
    };
    const settle = (item, outcome) => {
      onResult(item, outcome);
      if (++done === total) end();
    };

    const send = (conn, scheduled, item) => {
      conn.scheduled = scheduled;
      conn.item = item;
      conn.socket.write(item.request);
    };
    const release = (conn) => {
      const next = waiting.shift();
      if (next !== undefined) send(conn, next.scheduled, next.item);
      else {
        conn.idleSince = performance.now();
        idle.push(conn);
      }
    };
    const open = () => {
      opening++;
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const conn = { socket, scheduled: null, item: null, idleSince: 0 };
      sockets.add(socket);
      const parse = responseParser(
        (status, body) => {
          const { scheduled, item } = conn;
          conn.scheduled = null;
          conn.item = null;
          settle(item, { scheduled, latency: performance.now() - scheduled, status, body });
          release(conn);
        },
        (status) => {
          const keep = conn.item?.keepBody;
          return typeof keep === 'function' ? Boolean(keep(status)) : Boolean(keep);
        },
      );
      socket.on('data', parse);
      socket.once('connect', () => {
        opening--;
        release(conn);
      });
      socket.on('error', () => {});
      socket.once('close', () => {
        sockets.delete(socket);
        if (conn.scheduled !== null) {
          const { scheduled, item } = conn;
          conn.scheduled = null;
          settle(item, { scheduled, latency: performance.now() - scheduled, error: draining ? 'timeout' : 'closed' });
        }
        const at = idle.indexOf(conn);
        if (at >= 0) idle.splice(at, 1);
      });
    };

    const fire = (scheduled, item) => {
      const conn = idle.pop();
      if (conn) return send(conn, scheduled, item);
      waiting.push({ scheduled, item });
      if (sockets.size < MAX_CONNECTIONS && opening < waiting.length) open();
    };
    const drain = () => {
      // Whatever has no answer by now never will: count it as timed out, then close everything.
      draining = true;
      const now = performance.now();
      for (const w of waiting.splice(0)) settle(w.item, { scheduled: w.scheduled, latency: now - w.scheduled, error: 'timeout' });
      for (const s of sockets) s.destroy(); // the requests in flight settle from their connections' close events
    };
    let lastReap = start;
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const i = sent++;
        fire(start + interval * i, next(i));
      }
      if (now - lastReap > 1000) {
        lastReap = now;
        while (idle.length && now - idle[0].idleSince > IDLE_CLOSE_MS) idle.shift().socket.destroy();
      }
      if (sent < total) setTimeout(tick, 1);
      else if (Number.isFinite(drainMs) && done < total) drainTimer = setTimeout(drain, drainMs);
    };
    tick();
  });
}

/** The bytes of one keep-alive GET of `url` with `headers` (HTTP/1.1), sent as-is on every request of a run. */
function keepAliveGet(url, headers) {
  const target = new URL(url);
  return Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      'Connection: keep-alive\r\n\r\n',
    'latin1',
  );
}

/** A run's result: its counts and the latency percentiles (ms) of its answers. */
export function summary({ requests, rps, latencies, non2xx, errors }) {
  latencies.sort((a, b) => a - b);
  return { requests, rps, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies[latencies.length - 1], non2xx, errors };
}

/** One GET over and over at `rate` for `duration` seconds: latency percentiles (ms), non-2xx and connection errors. */
export async function paced({ url, headers = {}, rate, duration }) {
  return summary(await pacedRaw({ url, headers, rate, duration }));
}

/**
 * paced()'s run before its summary: every answer's latency (ms), for runs summed into one (bench/run.mjs's halves).
 * With `warmup` (seconds) the loop runs that much longer first, on the same connections, and those answers are not
 * counted: the run is measured from a steady state — the connections the rate needs already open — not from the
 * burst of connects a loop starting cold makes at a high rate.
 */
export async function pacedRaw({ url, headers = {}, rate, duration, warmup = 0 }) {
  const request = keepAliveGet(url, headers);
  const item = { request };
  const warmItem = { request };
  const skip = Math.round(rate * warmup);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const { requests: sent, seconds } = await openLoop({
    url,
    rate,
    duration: warmup + duration,
    next: (i) => (i < skip ? warmItem : item),
    onResult: (sent, outcome) => {
      if (sent === warmItem) return;
      if (outcome.error) errors++;
      else {
        if (outcome.status < 200 || outcome.status >= 300) non2xx++;
        latencies.push(outcome.latency);
      }
    },
  });
  const requests = sent - skip;
  return { requests, rps: Math.round((requests / (seconds - warmup)) * 10) / 10, latencies, non2xx, errors };
}

/**
 * The closed loop of a throughput run: `connections` keep-alive connections, each sending the GET again as soon as
 * its answer's last byte is in, for `duration` seconds or until `amount` answers (whichever is given). What
 * autocannon did here before, with this file's client: the same CPU a request (18–24 µs), but against the same floor
 * autocannon reached 7–21% fewer requests a second (bench/README.md, 2026-12-06); the throughput measured should be
 * the server's, not the generator's. Latency is from send to last byte.
 */
export function closedLoop({ url, headers = {}, connections = 10, duration, amount }) {
  const target = new URL(url);
  const request = keepAliveGet(url, headers);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let answered = 0;
  return new Promise((resolve) => {
    const start = performance.now();
    const until = duration ? start + duration * 1000 : Infinity;
    const limit = amount ?? Infinity;
    let open = connections;
    const finish = () => {
      if (--open > 0) return;
      const seconds = (performance.now() - start) / 1000;
      resolve(summary({ requests: answered, rps: Math.round((answered / seconds) * 10) / 10, latencies, non2xx, errors }));
    };
    for (let c = 0; c < connections; c++) {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let sentAt = 0;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        socket.destroy();
        finish();
      };
      const next = () => {
        if (sent >= limit || performance.now() >= until) return end();
        sent++;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on(
        'data',
        responseParser((status) => {
          answered++;
          latencies.push(performance.now() - sentAt);
          if (status < 200 || status >= 300) non2xx++;
          next();
        }),
      );
      socket.once('connect', next);
      socket.on('error', () => {
        errors++;
        end();
      });
      socket.once('close', end);
    }
  });
}
