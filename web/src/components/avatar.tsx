import { useState } from 'react';

/** The bundled default picture (served by our server), used when a user has none or it fails to load. */
export const DEFAULT_AVATAR = '/media/default-avatar.svg';

export function Avatar({ src, alt, size = 40 }: { src?: string | null; alt: string; size?: number }) {
  // The failure is remembered for the URL that failed only: picture URLs are signed and expire,
  // so a stale cached URL may fail once and the fresh one the server sends next must be tried.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = Boolean(src) && failedSrc === src;
  return (
    <img
      className="avatar"
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
