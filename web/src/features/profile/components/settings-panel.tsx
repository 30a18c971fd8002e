import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import { SessionsPanel } from './sessions-panel.tsx';
import { ChevronRightIcon, HelpIcon, InfoIcon, MailIcon, SettingsIcon } from '../../../components/icons-extra.tsx';
import { useAppInfo } from '../../../lib/app-info.ts';
import { DeleteAccount } from './delete-account.tsx';
import { DownloadData } from './download-data.tsx';
import { useColorScheme, type ColorSchemeChoice } from '../../../lib/color-scheme.ts';

const SCHEMES: Array<[ColorSchemeChoice, string]> = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

/** Light, Dark, or the device's own setting (System). */
function AppearanceChoice() {
  const { choice, setChoice } = useColorScheme();
  return (
    <fieldset className="profile-appearance card">
      <legend className="sr-only">Colour scheme</legend>
      {SCHEMES.map(([value, label]) => (
        <label key={value} className={choice === value ? 'profile-appearance-option active' : 'profile-appearance-option'}>
          <input type="radio" name="color-scheme" value={value} checked={choice === value} onChange={() => setChoice(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Settings: Appearance, Your data (docs/design.md §11), Support > Help Center, About (version and tagline), and the way back. */
export function SettingsPanel({ onBack, onAccountDeleted }: { onBack: () => void; onAccountDeleted?: () => void }) {
  const { data: info, isPlaceholderData } = useAppInfo();
  const [helpOpen, setHelpOpen] = useState(false);
  const stored = useSession().user;
  const isAdmin = useCurrentUser().data?.isAdmin ?? stored?.isAdmin ?? false;
  return (
    <div className="profile-settings">
      <h2 className="profile-section-title">Settings</h2>

      <section className="profile-group" aria-labelledby="settings-appearance">
        <h3 id="settings-appearance" className="profile-group-title">
          Appearance
        </h3>
        <AppearanceChoice />
      </section>

      <section className="profile-group" aria-labelledby="settings-sessions">
        <h3 id="settings-sessions" className="profile-group-title">
          Your sessions
        </h3>
        <SessionsPanel />
      </section>

      {isAdmin && (
        <section className="profile-group" aria-labelledby="settings-admin">
          <h3 id="settings-admin" className="profile-group-title">
            Running this server
          </h3>
          <div className="profile-menu card">
            <Link className="profile-menu-item" to={paths.admin}>
              <SettingsIcon size={20} />
              <span>Admin</span>
              <span className="profile-chevron">
                <ChevronRightIcon size={18} />
              </span>
            </Link>
          </div>
        </section>
      )}

      <section className="profile-group" aria-labelledby="settings-data">
        <h3 id="settings-data" className="profile-group-title">
          Your data
        </h3>
        <DownloadData />
        <DeleteAccount onDeleted={onAccountDeleted} />
      </section>

      <section className="profile-group" aria-labelledby="settings-support">
        <h3 id="settings-support" className="profile-group-title">
          Support
        </h3>
        <div className="profile-menu card">
          <button type="button" className="profile-menu-item" aria-expanded={helpOpen} onClick={() => setHelpOpen((v) => !v)}>
            <HelpIcon size={20} />
            <span>Help Center</span>
            <span className={helpOpen ? 'profile-chevron open' : 'profile-chevron'}>
              <ChevronRightIcon size={18} />
            </span>
          </button>
          {helpOpen && (
            <div className="profile-help">
              <p className="profile-help-lead">Need assistance?</p>
              {info?.supportEmail ? (
                <p className="profile-help-mail">
                  <MailIcon size={16} />
                  <span>
                    Email us at <a href={`mailto:${info.supportEmail}`}>{info.supportEmail}</a>
                  </span>
                </p>
              ) : info && !isPlaceholderData ? (
                // No address configured (SUPPORT_EMAIL unset): better no address than a made-up one.
                <p className="profile-help-mail">Ask the person who runs this Memory Map for help.</p>
              ) : null}
            </div>
          )}
        </div>
      </section>

      <section className="profile-group" aria-labelledby="settings-about">
        <h3 id="settings-about" className="profile-group-title">
          About
        </h3>
        <div className="profile-about card">
          <InfoIcon size={20} />
          <div>
            <p className="profile-about-name">Memory Map</p>
            <p>Version {info?.version}</p>
            <p className="profile-about-tagline">{info?.tagline}</p>
          </div>
        </div>
      </section>

      <button type="button" className="btn btn-secondary btn-block" onClick={onBack}>
        Back to Profile
      </button>
    </div>
  );
}
