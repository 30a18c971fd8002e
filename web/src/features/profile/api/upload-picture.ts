import { LIMITS } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';

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

export function useUploadProfilePicture(onProgress?: (fraction: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadProfilePicture(file, onProgress) });
}
