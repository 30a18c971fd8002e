import { Link } from 'react-router';
import { ChevronLeftIcon } from './icons-extra.tsx';
import './screen-title.css';

/** A screen's title, with a back link when the screen sits under another one. */
export function ScreenTitle({ title, backTo, backLabel }: { title: string; backTo?: string; backLabel?: string }) {
  return (
    <div className="screen-title">
      {backTo && (
        <Link to={backTo} className="screen-title-back" aria-label={`Back to ${backLabel ?? 'previous screen'}`}>
          <ChevronLeftIcon size={22} />
        </Link>
      )}
      <h1>{title}</h1>
    </div>
  );
}
