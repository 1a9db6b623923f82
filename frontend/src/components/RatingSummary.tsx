import { RatingDisplay, Text, makeStyles, tokens } from '@fluentui/react-components';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A tutor's average stars and how many reviews they come from; "no reviews yet" without any. */
export function RatingSummary({ average, count }: { average?: number | null; count: number }) {
  const styles = useStyles();
  const text = reviewsZhHK.summary;
  if (count === 0 || average === undefined || average === null) {
    return (
      <Text size={200} className={styles.muted} data-testid="rating-summary">
        {text.none}
      </Text>
    );
  }
  const value = average.toFixed(1);
  return (
    <span className={styles.root} role="img" aria-label={text.label(value, count)} data-testid="rating-summary">
      <RatingDisplay value={average} compact color="marigold" size="small" aria-hidden />
      <Text size={200} className={styles.muted} aria-hidden>
        {text.count(count)}
      </Text>
    </span>
  );
}
