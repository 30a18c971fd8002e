/** How far the photos' upload has got, while the memory is being saved. */
export function UploadProgress({ progress, label }: { progress: number; label: string }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="memory-progress">
      <div className="memory-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="memory-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="hint">
        {label}… {percent}%
      </span>
    </div>
  );
}
