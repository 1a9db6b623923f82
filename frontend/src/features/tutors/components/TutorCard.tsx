import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { BookRegular, LocationRegular, MoneyRegular } from '@fluentui/react-icons';
import type { PublicTutor } from '@/api/generated/model';
import { Highlighted } from '@/components/Highlighted';
import { ButtonLink } from '@/components/ButtonLink';
import { RatingSummary } from '@/components/RatingSummary';
import { ResultCard } from '@/components/ResultCard';
import { t } from '@/i18n/zh-HK';
import { tutorDisplay } from '@/lib/tutor-display';
import { TutorAvatar } from '@/components/TutorAvatar';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  name: { margin: 0, color: tokens.colorNeutralForeground1 },
});

/** One tutor as a card: avatar or initial, name, subjects, location, fee per lesson, view details. */
export function TutorCard({ tutor, words = [] }: { tutor: PublicTutor; words?: readonly string[] }) {
  const styles = useStyles();
  const view = tutorDisplay(tutor);
  const header = (
    <div className={styles.header}>
      <TutorAvatar tutor={tutor} />
      <div className={styles.title}>
        <Text as="h3" size={500} weight="semibold" className={styles.name}>
          <Highlighted text={view.name} words={words} />
        </Text>
        <RatingSummary average={tutor.averageRating} count={tutor.reviewCount} />
      </div>
    </div>
  );
  const facts = [
    { label: t.tutors.card.subjects, icon: BookRegular, value: <Highlighted text={view.subjects} words={words} /> },
    { label: t.tutors.card.location, icon: LocationRegular, value: <Highlighted text={view.location} words={words} /> },
    { label: t.tutors.card.rate, icon: MoneyRegular, value: view.rate, emphasis: true },
  ];
  const details = (
    <ButtonLink
      to={`/tutor/${tutor.userId}`}
      appearance="primary"
      aria-label={t.tutors.card.viewDetailsLabel(view.name)}
    >
      {t.tutors.card.viewDetails}
    </ButtonLink>
  );
  return <ResultCard testId="tutor-card" header={header} facts={facts} action={details} />;
}
