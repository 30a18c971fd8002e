import { useQuery } from '@tanstack/react-query';
import { APP_TAGLINE, APP_VERSION } from '@memory-map/shared';
import { api } from './api-client.ts';

export const appInfoKey = ['app-info'] as const;

export interface AppInfo {
  version: string;
  tagline: string;
  supportEmail: string;
}

/** Version, tagline and the operator's SUPPORT_EMAIL come from the server. */
export function useAppInfo() {
  return useQuery({
    queryKey: appInfoKey,
    queryFn: () => api<AppInfo>('/api/app-info', { auth: false }),
    staleTime: Infinity,
    placeholderData: { version: APP_VERSION, tagline: APP_TAGLINE, supportEmail: '' },
  });
}
