/** A list that could not load: the spec's message, and a way to ask again. */
export function LoadProblem({ message, onRetry, className = '' }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div className={`load-problem ${className}`.trim()}>
      <p className="form-error" role="alert">
        {message}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
