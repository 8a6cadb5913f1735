// "Move up" and "Move down" for one item of an ordered list: real buttons, so the keyboard and
// screen readers reorder as well as a pointer does; the edge one is disabled.
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";

type Props = {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
};

export function MoveButtons({ name, index, count, disabled, onMove }: Props) {
  const intl = useIntl();
  return (
    <>
      <button
        type="button"
        className={`${controls.button} ${controls.quiet}`}
        disabled={disabled || index === 0}
        aria-label={intl.formatMessage({ id: "Office.services.move_up" }, { name })}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={`${controls.button} ${controls.quiet}`}
        disabled={disabled || index === count - 1}
        aria-label={intl.formatMessage({ id: "Office.services.move_down" }, { name })}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </button>
    </>
  );
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
