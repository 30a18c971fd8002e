import { LIMITS } from '@memory-map/shared';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useKeyboardInset } from '../../../lib/keyboard-inset.ts';

/**
 * Writing a comment. It sits at the bottom of the screen and, while the phone's keyboard is open,
 * right above it (lib/keyboard-inset.ts). Sending empties it at once: the comment shows in the
 * thread as being sent (optimistic), and a failure is shown there, with its text kept.
 */
export function Composer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const inset = useKeyboardInset();
  const trimmed = text.trim();
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!trimmed || trimmed.length > LIMITS.commentMax) return;
    onSend(trimmed);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // A phone's Enter is a new line; Ctrl/Cmd+Enter sends from a keyboard.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
  };
  const over = trimmed.length > LIMITS.commentMax;
  return (
    <form
      className={inset > 0 ? 'composer composer-keyboard' : 'composer'}
      style={inset > 0 ? { bottom: `${inset}px` } : undefined}
      onSubmit={send}
      aria-label="Write a comment"
    >
      <textarea
        className="composer-input"
        aria-label="Comment"
        placeholder="Add a comment…"
        rows={1}
        value={text}
        maxLength={LIMITS.commentMax + 100}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        aria-invalid={over}
      />
      {over && <span className="composer-over" role="status">{`${trimmed.length}/${LIMITS.commentMax}`}</span>}
      <button type="submit" className="btn btn-primary composer-send" disabled={!trimmed || over}>
        Send
      </button>
    </form>
  );
}
