/** The bookings area's strings in English: the booking box on a tutor's profile, and /my-bookings. */
import type { bookingsZhHK } from './bookings-zh-HK';
import type { Catalogue } from './catalogue-type';

export const bookingsEn: Catalogue<typeof bookingsZhHK> = {
  box: {
    heading: 'Book this tutor',
    bookingTime: 'Booking time',
    bookingTimePlaceholder: 'e.g. Wed 19:00–21:00',
    bookingTimeHint: 'Give the day of the week and the time, e.g. Sat 14:00–16:00',
    required: 'Please fill in the booking time',
    intro:
      "Say when you'd like lessons, the subject and where. The tutor will read it before deciding whether to accept.",
    subject: 'Subject',
    subjectHint: 'Only the subjects this tutor teaches',
    chooseSubject: 'Choose a subject',
    lessonPlace: 'Lesson location',
    choosePlace: 'Choose where lessons take place',
    place_: {
      home: "Home tutoring (the tutor comes to the student's home)",
      'tutor-place': "Tutor's home",
      centre: 'Tutoring centre',
      online: 'Online (video)',
    } as Record<string, string>,
    message: 'Message (optional)',
    messageName: 'message',
    messageHint: (used: number, max: number) =>
      `E.g. the student's grade, or what to work on. ${used}/${max} characters`,
    book: 'Book',
    open: 'Start a booking',
    booking: 'Booking…',
    loginToBook: 'Log in to book',
    success: 'Booking sent!',
    successNext:
      "The tutor will get an SMS. Once they accept, you'll get an SMS too, and can see the tutor's phone in My bookings.",
    toMyBookings: 'See my bookings',
    failed: (reason: string) => `Couldn't book: ${reason}`,
    unknownReason: 'Please try again later',
    tableLabel: "This tutor's bookings",
    time: 'Time',
    user: 'User',
    status: 'Status',
    empty: 'No bookings yet',
    status_: {
      pending: 'Pending',
      accepted: 'Accepted',
      declined: 'Declined',
      cancelled: 'Cancelled',
    } as Record<string, string>,
    loadFailed: "Couldn't load bookings. Please try again later.",
  },

  myBookings: {
    title: 'My bookings',
    intro: "Tutors you've booked, and bookings students have made with you.",
    empty: 'No bookings yet',
    received: 'Bookings from students',
    made: 'Your bookings',
    withTutor: (name: string) => `Tutor: ${name}`,
    fromUser: (name: string) => `Booked by: ${name}`,
    notGiven: 'Not given',
    facts: {
      subject: 'Subject',
      place: 'Lesson location',
      message: 'Message',
    },
    next: {
      waitForTutor:
        "Waiting for the tutor's reply. Once they accept, you'll get an SMS and can see the tutor's phone here.",
      decide:
        "Check the time, subject and location first. Once you accept, the other side gets an SMS and you can both see each other's phone here.",
      accepted: 'Contact each other directly to settle the lesson details.',
      declined: "The tutor couldn't take this booking. You can book another tutor.",
    },
    accept: 'Accept',
    decline: 'Decline',
    cancel: 'Cancel booking',
    actionFailed: "That didn't work. Please try again later.",
    loadFailed: "Couldn't load bookings. Please try again later.",
  },
};
