import { LIMITS } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { profileChanged } from '../../../lib/effects/profile.ts';
import { useSession } from '../../../lib/session.ts';

/** POST /api/profile/upload-profile-picture, multipart field profilePicture; answers the new URL. */
export async function uploadProfilePicture(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('profilePicture', file);
  const res = await apiUpload('/api/profile/upload-profile-picture', form, { onProgress });
  return res.profilePicture;
}

/** Bad input gets a clear message and is never sent. */
export function pictureProblem(file: File | null): string | null {
  if (!file) return 'Choose an image to upload';
  if (!file.type.startsWith('image/')) return 'Please choose an image file';
  if (file.size > LIMITS.uploadBytes) return `The file is too large (at most ${LIMITS.uploadBytes / (1024 * 1024)} MB)`;
  return null;
}

/** The new picture replaces the old one wherever the viewer's record shows (lib/effects/profile.ts). */
export function useUploadProfilePicture(onProgress?: (fraction: number) => void) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(file, onProgress),
    onSuccess: (profilePicture) => profileChanged(queryClient, user?._id ?? null, { profilePicture }),
  });
}
