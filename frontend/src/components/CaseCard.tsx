import { Badge, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ClockRegular, LocationRegular, MoneyRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { CaseSummary } from '@/api/generated/model';
import { Highlighted } from '@/components/Highlighted';
import { RouterLink } from '@/components/RouterLink';
import { casePath } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { caseDisplay } from '@/lib/case-display';

const useStyles = makeStyles({
  card: {
    height: '100%',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
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
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    alignItems: 'center',
  },
  factLabel: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase300,
  },
  factValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
  },
  rate: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  icon: {
    fontSize: '16px',
    color: tokens.colorBrandForeground2,
  },
  footer: {
    marginTop: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  posted: {
    color: tokens.colorNeutralForeground3,
  },
  note: { alignSelf: 'flex-start', height: 'auto', whiteSpace: 'normal' },
});

/**
 * What a case card or row offers on the case: the apply action, which matching owns; src/app (or
 * matching itself) passes it in, since shared code never imports a feature.
 */
export type CaseAction = (item: CaseSummary, size: 'small' | 'medium') => ReactNode;

interface CaseCardProps {
  item: CaseSummary;
  /** Why it is recommended, under the title. */
  note?: string;
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
  return (
    <Card className={styles.card} appearance="filled" data-testid="case-card">
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
        {note && (
          <Badge appearance="tint" color="success" className={styles.note} data-testid="case-note">
            {note}
          </Badge>
        )}
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>
          <LocationRegular className={styles.icon} aria-hidden />
          {t.cases.card.location}
        </dt>
        <dd className={styles.factValue}>
          <Highlighted text={view.location} words={words} />
        </dd>
        <dt className={styles.factLabel}>
          <MoneyRegular className={styles.icon} aria-hidden />
          {t.cases.card.rate}
        </dt>
        <dd className={styles.rate}>{view.rate}</dd>
        {view.sessions && (
          <>
            <dt className={styles.factLabel}>
              <ClockRegular className={styles.icon} aria-hidden />
              {t.cases.card.lessons}
            </dt>
            <dd className={styles.factValue}>{view.sessions}</dd>
          </>
        )}
      </dl>
      <div className={styles.footer}>
        <Text size={200} className={styles.posted}>
          {view.posted}
        </Text>
        {action?.(item, 'medium')}
      </div>
    </Card>
  );
}
