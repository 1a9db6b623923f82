/** Where a booking typed before logging in waits for the booker's return (one per tutor). */
export const bookingDraftKey = (tutorId: string) => `booking:${tutorId}`;
