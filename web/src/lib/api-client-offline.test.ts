import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUpload, OFFLINE_MESSAGE } from './api-client.ts';

/** Issue 16: with no network a call answers at once instead of hanging. */
describe('offline', () => {
  it("refuses a call at once with \"You're offline\" and sends nothing", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const err = await api.POST('/api/send_request', { body: { userId: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isOffline).toBe(true);
    expect((err as ApiError).serverMessage).toBe(OFFLINE_MESSAGE);
    await expect(apiUpload('/api/profile/upload-profile-picture', new FormData())).rejects.toMatchObject({ serverMessage: OFFLINE_MESSAGE });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
