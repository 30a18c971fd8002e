import { ADMIN_MESSAGES, type RegistrationMode } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import type { Queryable } from '../../db/queryable.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { invitesRepository } from './invites.repository.ts';
import { settingsRepository } from './settings.repository.ts';

const REGISTRATION_KEY = 'registration';

/** The sign-up mode: the admin's choice, else REGISTRATION (docs/design.md §18). */
export async function registrationMode(ctx: AppContext, db: Queryable = ctx.db.kysely): Promise<RegistrationMode> {
  const stored = await settingsRepository.get(db, REGISTRATION_KEY);
  return stored === 'open' || stored === 'invite' || stored === 'closed' ? stored : ctx.config.registration;
}

export function setRegistrationMode(db: Queryable, mode: RegistrationMode) {
  return settingsRepository.set(db, REGISTRATION_KEY, mode);
}

/**
 * May this sign-up go ahead? Run inside the sign-up's transaction: an invite's use is taken there,
 * so a sign-up that fails afterwards (a taken username) gives the use back. The first account of
 * an empty server is always allowed: someone has to be able to become its admin.
 */
export async function admitSignUp(ctx: AppContext, trx: Queryable, input: { inviteCode?: string; serverIsEmpty: boolean }): Promise<void> {
  if (input.serverIsEmpty) return;
  const mode = await registrationMode(ctx, trx);
  if (mode === 'open') return;
  if (mode === 'closed') throw new ForbiddenError(ADMIN_MESSAGES.signupsClosed);
  const code = input.inviteCode?.trim();
  if (!code || !(await invitesRepository.takeUse(trx, code, nowIso()))) throw new ForbiddenError(ADMIN_MESSAGES.inviteInvalid);
}

/** Refuses early, before a password is hashed, when the mode alone already says no. */
export async function refuseClosedSignUp(ctx: AppContext, serverIsEmpty: boolean): Promise<void> {
  if (!serverIsEmpty && (await registrationMode(ctx)) === 'closed') throw new ForbiddenError(ADMIN_MESSAGES.signupsClosed);
}
