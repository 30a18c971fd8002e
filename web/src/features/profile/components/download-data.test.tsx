import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../test/api-mock.ts';
import { DownloadData } from './download-data.tsx';

/** A response whose body arrives in the given chunks; the second waits for `release()`. */
function streamedZip(chunks: Uint8Array[]) {
  let release: () => void = () => {};
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i === 1) await new Promise<void>((r) => (release = r));
      if (i >= chunks.length) controller.close();
      else controller.enqueue(chunks[i++]!);
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="memory-map-me-2026-03-15.zip"' },
  });
  return { response, release: () => release() };
}

let saved: { href: string; download: string }[];
let created: Blob[];

beforeEach(() => {
  saved = [];
  created = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:zip'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Download my data', () => {
  it('asks with the token, shows what has arrived, and saves the zip under its name', async () => {
    signedIn({}, 'tok-1');
    const { response, release } = streamedZip([new Uint8Array(2048), new Uint8Array(1024 * 1024)]);
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('fetch', fetchMock);
    render(<DownloadData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Downloading… 2 KB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/export');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    release();
    expect(await screen.findByText('Downloaded memory-map-me-2026-03-15.zip (1.0 MB).')).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:zip', download: 'memory-map-me-2026-03-15.zip' }]);
    expect(created[0]!.size).toBe(2048 + 1024 * 1024);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it("shows the server's refusal", async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Your data is already being downloaded. Wait for that download to finish.' }), { status: 429 })),
    );
    render(<DownloadData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your data is already being downloaded. Wait for that download to finish.');
    expect(saved).toEqual([]);
  });

  it('says so when the connection is cut part way, and saves nothing', async () => {
    signedIn();
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (first) {
          first = false;
          controller.enqueue(new Uint8Array(10));
        } else controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200 })));
    render(<DownloadData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The download was interrupted. Please try again.');
    expect(saved).toEqual([]);
  });

  it('can be cancelled', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
      ),
    );
    render(<DownloadData />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Preparing your data…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
