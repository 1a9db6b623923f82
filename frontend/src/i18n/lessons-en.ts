/** The lesson record of a confirmed match or an accepted booking (issue 32), in English. */
import type { Catalogue } from './catalogue-type';
import type { lessonsZhHK } from './lessons-zh-HK';

export const lessonsEn: Catalogue<typeof lessonsZhHK> = {
  title: 'Lesson record',
  intro:
    'The tutor records each lesson, and the student or parent confirms or disputes it within 72 hours; after that it counts as confirmed. Only the two of you can see this page.',
  loadFailed: "Couldn't load the lesson record. Please try again later.",
  notFound: "We couldn't find this tutoring arrangement, or you're not part of it.",
  open: 'Lesson record',
  heading: {
    match: (caseId: number) => `Case no. ${caseId}`,
    booking: 'Booking',
  },
  people: (tutor: string, family: string) => `Tutor: ${tutor} · Student/parent: ${family}`,
  fee: (fee: string) => `Agreed fee: ${fee} per lesson`,
  noFee: 'No agreed fee is recorded for a booking',
  totals: (held: number, minutes: number) =>
    `${held} ${held === 1 ? 'lesson' : 'lessons'} confirmed, ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} in all`,
  tuition: (amount: string) =>
    `${amount} in all at the agreed fee (tuition is paid to the tutor directly; this figure is for reference only)`,
  empty: 'No lessons recorded yet.',
  status: {
    recorded: 'Awaiting confirmation',
    confirmed: 'Confirmed',
    disputed: 'Disputed',
    'not-held': 'Not held',
    cancelled: 'Cancelled',
  } as Record<string, string>,
  confirmedBy: {
    family: 'Confirmed by the student/parent',
    timeout: 'Confirmed automatically after 72 hours',
    'back-office': 'Held, as decided by customer service',
  } as Record<string, string>,
  minutes: (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  answerBy: (time: string) => `Please confirm or dispute by ${time}`,
  waitingFamily: (time: string) => `Waiting for the student/parent to confirm by ${time}`,
  cancelledBy: (side: 'tutor' | 'family', late: boolean) =>
    `Cancelled by ${side === 'tutor' ? 'the tutor' : 'the student/parent'}${late ? " (less than 24 hours' notice)" : ''}`,
  reason: (reason: string) => `Reason: ${reason}`,
  resolution: (reason: string) => `Customer service decision: ${reason}`,
  confirm: 'Confirm lesson',
  dispute: 'Dispute',
  disputeTitle: 'Something wrong with this lesson record?',
  disputeReason: 'Reason for disputing',
  disputeHint:
    'E.g. there was no lesson that day, or the time or length is wrong. Customer service will contact you both.',
  disputeSend: 'Send dispute',
  cancelAction: 'Cancel',
  answerFailed: "Couldn't send your answer. Please try again later.",
  record: {
    heading: 'Record a lesson',
    date: 'Lesson date',
    time: 'Start time',
    minutes: 'Length (minutes)',
    send: 'Record this lesson',
    sending: 'Recording…',
    dateRequired: 'Choose the lesson date',
    done: 'Recorded. The student or parent will be asked to confirm it.',
  },
  cancel: {
    heading: 'Cancel a lesson in advance',
    date: 'Original date',
    time: 'Original time',
    reason: 'Reason for cancelling',
    send: 'Record cancellation',
    dateRequired: 'Choose the original date',
    done: 'Cancellation recorded.',
  },
  failed: "Couldn't record it. Please try again later.",
  end: {
    reasonWithNote: (reason: string, note: string) => `${reason}: ${note}`,
    heading: 'End this tutoring arrangement',
    hint: "For example, if the times don't suit or the teaching isn't working out. Once ended, no more lessons can be recorded, and the other side will be told.",
    reason: 'Reason for ending',
    reasonPlaceholder: 'Choose',
    reasons: {
      schedule: "The times don't suit",
      teaching: "The teaching isn't working out",
      attendance: 'Lateness or absence',
      'student-needs': "The student's needs have changed",
      other: 'Other reason',
    } as Record<string, string>,
    note: 'More details (optional; required for "Other reason")',
    send: 'End the arrangement',
    confirm: "End it? This can't be undone.",
    confirmSend: 'Yes, end it',
    failed: "Couldn't end it. Please try again later.",
  },
  ended: (date: string, side: 'tutor' | 'family', reason: string) =>
    `Ended by ${side === 'tutor' ? 'the tutor' : 'the student/parent'} on ${date}: ${reason}`,
  reopen: {
    hint: 'Not a good match? You can reopen the case so the other tutors who applied can be considered again.',
    send: 'Reopen case',
    done: (caseId: number) => `Case no. ${caseId} is open again, and the other tutors who applied are listed again.`,
    view: 'See my cases',
    failed: "Couldn't reopen the case. Please try again later.",
  },
};
