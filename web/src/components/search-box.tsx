import './search-box.css';
import { SearchIcon } from './icons-extra.tsx';
import { Spinner } from './spinner.tsx';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Accessible name; the placeholder is used when absent. */
  label?: string;
  busy?: boolean;
}

/** A search field with an icon, a clear button and an optional busy spinner. */
export function SearchBox({ value, onChange, placeholder, label, busy }: SearchBoxProps) {
  return (
    <div className="search-box">
      <SearchIcon size={18} />
      <input
        type="search"
        className="search-box-input"
        value={value}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(e) => onChange(e.target.value)}
      />
      {busy && <Spinner label="Searching" />}
      {value && !busy && (
        <button type="button" className="search-box-clear" aria-label="Clear search" onClick={() => onChange('')}>
          ×
        </button>
      )}
    </div>
  );
}
