import { api } from '../../../lib/api-client.ts';

/** POST /api/logout ends the session on the server. Its failure is ignored: the device forgets it anyway. */
export async function logoutOnServer(): Promise<void> {
  try {
    await api.POST('/api/logout');
  } catch {
    // Offline or already ended: nothing more to do here.
  }
}
