import type { ReactNode } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkStarburstRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import type { PublicTutor } from '@/api/generated/model';
import { useGetTutor } from '@/api/generated/tutors/tutors';
import { ButtonLink } from '@/components/ButtonLink';
import { RatingSummary } from '@/components/RatingSummary';
import { DetailCard, DetailPage, FactList } from '@/components/DetailLayout';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { formatMonth } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { TutorAvatar } from '@/components/TutorAvatar';
import { tutorDisplay } from '@/lib/tutor-display';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  name: { margin: 0 },
  rate: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  record: { color: tokens.colorNeutralForeground2 },
});

interface TutorProfilePageProps {
  /** The booking box below the profile (spec §2): it belongs to the bookings feature, and src/app passes it in. */
  bookingBox: (tutor: PublicTutor) => ReactNode;
  /** The reviews below the booking box: the reviews feature's, passed in the same way. */
  reviews: (tutor: PublicTutor) => ReactNode;
}

/** /tutor/{id}: an active tutor's public profile (spec §2). */
export function TutorProfilePage({ bookingBox, reviews }: TutorProfilePageProps) {
  const styles = useStyles();
  const { id = '' } = useParams();
  const tutor = useGetTutor(id);
  const notFound = tutor.error instanceof ApiError && tutor.error.status === 404;

  if (notFound) {
    return (
      <DetailPage>
        <title>{t.pageTitle(t.tutors.profile.notFound)}</title>
        <EmptyState
          title={t.tutors.profile.notFound}
          hint={t.tutors.profile.notFoundHint}
          action={
            <ButtonLink to="/" appearance="primary" icon={<ArrowLeftRegular />}>
              {t.tutors.profile.backToSearch}
            </ButtonLink>
          }
        />
      </DetailPage>
    );
  }
  if (tutor.error) {
    const reason =
      tutor.error instanceof ApiError && tutor.error.body?.error ? tutor.error.body.error : t.common.loadFailed;
    return (
      <DetailPage>
        <ErrorBanner message={t.tutors.profile.loadFailed(reason)} />
      </DetailPage>
    );
  }
  if (!tutor.data) return <LoadingState />;

  const view = tutorDisplay(tutor.data);
  const text = t.tutors.profile;
  const data = tutor.data;
  const facts: [string, string][] = [
    // Only when the tutor gave it: a case may prefer a male or a female tutor.
    ...(data.gender ? ([[text.gender, text.gender_[data.gender] ?? data.gender]] as [string, string][]) : []),
    [text.experience, text.experienceYears(data.experienceYears)],
    [t.tutors.profile.education, view.education],
    [t.tutors.profile.subjects, view.subjects],
    [t.tutors.profile.gradeLevel, view.gradeLevel],
    [t.tutors.profile.availableTimes, view.availableTimes],
    [t.tutors.profile.location, view.location],
    [t.tutors.profile.teachingMode, view.teachingMode],
    [text.teachingDistricts, view.teachingDistricts],
    [t.tutors.profile.rate, view.rate],
    [text.examResults, data.examResults.trim() || t.common.notFilled],
    [text.courseFeatures, data.courseFeatures.trim() || t.common.notFilled],
    [t.tutors.profile.bio, view.bio],
  ];
  const approvedMonth = formatMonth(data.approvedAt);
  const record = data.record;
  // A count of 0 says nothing good or bad about a tutor who has just joined: only counts above 0
  // show, and a record with none says the tutor is new.
  const isNew = record !== undefined && record.matchedCases + record.acceptedBookings + record.lessonsHeld === 0;
  return (
    <DetailPage>
      <title>{t.pageTitle(view.name)}</title>
      <DetailCard>
        <div className={styles.header}>
          <TutorAvatar tutor={tutor.data} size={96} />
          <div className={styles.heading}>
            <Text as="h1" size={700} weight="bold" className={styles.name}>
              {view.name}
            </Text>
            <Text size={400} className={styles.rate}>
              {view.rate}
            </Text>
            <RatingSummary average={data.averageRating} count={data.reviewCount} />
            {approvedMonth && (
              <div>
                <Badge appearance="tint" color="success" icon={<CheckmarkStarburstRegular />} title={text.approvedHint}>
                  {text.approvedBadge(approvedMonth)}
                </Badge>
              </div>
            )}
          </div>
        </div>
        {record && (
          <Text className={styles.record} aria-label={text.recordLabel}>
            {t.common.factsLine(
              [
                isNew && text.newTutor,
                record.matchedCases > 0 && text.matchedCases(record.matchedCases),
                record.acceptedBookings > 0 && text.acceptedBookings(record.acceptedBookings),
                record.lessonsHeld > 0 && text.lessonsHeld(record.lessonsHeld),
                record.undisputedPercent !== undefined && text.undisputed(record.undisputedPercent),
                formatMonth(record.memberSince) && text.memberSince(formatMonth(record.memberSince) ?? ''),
              ].filter((part): part is string => Boolean(part)),
            )}
          </Text>
        )}
        <FactList label={t.tutors.profile.title} facts={facts} />
      </DetailCard>
      {bookingBox(tutor.data)}
      {reviews(tutor.data)}
    </DetailPage>
  );
}
