import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { saveSession } from '../../../lib/session.ts';
import type { AuthResponse } from '../../../lib/api/types.ts';

/** After register or login: forget the previous person's cached data, keep the session, go to the map. */
export function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    ({ token, user }: AuthResponse) => {
      queryClient.clear();
      saveSession(token, user);
      navigate(paths.landing, { replace: true });
    },
    [queryClient, navigate],
  );
}
