import { useState } from 'react';

/** The bundled default picture (served by our server), used when a user has none or it fails to load. */
export const DEFAULT_AVATAR = '/media/default-avatar.svg';

export function Avatar({ src, alt, size = 40 }: { src?: string | null; alt: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="avatar"
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
