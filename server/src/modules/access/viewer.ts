/**
 * Who is asking: a signed-in user, or whoever holds a share link (docs/design.md §11), who has no
 * session and reaches only what that link reaches.
 */
export type Viewer = { userId: string } | { linkTokenHash: string };

export function userViewer(userId: string): Viewer {
  return { userId };
}

export function linkViewer(linkTokenHash: string): Viewer {
  return { linkTokenHash };
}
