// A visitor's less frequent actions behind one "more" button (React Aria menu: arrow keys, Enter,
// Escape, typeahead), so each row keeps one or two big buttons for what the desk does most.
import { Button, type Key, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import styles from "./row-actions-menu.module.css";

export type RowAction = { id: string; label: string; danger?: boolean; onAction: () => void };

export function RowActionsMenu({
  label,
  actions,
  isDisabled,
}: {
  /** names the visitor: "More actions for Ana López" */
  label: string;
  actions: RowAction[];
  isDisabled?: boolean;
}) {
  if (actions.length === 0) return null;
  const onAction = (key: Key) => actions.find((action) => action.id === key)?.onAction();
  return (
    <MenuTrigger>
      <Button className={styles.trigger} aria-label={label} isDisabled={isDisabled ?? false}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm0 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm0 6a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
          />
        </svg>
      </Button>
      <Popover placement="bottom end" className={styles.popover}>
        <Menu className={styles.menu} onAction={onAction}>
          {actions.map((action) => (
            <MenuItem
              key={action.id}
              id={action.id}
              className={`${styles.item} ${action.danger ? styles.danger : ""}`}
            >
              {action.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
