import { useQuery } from '@tanstack/react-query';
import { APP_TAGLINE, APP_VERSION } from '@memory-map/shared';
import { api, data } from './api-client.ts';

export const appInfoKey = ['app-info'] as const;


/** Version, tagline and the operator's SUPPORT_EMAIL come from the server. */
export function useAppInfo() {
  return useQuery({
    queryKey: appInfoKey,
    queryFn: () => data(api.GET('/api/app-info')),
    staleTime: Infinity,
    placeholderData: { version: APP_VERSION, tagline: APP_TAGLINE, supportEmail: '' },
  });
}
