import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import { useGetFeeGuide } from '@/api/generated/cases/cases';
import type { GetFeeGuideParams } from '@/api/generated/model';
import { formatHkdRounded } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { feePosition } from '@/lib/fee-guide';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  low: { color: tokens.colorPaletteDarkOrangeForeground1, display: 'flex', gap: tokens.spacingHorizontalXS },
});

interface FeeGuideProps {
  /** What the fee is compared with; nothing shows until a level is known. */
  sample: Partial<GetFeeGuideParams>;
  /** The typed fee per hour, when there is one. */
  hourly: number | undefined;
  /** Whose fee it is: a parent's offer (few tutors may apply) or a tutor's ask (parents may pass). */
  audience: 'parent' | 'tutor';
  /** How the typed fee was made a fee per hour, when it was assumed (a tutor's fee per lesson). */
  assumption?: string;
}

/**
 * Beside a fee field: the fees per hour of comparable cases (the middle half and the median)
 * and where the typed fee sits. A fee below most warns that few tutors may apply. Asked again
 * only when the sample changes, not on every keystroke of the fee.
 */
export function FeeGuide({ sample, hourly, audience, assumption }: FeeGuideProps) {
  const styles = useStyles();
  const text = t.feeGuide;
  const sits = text.position[audience];
  const level = sample.level?.trim();
  const params: GetFeeGuideParams = {
    level: level ?? '',
    ...(sample.grade ? { grade: sample.grade } : {}),
    ...(sample.subject ? { subject: sample.subject } : {}),
    ...(sample.region ? { region: sample.region } : {}),
  };
  const guide = useGetFeeGuide(params, { swr: { enabled: Boolean(level), keepPreviousData: true } }).data;
  if (!level || !guide) return null;
  if (guide.count === 0 || guide.median === undefined) {
    return (
      <Text size={200} className={styles.muted} data-testid="fee-guide">
        {text.none}
      </Text>
    );
  }
  const position = feePosition(hourly, guide);
  return (
    <div className={styles.box} data-testid="fee-guide">
      <Text size={200}>
        {/* Fees per hour worked out from fees per lesson: whole dollars, not "HK$433.33". */}
        {text.range(
          formatHkdRounded(guide.lowerQuartile) ?? '',
          formatHkdRounded(guide.upperQuartile) ?? '',
          formatHkdRounded(guide.median) ?? '',
        )}
      </Text>
      <Text size={200} className={styles.muted}>
        {text.basis(guide.count, text.scope_[guide.scope] ?? guide.scope)}
        {guide.count < guide.minSample ? ` ${text.rough}` : ''}
        {assumption ? ` ${assumption}` : ''}
      </Text>
      {/* Only where the fee sits is announced as it changes; the figures are the field's description. */}
      <div aria-live="polite">
        {position === 'below' && (
          <Text size={200} className={styles.low}>
            <WarningRegular aria-hidden />
            {sits.below}
          </Text>
        )}
        {position === 'within' && <Text size={200}>{sits.within}</Text>}
        {position === 'above' && <Text size={200}>{sits.above}</Text>}
      </div>
    </div>
  );
}
