import { APP_TAGLINE } from '@memory-map/shared';

/** The logo of the sign-in screens (docs/product.md §2 "Login: Logo"). */
export function AuthLogo() {
  return (
    <div className="auth-logo">
      <img src="/favicon.svg" alt="Memory Map logo" width={64} height={64} />
      <p className="auth-tagline">{APP_TAGLINE}</p>
    </div>
  );
}
