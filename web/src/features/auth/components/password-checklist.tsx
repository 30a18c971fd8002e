import { AUTH_MESSAGES, LIMITS, PASSWORD_SPECIALS } from '@memory-map/shared';

const specialRe = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\]\\^-]/g, '\\$&')}]`);

type RuleState = 'pending' | 'met' | 'unmet';

const ICONS: Record<RuleState, string> = { pending: '•', met: '✓', unmet: '✕' };
const SPOKEN: Record<RuleState, string> = { pending: '', met: ' (met)', unmet: ' (not met)' };

function RuleLine({ text, state }: { text: string; state: RuleState }) {
  return (
    <>
      <span className="auth-check-icon" aria-hidden="true">
        {ICONS[state]}
      </span>
      <span>{text}</span>
      {SPOKEN[state] && <span className="sr-only">{SPOKEN[state]}</span>}
    </>
  );
}

/**
 * The live password check of docs/product.md §2, in the words of §5: each rule's own sentence
 * ('Password must be at least 6 characters long', …), marked met or not from the first character
 * typed. Before that the rules are only listed, so an empty form shows no failures.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const rules: Array<{ text: string; met: boolean }> = [
    { text: AUTH_MESSAGES.passwordTooShort, met: password.length >= LIMITS.passwordMin },
    { text: AUTH_MESSAGES.passwordNeedsSpecial, met: specialRe.test(password) },
  ];
  // Only someone pasting a very long password meets this one; it is not a rule to list up front.
  if (password.length > LIMITS.passwordMax) rules.push({ text: AUTH_MESSAGES.passwordTooLong, met: false });
  return (
    <ul id="register-password-rules" className="auth-checklist" aria-label="Password requirements" aria-live="polite">
      {rules.map((rule) => {
        const state: RuleState = !password ? 'pending' : rule.met ? 'met' : 'unmet';
        return (
          <li key={rule.text} className={state} data-met={rule.met}>
            <RuleLine text={rule.text} state={state} />
          </li>
        );
      })}
    </ul>
  );
}

/** Under the confirmation, once something is typed there: 'Passwords do not match.' (§5) until they do. */
export function PasswordMatch({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  const met = password === confirmPassword;
  return (
    <div id="register-confirm-status" aria-live="polite">
      {confirmPassword && (
        <p className={`auth-match ${met ? 'met' : 'unmet'}`} data-met={met}>
          <RuleLine text={met ? 'Passwords match' : AUTH_MESSAGES.passwordsDoNotMatch} state={met ? 'met' : 'unmet'} />
        </p>
      )}
    </div>
  );
}
