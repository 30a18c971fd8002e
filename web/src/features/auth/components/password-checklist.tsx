import { LIMITS, PASSWORD_SPECIALS } from '@memory-map/shared';

const specialRe = new RegExp(`[${PASSWORD_SPECIALS.replace(/[\]\\^-]/g, '\\$&')}]`);

interface Rule {
  label: string;
  met: boolean;
}

/** The live password check of SPEC.md §2: every rule shown as met or not while the person types. */
export function PasswordChecklist({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  const rules: Rule[] = [
    { label: `At least ${LIMITS.passwordMin} characters`, met: password.length >= LIMITS.passwordMin },
    { label: 'One special character, like ! @ # $ ?', met: specialRe.test(password) },
  ];
  if (confirmPassword) rules.push({ label: 'Passwords match', met: password === confirmPassword });
  return (
    <ul className="auth-checklist" aria-label="Password requirements" aria-live="polite">
      {rules.map((rule) => (
        <li key={rule.label} className={rule.met ? 'met' : 'unmet'} data-met={rule.met}>
          <span className="auth-check-icon" aria-hidden="true">
            {rule.met ? '✓' : '✕'}
          </span>
          <span>{rule.label}</span>
          <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
