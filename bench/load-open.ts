// An open-loop load generator in its own process (as a payment provider is: its own machine, its
// own pace): sends the requests of a JSON file at a fixed rate whatever the answers take, and
// prints one JSON line with the achieved rate and the latencies. Used by payments-notify.ts.
//   node --import tsx load-open.ts <shots.json> <port> <rate per second>
import fs from 'node:fs';

interface Shot {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const [file, portText, rateText] = process.argv.slice(2);
const shots = JSON.parse(fs.readFileSync(file as string, 'utf8')) as Shot[];
const port = Number(portText);
const rate = Number(rateText);

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? 0;

async function main() {
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  // Each request leaves at its own time (i / rate seconds after the start), late ones at once.
  while (sent < shots.length) {
    const due = Math.min(shots.length, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      const s = shots[sent] as Shot;
      const t0 = performance.now();
      inFlight.push(
        fetch(`http://127.0.0.1:${port}${s.path}`, { method: s.method, headers: s.headers, body: s.body })
          .then(async (res) => {
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status !== 200) failures += 1;
          })
          .catch(() => {
            failures += 1;
          }),
      );
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  const sentIn = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${JSON.stringify({
      offered: rate,
      sentPerSecond: shots.length / sentIn,
      donePerSecond: shots.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
    })}\n`,
  );
}

void main();
