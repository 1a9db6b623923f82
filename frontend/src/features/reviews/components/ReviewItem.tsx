import { Suspense } from 'react';
import { RatingDisplay, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReviewBody } from '@/api/generated/model';
import { formatDate } from '@/i18n/format';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { lazy } from '@/lib/lazy';

// Reporting is for a logged-in reader, replying for the reviewed tutor: their forms load when
// offered (docs/adr/0076-public-pages-under-150-kib.md).
const ReportButton = lazy(async () => ({ default: (await import('./ReportReviewButton')).ReportButton }));
const ReplyForm = lazy(async () => ({ default: (await import('./ReplyForm')).ReplyForm }));

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
  const text = reviewsZhHK;
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
      {canReply && (
        <Suspense fallback={null}>
          <ReplyForm reviewId={review.reviewId} onReplied={onChanged} />
        </Suspense>
      )}
    </article>
  );
}
