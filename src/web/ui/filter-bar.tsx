// The filters above a back-office list, in a search landmark: a search that applies after a pause
// in typing (or at once on Enter), selects and toggles that apply at once. Each control has a
// visible label; the values come from the address (search-state.ts), so the page stays the truth.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import controls from "./controls.module.css";
import styles from "./filter-bar.module.css";

export const SEARCH_DEBOUNCE_MS = 350;

export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search aria-label={label}>
      <form className={styles.filters} onSubmit={(event) => event.preventDefault()}>
        {children}
      </form>
    </search>
  );
}

type SearchProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
};

export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
  maxLength = 200,
}: SearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // The search this field last wrote: an address change that is not its own (back, clear) wins.
  const written = useRef(value);
  // The latest callback, so a parent's new function each render does not restart the pause.
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      changed.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className={`${styles.field} ${styles.search}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        className={controls.input}
        value={text}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          written.current = text;
          onChange(text);
        }}
      />
    </div>
  );
}

type SelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** the first choice, for no filter ("All regions"); absent when a value is always chosen */
  allLabel?: string;
};

export function SelectFilter({ label, value, onChange, options, allLabel }: SelectProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={controls.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type ToggleProps = { label: string; checked: boolean; onChange: (checked: boolean) => void };

export function ToggleFilter({ label, checked, onChange }: ToggleProps) {
  const id = useId();
  return (
    <div className={styles.toggle}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
