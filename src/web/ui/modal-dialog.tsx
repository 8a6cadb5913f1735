// The back office's modal dialog for forms (React Aria: focus kept inside, Escape closes, focus goes
// back to what opened it, the page behind is inert): a title, the content and a close button.
import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useIntl } from "react-intl";
import styles from "./modal-dialog.module.css";

type Props = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** alertdialog for confirmations of destructive actions */
  role?: "dialog" | "alertdialog";
  size?: "small" | "large";
  children: ReactNode;
};

export function ModalDialog({ isOpen, onClose, title, role, size = "small", children }: Props) {
  const intl = useIntl();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={role !== "alertdialog"}
      className={styles.overlay}
    >
      <Modal className={`${styles.modal} ${size === "large" ? styles.large : ""}`}>
        <Dialog role={role ?? "dialog"} className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <button
              type="button"
              className={styles.close}
              onClick={onClose}
              aria-label={intl.formatMessage({ id: "Office.close" })}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
                />
              </svg>
            </button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
