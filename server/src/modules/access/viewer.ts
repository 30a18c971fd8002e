/**
 * Who is asking: a signed-in user, or whoever holds a memory's share link (docs/design.md §11) or
 * a trip's (§15), who has no session and reaches only what that link reaches. The two kinds of
 * link are two kinds of viewer: a trip's token used as a memory's (/s/) reaches nothing.
 */
export type Viewer = { userId: string } | { linkTokenHash: string } | { tripLinkTokenHash: string };

export function userViewer(userId: string): Viewer {
  return { userId };
}

export function linkViewer(linkTokenHash: string): Viewer {
  return { linkTokenHash };
}

export function tripLinkViewer(tripLinkTokenHash: string): Viewer {
  return { tripLinkTokenHash };
}
