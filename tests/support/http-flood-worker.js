// A worker thread that sends GET requests to `targets` over `concurrency` keep-alive connections and posts back
// how many answers had each status. Run apart from the test's own thread, the flood's answers do not queue in
// front of the ones that thread is timing meanwhile (tests/support/http-flood.ts).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, targets, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const statuses = {};

function get(target) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${target}`, { agent, headers: { 'accept-encoding': 'br' } }, (response) => {
      response.resume();
      response.on('end', () => {
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        resolve();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < targets.length) await get(targets[next++]);
  }),
);
agent.destroy();
parentPort.postMessage(statuses);
