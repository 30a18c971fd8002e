import { describe, expect, it } from 'vitest';
import { supportAddress } from './config.ts';
import { listeningMessage } from './listen-addresses.ts';

describe('the support address Help shows', () => {
  it('is SUPPORT_EMAIL when set', () => {
    expect(supportAddress('help@example.org', 'https://memories.example.com')).toBe('help@example.org');
  });

  it('is support@ the public host when PUBLIC_URL names a domain', () => {
    expect(supportAddress(undefined, 'https://memories.example.com')).toBe('support@memories.example.com');
  });

  it('is none, never support@localhost, when neither names a real address', () => {
    expect(supportAddress(undefined, undefined)).toBe('');
    for (const url of ['http://localhost:3000', 'http://192.168.1.5:3000', 'http://[::1]:3000', 'http://box.local', 'http://app.localhost']) {
      expect(supportAddress(undefined, url), url).toBe('');
    }
  });
});

describe('what start-up prints', () => {
  const lan = {
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true } as never],
    eth0: [
      { address: '192.168.1.5', family: 'IPv4', internal: false } as never,
      { address: 'fe80::1', family: 'IPv6', internal: false } as never,
    ],
  };

  it('says it listens on every interface with HOST=0.0.0.0, and gives each address to open', () => {
    const { msg, addresses } = listeningMessage('0.0.0.0', 3000, 'sqlite', lan);
    expect(addresses).toEqual(['http://localhost:3000', 'http://192.168.1.5:3000']);
    expect(msg).toBe(
      'Memory Map is serving on every network interface (HOST=0.0.0.0): http://localhost:3000, http://192.168.1.5:3000 (sqlite). Set HOST=127.0.0.1 to serve this machine only.',
    );
  });

  it('gives the one address when HOST names one', () => {
    expect(listeningMessage('127.0.0.1', 3000, 'postgres', lan)).toEqual({
      msg: 'Memory Map is serving on http://127.0.0.1:3000 (postgres)',
      addresses: ['http://127.0.0.1:3000'],
    });
    expect(listeningMessage('::1', 8080, 'sqlite', lan).addresses).toEqual(['http://[::1]:8080']);
  });
});
