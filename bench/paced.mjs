// An open-loop load generator: requests leave at evenly spaced times (rate per second), whatever the answers
// do, and each latency is measured from the request's scheduled time, so queueing on either side counts
// (no coordinated omission). autocannon's overallRate is a per-second quota that every connection spends as
// fast as it can at the start of each second (bursts at full concurrency), which is why this exists too.
import http from 'node:http';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

export function paced({ url, headers = {}, rate, duration }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const latencies = [];
  let sent = 0;
  let done = 0;
  let non2xx = 0;
  let errors = 0;
  return new Promise((resolve) => {
    const start = performance.now();
    const finish = () => {
      if (++done < total) return;
      agent.destroy();
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
    const fire = (scheduled) => {
      const req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - scheduled);
          finish();
        });
      });
      req.on('error', () => {
        errors++;
        finish();
      });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(start + interval * sent++);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
}
