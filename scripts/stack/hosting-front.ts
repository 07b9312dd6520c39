import http from 'node:http';

/**
 * What Firebase Hosting's CDN does in front of the portal, for the one header the API decides on: it sets
 * `Fastly-Client-IP` to the address the connection came from, replacing whatever the client sent
 * (functions/src/http/client-address.ts, docs/decisions-hardening.md). firebase-tools' Hosting emulator adds no
 * such header, so the stack serves the portal through this small front: every request is passed on unchanged to
 * the Hosting emulator on its internal port, with that header set.
 */
export function startHostingFront(opts: { host: string; port: number; target: number }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, 'fastly-client-ip': clientIp(req.socket.remoteAddress) };
    const upstream = http.request(
      { host: opts.host, port: opts.target, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Hosting emulator not reachable');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}

/** `::ffff:127.0.0.1` → `127.0.0.1` (as the CDN reports IPv4 clients). */
function clientIp(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:/, '');
}
