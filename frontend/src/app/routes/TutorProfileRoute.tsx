import { BookingBox } from '@/features/bookings/components/BookingBox';
import { TutorProfilePage } from '@/features/tutors/routes/TutorProfilePage';

/** /tutor/{id}: the tutor's profile (tutors) with the booking box (bookings) below it, spec §2. */
export function TutorProfileRoute() {
  return <TutorProfilePage bookingBox={(tutor) => <BookingBox tutorId={tutor.id} subjects={tutor.subjects} />} />;
}
