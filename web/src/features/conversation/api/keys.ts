/** Query keys of a memory's screen: spelled in lib/effects/keys.ts, where the conversation effect names them too. */
export { conversationKeys } from '../../../lib/effects/keys.ts';

/**
 * How often an open memory's screen asks again while the tab is shown. Live events reach the
 * memory's author, their friends, circle members, tagged people and those who took part; someone
 * else reading a public memory hears nothing pushed, so their screen catches up this way
 * (docs/decisions/120-conversation.md, "Live").
 */
export const OPEN_SCREEN_REFRESH_MS = 20_000;
