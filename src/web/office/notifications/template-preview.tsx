// How a template reads with sample values, as it is typed: the subject and text of an email, or an
// SMS with what it costs (parts, encoding, characters left in the last part).
import { useIntl } from "react-intl";
import { parseEmailBody } from "../../../shared/notifications/email-body.ts";
import type { MessageChannel } from "../../../shared/notifications/message-kinds.ts";
import { renderTemplate } from "../../../shared/notifications/render-template.ts";
import { smsSegments } from "../../../shared/notifications/sms-segments.ts";
import styles from "./template-editor.module.css";

type Props = {
  channel: MessageChannel;
  subject: string;
  body: string;
  values: Record<string, string>;
  /** the id of the editor's heading, to name the preview after it */
  labelledBy: string;
};

export function TemplatePreview({ channel, subject, body, values, labelledBy }: Props) {
  const intl = useIntl();
  const text = renderTemplate(body, values);
  const previewId = `${labelledBy}-preview`;
  return (
    <section className={styles.preview} aria-labelledby={`${previewId} ${labelledBy}`}>
      <h4 id={previewId} className={styles.previewTitle}>
        {intl.formatMessage({ id: "Office.notifications.preview" })}{" "}
        <span className={styles.muted}>
          {intl.formatMessage({ id: "Office.notifications.preview_hint" })}
        </span>
      </h4>
      {channel === "email" && (
        <p className={styles.previewSubject}>{renderTemplate(subject, values)}</p>
      )}
      {channel === "sms" ? <p className={styles.previewSms}>{text}</p> : <EmailBody text={text} />}
      {channel === "sms" && <SmsMeter text={text} />}
    </section>
  );
}

/** Paragraphs and link buttons exactly as the email's HTML part makes them (email-body.ts). */
function EmailBody({ text }: { text: string }) {
  return (
    <div className={styles.previewBody}>
      {parseEmailBody(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
        <p key={index}>
          {paragraph.map((part, at) =>
            part.kind === "text" ? (
              part.text
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
              <span key={at} className={styles.previewButton} title={part.url}>
                {part.label}
              </span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}

function SmsMeter({ text }: { text: string }) {
  const intl = useIntl();
  const count = smsSegments(text);
  const left = count.segments * count.perSegment - count.units;
  return (
    <p className={styles.meter} data-testid="sms-meter">
      {intl.formatMessage(
        { id: "Office.notifications.sms_meter" },
        { segments: count.segments, encoding: count.encoding, left: Math.max(0, left) },
      )}
    </p>
  );
}
