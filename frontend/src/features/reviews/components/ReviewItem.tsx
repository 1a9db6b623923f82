import { Suspense, lazy, useState } from 'react';
import { Button, Field, RatingDisplay, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useReplyToReview } from '@/api/generated/tutors/tutors';
import type { ReviewBody } from '@/api/generated/model';
import { REVIEW_TEXT_MAX_CHARS } from '@/config/limits';
import { formatDate } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { replyProblem } from '../lib/review-rules';

// Reporting is for a logged-in reader: its button and dialog load when offered
// (docs/adr/0076-public-pages-under-150-kib.md).
const ReportButton = lazy(async () => ({ default: (await import('./ReportReviewButton')).ReportButton }));

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  byline: { color: tokens.colorNeutralForeground3, flexGrow: 1 },
  text: { margin: 0, whiteSpace: 'pre-wrap' },
  reply: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  replyForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  button: { minHeight: '44px' },
});

interface ReviewItemProps {
  review: ReviewBody;
  /** The viewer is the reviewed tutor and has not replied yet. */
  canReply: boolean;
  /** The viewer is logged in and did not write this review. */
  canReport: boolean;
  onChanged: () => Promise<void>;
}

/** One review: stars, masked author and date, the words, the tutor's reply; reply and report actions. */
export function ReviewItem({ review, canReply, canReport, onChanged }: ReviewItemProps) {
  const styles = useStyles();
  const text = t.reviews;
  return (
    <article
      className={styles.item}
      data-testid="review"
      data-review-id={review.reviewId}
      aria-label={text.stars(review.rating)}
    >
      <div className={styles.head}>
        <RatingDisplay value={review.rating} color="marigold" size="small" aria-label={text.stars(review.rating)} />
        <Text size={200} className={styles.byline}>
          {text.byline(review.authorName, formatDate(review.createdAt) ?? '', review.lessons)}
        </Text>
        {canReport && (
          <Suspense fallback={null}>
            <ReportButton review={review} />
          </Suspense>
        )}
      </div>
      <p className={styles.text}>{review.text}</p>
      {review.reply && (
        <div className={styles.reply}>
          <Text size={200} weight="semibold">
            {text.replyHeading}
          </Text>
          <Text className={styles.text}>{review.reply.text}</Text>
        </div>
      )}
      {canReply && <ReplyForm reviewId={review.reviewId} onReplied={onChanged} />}
    </article>
  );
}

function ReplyForm({ reviewId, onReplied }: { reviewId: number; onReplied: () => Promise<void> }) {
  const styles = useStyles();
  const words = t.reviews.reply;
  const [value, setValue] = useState('');
  const reply = useReplyToReview(reviewId);
  // Kept by hand rather than `reply.isMutating`: the form stays busy until the reviews have been
  // read again too, not only while the reply is sent.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const length = [...value.trim()].length;
  // The reply is public too: a contact detail is refused as it is typed, in the server's words.
  const problem = replyProblem(value);

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await reply.trigger({ text: value.trim() });
      await onReplied();
    } catch (error) {
      setFailure(errorMessage(error, words.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.replyForm}>
      <Field
        label={words.label}
        hint={words.hint([...value].length, REVIEW_TEXT_MAX_CHARS)}
        validationState={failure || problem ? 'error' : 'none'}
        validationMessage={failure ?? problem}
      >
        <Textarea value={value} rows={2} resize="vertical" onChange={(_, data) => setValue(data.value)} />
      </Field>
      <div>
        <Button
          className={styles.button}
          disabled={busy || length === 0 || length > REVIEW_TEXT_MAX_CHARS || problem !== undefined}
          onClick={() => void submit()}
        >
          {busy ? words.submitting : words.submit}
        </Button>
      </div>
    </div>
  );
}
