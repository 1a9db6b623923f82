import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ClockRegular, LocationRegular, MoneyRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { CaseSummary } from '@/api/generated/model';
import { Highlighted } from '@/components/Highlighted';
import { ResultCard, type CardFact } from '@/components/ResultCard';
import { RouterLink } from '@/components/RouterLink';
import { casePath } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { caseDisplay } from '@/lib/case-display';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  caseNumber: {
    color: tokens.colorNeutralForeground3,
  },
  subject: {
    margin: 0,
    color: tokens.colorNeutralForeground1,
  },
  subjectLink: {
    color: 'inherit',
    // A tall enough tap target on phones without changing the heading's look.
    display: 'inline-block',
    minHeight: '44px',
    lineHeight: '44px',
  },
  title: {
    color: tokens.colorNeutralForeground1,
  },
  excerpt: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  posted: {
    color: tokens.colorNeutralForeground3,
  },
});

/**
 * What a case card or row offers on the case: the apply action, which matching owns; src/app (or
 * matching itself) passes it in, since shared code never imports a feature.
 */
export type CaseAction = (item: CaseSummary, size: 'small' | 'medium') => ReactNode;

interface CaseCardProps {
  item: CaseSummary;
  /**
   * Why it is recommended, under the title: given drawn (a badge, by matching), so that a card
   * without one does not carry a badge's code.
   */
  note?: ReactNode;
  /** Typed words to mark. */
  words?: readonly string[];
  action?: CaseAction;
}

/**
 * One tutoring case as a card: subject (linking to the case page), title and excerpt, location,
 * fee per lesson, and the apply action; `note` (why it is recommended) under the title.
 */
export function CaseCard({ item, note, words = [], action }: CaseCardProps) {
  const styles = useStyles();
  const view = caseDisplay(item);
  const facts: CardFact[] = [
    { label: t.cases.card.location, icon: LocationRegular, value: <Highlighted text={view.location} words={words} /> },
    { label: t.cases.card.rate, icon: MoneyRegular, value: view.rate, emphasis: true },
  ];
  if (view.sessions) facts.push({ label: t.cases.card.lessons, icon: ClockRegular, value: view.sessions });
  const header = (
    <div className={styles.header}>
      <Text size={200} className={styles.caseNumber}>
        {t.cases.card.caseNumberValue(view.caseNumber)}
      </Text>
      <Text as="h3" size={500} weight="semibold" className={styles.subject}>
        <RouterLink to={casePath(item.caseId)} className={styles.subjectLink}>
          <Highlighted text={view.subject} words={words} />
        </RouterLink>
      </Text>
      {item.postTitle && (
        <Text weight="semibold" className={styles.title}>
          <Highlighted text={item.postTitle} words={words} />
        </Text>
      )}
      {item.excerpt && (
        <Text size={200} className={styles.excerpt}>
          <Highlighted text={item.excerpt} words={words} />
        </Text>
      )}
      {note}
    </div>
  );
  return (
    <ResultCard
      testId="case-card"
      header={header}
      facts={facts}
      footnote={
        <Text size={200} className={styles.posted}>
          {view.posted}
        </Text>
      }
      action={action?.(item, 'medium')}
    />
  );
}
