/** Query keys of the social screens: spelled in lib/effects/keys.ts, where the friendship effect names them too. */
export { friendsKeys } from '../../../lib/effects/keys.ts';
