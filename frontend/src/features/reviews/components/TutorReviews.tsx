import { Suspense, useEffect, useRef, useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { useLocation } from 'react-router';
import { errorMessage } from '@/api/api-error';
import type { PublicTutor } from '@/api/generated/model';
import { useGetReviewEligibility, useListTutorReviews } from '@/api/generated/tutors/tutors';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { Pagination } from '@/components/Pagination';
import { RatingSummary } from '@/components/RatingSummary';
import { SuccessBanner } from '@/components/SuccessBanner';

import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { lazy } from '@/lib/lazy';
import { useSession } from '@/session/session';
import { ReviewItem } from './ReviewItem';

// Only a member the server lets review sees the form: it loads when offered, so the public
// profile does not carry it (docs/adr/0076-public-pages-under-150-kib.md).
const ReviewForm = lazy(async () => ({ default: (await import('./ReviewForm')).ReviewForm }));

const PAGE_SIZE = 5;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, scrollMarginTop: '80px' },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
});

/**
 * The reviews section of a tutor's profile: the average, the reviews newest first (paged), the form for
 * a member the server says may review now (or when they may), and for the tutor a reply to each.
 */
export function TutorReviews({ tutor }: { tutor: PublicTutor }) {
  const styles = useStyles();
  const text = reviewsZhHK;
  const session = useSession();
  const [page, setPage] = useState(1);
  const reviews = useListTutorReviews(tutor.id, { page, pageSize: PAGE_SIZE });
  const eligibility = useGetReviewEligibility(tutor.id, { swr: { enabled: session.isLoggedIn } });
  const isTutor = session.user?.id === tutor.id;
  // Just sent a review: the thanks shows where the form was.
  const [reviewed, setReviewed] = useState(false);
  const sectionRef = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  // A "rate the tutor" link lands here (/tutor/{id}#reviews) once the section has drawn.
  useEffect(() => {
    if (hash === '#reviews' && eligibility.data) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, eligibility.data]);

  const changed = async () => {
    await Promise.all([reviews.mutate(), eligibility.mutate()]);
  };
  const reviewedNow = async () => {
    setReviewed(true);
    await changed();
  };
  const status = eligibility.data?.status;
  // One's own review is not one's to report (the server refuses it too); until the server has
  // said which review is the viewer's, no review offers the report button.
  const ownReviewId = eligibility.data?.reviewId;
  const mayReport = (review: { reviewId: number }) =>
    session.isLoggedIn && eligibility.data !== undefined && review.reviewId !== ownReviewId;
  const data = reviews.data;
  return (
    <Surface className={styles.card} id="reviews" ref={sectionRef} data-testid="tutor-reviews">
      <div className={styles.header}>
        <Text as="h2" size={500} weight="semibold" className={styles.heading}>
          {text.heading}
        </Text>
        {data && <RatingSummary average={data.averageRating} count={data.reviewCount} />}
        <Text size={200} className={styles.muted}>
          {text.intro}
        </Text>
      </div>
      {reviewed ? (
        <SuccessBanner message={text.form.done} />
      ) : (
        <>
          {status === 'can-review' && (
            <Suspense fallback={<LoadingState />}>
              <ReviewForm tutorId={tutor.id} onReviewed={reviewedNow} />
            </Suspense>
          )}
          {status === 'already-reviewed' && <Text>{text.eligibility.already}</Text>}
        </>
      )}
      {reviews.error ? (
        <ErrorBanner message={errorMessage(reviews.error, text.loadFailed)} />
      ) : !data ? (
        <LoadingState />
      ) : data.items.length === 0 ? (
        <EmptyState title={text.empty} compact />
      ) : (
        <>
          <ul className={styles.list} aria-label={text.listLabel}>
            {data.items.map((review) => (
              <li key={review.reviewId}>
                <ReviewItem
                  review={review}
                  canReply={isTutor && !review.reply}
                  canReport={mayReport(review)}
                  onChanged={changed}
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} />
        </>
      )}
    </Surface>
  );
}
