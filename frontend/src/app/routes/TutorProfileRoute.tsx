import { BookingBox } from '@/features/bookings/components/BookingBox';
import { TutorReviews } from '@/features/reviews/components/TutorReviews';
import { TutorProfilePage } from '@/features/tutors/routes/TutorProfilePage';

/** /tutor/{id}: the tutor's profile (tutors) with the booking box (bookings) and the reviews (reviews) below it, spec §2. */
export function TutorProfileRoute() {
  return (
    <TutorProfilePage
      bookingBox={(tutor) => <BookingBox key={tutor.id} tutorId={tutor.id} subjects={tutor.subjects} />}
      reviews={(tutor) => <TutorReviews key={tutor.id} tutor={tutor} />}
    />
  );
}
