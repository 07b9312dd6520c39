import type http from 'node:http';
import net from 'node:net';

/**
 * One public port for gRPC and plain HTTP, like the official emulator. grpc-js cannot share a
 * port with an HTTP/1 server, so this TCP front peeks at the first bytes of each connection:
 * the HTTP/2 preface (`PRI * HTTP/2.0`) is piped to the internal grpc-js port, anything else is
 * handed to an in-process HTTP/1.1 server (reset endpoint, health check).
 */
export function createFront(grpcPort: number, http1: http.Server): net.Server {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 3) return;
      socket.off('data', onData);
      socket.pause();
      if (head.subarray(0, 3).toString('latin1') === 'PRI') {
        const upstream = net.connect(grpcPort, '127.0.0.1');
        upstream.setNoDelay(true);
        upstream.write(head);
        socket.pipe(upstream).pipe(socket);
        socket.resume();
        const close = () => {
          socket.destroy();
          upstream.destroy();
        };
        upstream.on('error', close);
        upstream.on('close', close);
        socket.on('error', close);
        socket.on('close', close);
      } else {
        socket.unshift(head);
        http1.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });
  const close = server.close.bind(server);
  // closing must also drop established connections, or stop() would wait for idle clients
  server.close = ((cb?: (err?: Error) => void) => {
    close(cb);
    for (const s of sockets) s.destroy();
    return server;
  }) as typeof server.close;
  return server;
}
