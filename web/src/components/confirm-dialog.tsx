import { useId, useRef, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message: ReactNode;
  /** A second paragraph: what the choice costs (read out with the question). */
  detail?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirm (a native <dialog>, see modal-dialog.tsx): focus starts on Cancel (the safe choice), Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, detail, confirmLabel, cancelLabel = 'Cancel', busyLabel, busy, danger, onConfirm, onCancel } = props;
  const titleId = useId();
  const detailId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!open) return null;
  return (
    <ModalDialog
      className="dialog-backdrop"
      role="alertdialog"
      labelledBy={title ? titleId : undefined}
      label={title ? undefined : typeof message === 'string' ? message : 'Confirm'}
      describedBy={detail ? detailId : undefined}
      initialFocus={cancelRef}
      onDismiss={() => !busy && onCancel()}
    >
      <div className="dialog">
        {title && <h2 id={titleId}>{title}</h2>}
        <p>{message}</p>
        {detail && (
          <p id={detailId} className="dialog-detail">
            {detail}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" ref={cancelRef} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
