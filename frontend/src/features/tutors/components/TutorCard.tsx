import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BookRegular, LocationRegular, MoneyRegular } from '@fluentui/react-icons';
import type { PublicTutor } from '@/api/generated/model';
import { Highlighted } from '@/components/Highlighted';
import { ButtonLink } from '@/components/ButtonLink';
import { RatingSummary } from '@/components/RatingSummary';
import { t } from '@/i18n/zh-HK';
import { tutorDisplay } from '@/lib/tutor-display';
import { TutorAvatar } from '@/components/TutorAvatar';

const useStyles = makeStyles({
  card: {
    height: '100%',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  name: { margin: 0, color: tokens.colorNeutralForeground1 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    alignItems: 'start',
  },
  factLabel: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase300,
    whiteSpace: 'nowrap',
  },
  factValue: { margin: 0, fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1 },
  rate: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  icon: { fontSize: '16px', color: tokens.colorBrandForeground2 },
  footer: {
    marginTop: 'auto',
    display: 'flex',
    justifyContent: 'flex-end',
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/** One tutor as a card: avatar or initial, name, subjects, location, fee per lesson, view details. */
export function TutorCard({ tutor, words = [] }: { tutor: PublicTutor; words?: readonly string[] }) {
  const styles = useStyles();
  const view = tutorDisplay(tutor);
  return (
    <Card className={styles.card} appearance="filled" data-testid="tutor-card">
      <div className={styles.header}>
        <TutorAvatar tutor={tutor} />
        <div className={styles.title}>
          <Text as="h3" size={500} weight="semibold" className={styles.name}>
            <Highlighted text={view.name} words={words} />
          </Text>
          <RatingSummary average={tutor.averageRating} count={tutor.reviewCount} />
        </div>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>
          <BookRegular className={styles.icon} aria-hidden />
          {t.tutors.card.subjects}
        </dt>
        <dd className={styles.factValue}>
          <Highlighted text={view.subjects} words={words} />
        </dd>
        <dt className={styles.factLabel}>
          <LocationRegular className={styles.icon} aria-hidden />
          {t.tutors.card.location}
        </dt>
        <dd className={styles.factValue}>
          <Highlighted text={view.location} words={words} />
        </dd>
        <dt className={styles.factLabel}>
          <MoneyRegular className={styles.icon} aria-hidden />
          {t.tutors.card.rate}
        </dt>
        <dd className={styles.rate}>{view.rate}</dd>
      </dl>
      <div className={styles.footer}>
        <ButtonLink
          to={`/tutor/${tutor.userId}`}
          appearance="primary"
          aria-label={t.tutors.card.viewDetailsLabel(view.name)}
        >
          {t.tutors.card.viewDetails}
        </ButtonLink>
      </div>
    </Card>
  );
}
