import type { TimedMessage } from '../lib/use-timed-message.ts';

/** A short-lived message above the bottom navigation; errors are announced as alerts. */
export function Toast({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  return (
    <div className={message.kind === 'error' ? 'toast error' : 'toast'} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </div>
  );
}
