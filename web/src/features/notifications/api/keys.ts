/** Query keys of the notifications: spelled in lib/effects/keys.ts, where the live events' effects name them too. */
export { notificationKeys } from '../../../lib/effects/keys.ts';
