// Half-star rating from 0 to 5 (spec §3 Feedback, §9): eleven native radio buttons in a fieldset, so
// arrow keys, Space and screen readers work as for any radio group. Each value is named with its
// stars and its sentiment (very dissatisfied, dissatisfied, neutral, satisfied, very satisfied).
import { Fragment, useId, useState } from "react";
import { useIntl } from "react-intl";
import styles from "./star-rating.module.css";

export const RATING_VALUES = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
const STARS = [1, 2, 3, 4, 5] as const;

export type Sentiment =
  | "very_dissatisfied"
  | "dissatisfied"
  | "neutral"
  | "satisfied"
  | "very_satisfied";

/** 0–1 very dissatisfied, 1.5–2 dissatisfied, 2.5–3 neutral, 3.5–4 satisfied, 4.5–5 very satisfied. */
export function sentimentOf(rating: number): Sentiment {
  if (rating <= 1) return "very_dissatisfied";
  if (rating <= 2) return "dissatisfied";
  if (rating <= 3) return "neutral";
  if (rating <= 4) return "satisfied";
  return "very_satisfied";
}

type Props = {
  /** null until the visitor picks a value */
  value: number | null;
  onChange: (value: number) => void;
  legend: string;
  /** the id of an error message about the rating, while it shows */
  errorId?: string | undefined;
};

export function StarRating({ value, onChange, legend, errorId }: Props) {
  const intl = useIntl();
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  const sentiment = (rating: number) =>
    intl.formatMessage({ id: "Feedback.sentiment" }, { sentiment: sentimentOf(rating) });
  const label = (rating: number) =>
    intl.formatMessage(
      { id: "Feedback.rating_option" },
      { stars: rating, sentiment: sentiment(rating) },
    );

  const option = (rating: number, className: string | undefined) => (
    <Fragment key={rating}>
      <input
        id={`${name}-${rating}`}
        className={styles.input}
        type="radio"
        name={name}
        value={rating}
        checked={value === rating}
        onChange={() => onChange(rating)}
      />
      <label
        htmlFor={`${name}-${rating}`}
        className={className}
        onPointerEnter={() => setHover(rating)}
      >
        <span className="visually-hidden">{label(rating)}</span>
      </label>
    </Fragment>
  );

  return (
    <fieldset className={styles.rating} aria-describedby={errorId}>
      <legend className="visually-hidden">{legend}</legend>
      <div className={styles.stars} onPointerLeave={() => setHover(null)}>
        {option(0, styles.none)}
        {STARS.map((star) => (
          <span key={star} className={styles.star}>
            <StarShape fill={fillOf(star, shown)} />
            {option(star - 0.5, styles.leftHalf)}
            {option(star, styles.rightHalf)}
          </span>
        ))}
      </div>
      <p className={styles.sentiment} aria-hidden="true">
        {shown === null ? "\u00a0" : label(shown)}
      </p>
    </fieldset>
  );
}

type Fill = "full" | "half" | "empty";

function fillOf(star: number, rating: number | null): Fill {
  if (rating === null || rating <= star - 1) return "empty";
  return rating >= star ? "full" : "half";
}

function StarShape({ fill }: { fill: Fill }) {
  const path =
    "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z";
  return (
    <svg className={styles.shape} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path className={styles.empty} d={path} />
      {fill !== "empty" && (
        <path
          className={fill === "half" ? `${styles.filled} ${styles.halfFill}` : styles.filled}
          d={path}
        />
      )}
    </svg>
  );
}
