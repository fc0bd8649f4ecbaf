import './spinner.css';
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The first paint while the initial route loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
