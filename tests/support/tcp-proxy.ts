import net from 'node:net';
import { freePort } from './test-server';

/**
 * A TCP proxy on a loopback port in front of another, which a test drives as a failing network would behave: slow
 * (`setDelay`, or `slowNext` for one request), watched (`watch`, to act at a chosen moment of a conversation), cut (`cut`, then `restore`), or hung
 * (`hang`, then `restore`).
 */
export interface TcpProxy {
  port: number;
  /** Holds every chunk back this long, in both directions and in order: a peer that answers slowly. */
  setDelay: (ms: number) => void;
  /**
   * Holds back the next chunk a client sends that `which` accepts (any chunk without it) this long, and what follows
   * it on that connection, in order; the rest go as they come: one slow query.
   */
  slowNext: (ms: number, which?: (chunk: Buffer) => boolean) => void;
  /** Shows each chunk a client sends to `listener` before it goes on; undefined stops watching. */
  watch: (listener: ((chunk: Buffer) => void) | undefined) => void;
  /**
   * Ends every connection through the proxy now, chunks not yet forwarded included, and ends each new one at once
   * until `restore`: a network that drops.
   */
  cut: () => void;
  /**
   * Accepts connections and takes what clients send (`watch` still sees it), but forwards nothing either way until
   * `restore`: a peer that takes requests and never answers.
   */
  hang: () => void;
  /** Forwards new connections again; those open while hung are ended, having lost what the proxy dropped. */
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let delayMs = 0;
  let slowNext: { ms: number; which: (chunk: Buffer) => boolean } | undefined;
  let watcher: ((chunk: Buffer) => void) | undefined;
  let state: 'forwarding' | 'refusing' | 'hung' = 'forwarding';
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket, watched: boolean) => {
    let queue = Promise.resolve();
    from.on('data', (chunk) => {
      if (watched) watcher?.(chunk);
      if (state === 'hung') return;
      let wait = delayMs;
      if (watched && slowNext?.which(chunk)) {
        wait = slowNext.ms;
        slowNext = undefined;
      }
      queue = queue
        .then(() => (wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined))
        .then(() => {
          if (!to.destroyed) to.write(chunk);
        });
    });
    from.on('close', () => void queue.then(() => to.destroy()));
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    if (state === 'refusing') {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream, true);
    forward(upstream, client, false);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const endAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const cut = () => {
    state = 'refusing';
    endAll();
  };
  return {
    port,
    setDelay: (ms) => (delayMs = ms),
    slowNext: (ms, which = () => true) => (slowNext = { ms, which }),
    watch: (listener) => (watcher = listener),
    cut,
    hang: () => (state = 'hung'),
    restore: () => {
      if (state === 'hung') endAll();
      state = 'forwarding';
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
