// The editor of one message on one channel: subject (email) and text, variables inserted at the
// cursor, problems shown as one types and the server's own mapped to their field, a live preview,
// Save, and a reset that asks first. Focus stays on what was used, or moves to the editor's heading
// when what had it goes away; the outcome is announced.
import { useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { MessageKind } from "../../../shared/notifications/message-kinds.ts";
import { checkTemplate } from "../../../shared/notifications/render-template.ts";
import { ApiError } from "../../api/client.ts";
import type { NotificationTemplate } from "../../api/office/notification-templates.ts";
import { useResetNotificationTemplate } from "../../api/office/reset-notification-template.ts";
import { useSaveNotificationTemplate } from "../../api/office/save-notification-template.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { insertAtCursor } from "./insert-at-cursor.ts";
import { ResetConfirmation } from "./reset-confirmation.tsx";
import { TemplateBadge } from "./template-badge.tsx";
import styles from "./template-editor.module.css";
import { TemplatePreview } from "./template-preview.tsx";
import { problemsByField } from "./template-problem-message.ts";
import { VariableButtons } from "./variable-buttons.tsx";

type TextField = "subject" | "body";
type Outcome = { kind: "saved" | "reset" | "failed"; text: string; key: number };

type Props = {
  template: NotificationTemplate["attributes"];
  /** null: the vendor's own template; else this location's */
  locationId: number | null;
  sampleValues: Record<string, string>;
};

export function TemplateEditor({ template, locationId, sampleValues }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.notifications.${id}` });
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fields = {
    subject: useRef<HTMLInputElement>(null),
    body: useRef<HTMLTextAreaElement>(null),
  };
  const lastField = useRef<TextField>("body");
  const [subject, setSubject] = useState(template.effective.subject ?? "");
  const [body, setBody] = useState(template.effective.body);
  const [serverErrors, setServerErrors] = useState<Partial<Record<TextField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveNotificationTemplate();
  const reset = useResetNotificationTemplate();
  const isEmail = template.channel === "email";
  const own = locationId === null ? template.vendor : template.location;
  const fallback = locationId === null ? template.default : (template.vendor ?? template.default);

  const problems = checkTemplate(template.kind as MessageKind, template.channel, {
    subject: isEmail ? subject : null,
    body,
  });
  const errors = { ...serverErrors, ...problemsByField(intl, problems) };
  const unsaved =
    body !== template.effective.body || (isEmail && subject !== (template.effective.subject ?? ""));

  const change = (field: TextField, value: string) => {
    (field === "subject" ? setSubject : setBody)(value);
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setOutcome(null);
  };

  const insertVariable = (name: string) => {
    const field = isEmail ? lastField.current : "body";
    const element = fields[field].current;
    const value = field === "subject" ? subject : body;
    const next = insertAtCursor(
      value,
      `{${name}}`,
      element
        ? {
            start: element.selectionStart ?? value.length,
            end: element.selectionEnd ?? value.length,
          }
        : null,
    );
    change(field, next.value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const focusFirstError = (invalid: Partial<Record<TextField, string>>) => {
    const first: TextField | undefined =
      isEmail && invalid.subject ? "subject" : invalid.body ? "body" : undefined;
    if (first) fields[first].current?.focus();
  };

  const onSave = () => {
    if (save.isPending) return;
    if (problems.length > 0) return focusFirstError(errors);
    const key = { kind: template.kind, channel: template.channel, lang: template.lang, locationId };
    save.mutate(
      { ...key, subject: isEmail ? subject : null, body },
      {
        onSuccess: () => setOutcome({ kind: "saved", text: t("saved"), key: Date.now() }),
        onError: (error) => {
          const byPointer = fieldErrorsOf(error);
          const mapped: Partial<Record<TextField, string>> = {};
          for (const field of ["subject", "body"] as const) {
            const detail = byPointer.get(`/data/attributes/${field}`);
            if (detail) mapped[field] = detail;
          }
          setServerErrors(mapped);
          if (error instanceof ApiError && error.status === 422 && Object.keys(mapped).length)
            return focusFirstError(mapped);
          setOutcome({ kind: "failed", text: describeError(intl, error), key: Date.now() });
        },
      },
    );
  };

  const onReset = () => {
    setConfirming(false);
    const key = { kind: template.kind, channel: template.channel, lang: template.lang, locationId };
    reset.mutate(key, {
      onSuccess: () => {
        setSubject(fallback.subject ?? "");
        setBody(fallback.body);
        setServerErrors({});
        setOutcome({
          kind: "reset",
          text: t(locationId === null ? "reset_done" : "reset_done_location"),
          key: Date.now(),
        });
        headingRef.current?.focus();
      },
      onError: (error) =>
        setOutcome({ kind: "failed", text: describeError(intl, error), key: Date.now() }),
    });
  };

  const channelName = t(`channel.${template.channel}`);
  return (
    <section className={styles.editor} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {channelName}
        </h3>
        <TemplateBadge custom={own !== null} atLocation={locationId !== null} />
      </div>
      <div className={styles.columns}>
        <div className={styles.fields}>
          {isEmail && (
            <Field label={t("subject")} error={errors.subject}>
              {(control) => (
                <input
                  {...control}
                  ref={fields.subject}
                  className={controls.input}
                  value={subject}
                  onFocus={() => (lastField.current = "subject")}
                  onChange={(event) => change("subject", event.target.value)}
                />
              )}
            </Field>
          )}
          <Field label={t("body")} error={errors.body}>
            {(control) => (
              <textarea
                {...control}
                ref={fields.body}
                className={`${controls.input} ${styles.body}`}
                rows={isEmail ? 8 : 4}
                value={body}
                onFocus={() => (lastField.current = "body")}
                onChange={(event) => change("body", event.target.value)}
              />
            )}
          </Field>
          <VariableButtons
            variables={template.variables}
            hintId={`${headingId}-vars`}
            onInsert={insertVariable}
          />
        </div>
        <TemplatePreview
          channel={template.channel}
          subject={subject}
          body={body}
          values={sampleValues}
          labelledBy={headingId}
        />
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          onClick={onSave}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t("saving") : t("save")}
        </button>
        {own !== null && !confirming && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => setConfirming(true)}
          >
            {t(locationId === null ? "reset" : "reset_location")}
          </button>
        )}
        {unsaved && !save.isPending && <span className={styles.unsaved}>{t("unsaved")}</span>}
        <p role="status" className={styles.status}>
          {outcome && outcome.kind !== "failed" && <span key={outcome.key}>{outcome.text}</span>}
        </p>
      </div>
      {confirming && (
        <ResetConfirmation
          question={t(locationId === null ? "reset_confirm" : "reset_confirm_location")}
          onConfirm={onReset}
          onKeep={() => {
            setConfirming(false);
            headingRef.current?.focus();
          }}
        />
      )}
      <div role="alert" className={styles.alertRegion}>
        {outcome?.kind === "failed" && (
          <p key={outcome.key} className={controls.alert}>
            {outcome.text}
          </p>
        )}
      </div>
    </section>
  );
}
