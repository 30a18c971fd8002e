import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, holdFirstScreen } from './after-first-screen.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('after the first screen', () => {
  it("waits while the screen's requests are unanswered, then starts at the next quiet moment", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    let answer!: (value: string[]) => void;
    void client.fetchQuery({ queryKey: ['feed'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
    let started = false;
    void afterFirstScreen(client).then(() => (started = true));

    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(false);

    answer(['a memory']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(true);
  });

  it('does not wait for a request that hangs longer than four seconds', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string[]>(() => {}) });
    let started = false;
    void afterFirstScreen(client).then(() => (started = true));

    await vi.advanceTimersByTimeAsync(3900);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toBe(true);
  });

  it("waits, once the requests are answered, for what the screen still draws (a map's first tiles), at most four seconds", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    let drawn!: () => void;
    holdFirstScreen(new Promise<void>((resolve) => (drawn = resolve)));
    let started = false;
    void afterFirstScreen(client).then(() => (started = true));

    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(false);
    drawn();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(true);

    // A drawing that does not end holds nothing up for long (and is ended here, so that no other
    // test of this file waits on it: the holds are the module's).
    let stuckDrawn!: () => void;
    holdFirstScreen(new Promise<void>((resolve) => (stuckDrawn = resolve)));
    started = false;
    void afterFirstScreen(client).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(3900);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toBe(true);
    stuckDrawn();
  });

  it('ends quietly when the page it waited on is gone (a test file whose window was torn down)', async () => {
    vi.useFakeTimers();
    let started = false;
    void afterFirstScreen(new QueryClient()).then(() => (started = true));
    vi.stubGlobal('window', undefined);
    try {
      await vi.advanceTimersByTimeAsync(5000);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(started).toBe(true);
  });
});
