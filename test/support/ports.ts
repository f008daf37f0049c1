// Ports for the servers a test rig starts on 127.0.0.1: a free one, and waiting until one listens.
import type { ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';

/** A free port on 127.0.0.1 (nothing listens on it once this returns). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`; fails if `child` exits first. */
export async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited at start (${child.exitCode ?? child.signalCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on ${port}`);
}
