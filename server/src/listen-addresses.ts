import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** Hosts that mean "every interface of this machine" to listen(). */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '']);

function urlOf(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * What start-up prints once it listens: the addresses a person can open, and, when HOST makes it
 * listen on every interface (the default 0.0.0.0), that it does, so nobody exposes the app to
 * their network without knowing (docs/design.md §3). The message always starts "Memory Map is
 * serving", which scripts/lib/child-server.ts waits for.
 */
export function listeningMessage(
  host: string,
  port: number,
  detail: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): { msg: string; addresses: string[] } {
  if (!EVERY_INTERFACE.has(host)) {
    const address = urlOf(host, port);
    return { msg: `Memory Map is serving on ${address} (${detail})`, addresses: [address] };
  }
  const external = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && (host === '0.0.0.0' ? i.family === 'IPv4' : true) && !i.address.startsWith('fe80:'))
    .map((i) => urlOf(i.address, port));
  const addresses = [urlOf('localhost', port), ...new Set(external)];
  return {
    msg:
      `Memory Map is serving on every network interface (HOST=${host || '0.0.0.0'}): ${addresses.join(', ')} (${detail}). ` +
      'Set HOST=127.0.0.1 to serve this machine only.',
    addresses,
  };
}
