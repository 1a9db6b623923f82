/**
 * The cases area's strings in English: case cards and tables, the case search and /all-cases,
 * the case form, applying to a case, my cases and my applications.
 */
import type { Catalogue } from './catalogue-type';
import type { casesZhHK } from './cases-zh-HK';
import { inSentence } from './sentence-en';

/**
 * "subject, district and fee", "“Physics”, “Chemistry” or “Biology”": British English lists,
 * without the serial comma. Written out rather than with Intl.ListFormat, whose first use loads
 * ICU data as an English page starts (format.ts).
 */
const listWith = (word: string) => (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
const andList = listWith('and');
const orList = listWith('or');

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const casesEn: Catalogue<typeof casesZhHK> = {
  card: {
    caseNumber: 'Case no.',
    caseNumberValue: (caseNumber: string) => `Case no. ${caseNumber}`,
    subject: 'Subject',
    location: 'Location',
    rate: 'Fee per lesson',
    createdAt: 'Posted',
    action: 'Apply',
    lessons: 'Lessons',
    sessionSummary: (minutes: number, perWeek: number) =>
      `${minutes} minutes per lesson · ${perWeek} ${plural(perWeek, 'lesson', 'lessons')} a week`,
    applyLabel: (caseId: number) => `Log in to apply for case no. ${caseId}`,
    locationWithDistrict: (location: string, district: string) => `${location} (${district})`,
    postedOn: (date: string) => `Posted on ${date}`,
  },

  page: {
    notFound: "We couldn't find this tutoring case",
    notFoundHint: 'It may be closed, matched or waiting for a tutor to confirm, or not approved yet.',
    backToCases: 'Back to all cases',
    loadFailed: (reason: string) => `Couldn't load the case: ${reason}`,
    factsLabel: 'Case details',
    subject: 'Grade and subjects',
    place: 'Lesson location',
    placeValue: (area: string, district: string, region: string) =>
      district && district !== area ? `${area} (${district}, ${region})` : `${area} (${region})`,
    rate: 'Fee',
    lessons: 'Lessons',
    startDate: 'Start date',
    preferredGender: "Tutor's gender",
    posted: 'Posted',
    applicants: 'Applicants',
    applicantCount: (count: number) =>
      count === 0 ? 'No tutors have applied yet' : `${count} ${plural(count, 'tutor has', 'tutors have')} applied`,
    state: 'Status',
    states: {
      open: 'Open to applications',
      full: 'Full',
      offered: 'Waiting for the tutor to confirm',
      matched: 'Matched with a tutor',
      closed: 'Closed',
      pending: 'Under review',
      rejected: 'Not approved',
    },
    description: 'Case description',
    applyHeading: 'Apply for this case',
    ownerHeading: 'Your case',
    ownerNote: 'Only you can see this part: edit the case and see the tutors who applied.',
    edit: 'Edit case',
    share: {
      heading: 'Share this case',
      whatsapp: 'Share on WhatsApp',
      copy: 'Copy link',
      copied: 'Link copied',
      copyFailed: "Couldn't copy. Please copy the address from your browser.",
      message: (title: string, url: string) => `${title}\n${url}`,
    },
  },

  search: {
    resultsHeading: 'Search results',
    resultsCount: (total: number) => `${total} tutoring ${plural(total, 'case', 'cases')} found`,
    empty: 'No tutoring cases match your search',
    emptyHint: 'Try widening your level, location or minimum fee filters.',
    failed: "Couldn't search tutoring cases. Please try again later.",
  },

  allCases: {
    title: 'All tutoring cases',
    intro: 'Browse the latest tutoring cases across Hong Kong, by level, subject, district and fee.',
    total: (total: number) => `${total} tutoring ${plural(total, 'case', 'cases')}`,
    empty: 'No tutoring cases yet',
    emptyFiltered: 'No tutoring cases match your filters',
    emptyHint: 'Check back later, or widen your filters.',
    failed: "Couldn't load tutoring cases. Please try again later.",
    tableLabel: 'List of tutoring cases',
    listLabel: 'Tutoring cases',
  },

  form: {
    titleNew: 'Post a tutoring case',
    titleEdit: 'Update tutoring case',
    intro: 'Fill in the details below. Once approved, your case is open for tutors to apply.',
    loginRequired: 'Please log in to post a tutoring case.',
    postType: 'Case type',
    postTypes: {
      'student-seeking-tutor': 'Student seeking a tutor',
      'tutor-seeking-student': 'Tutor seeking students',
    },
    tutorsOnlyHint: 'Only tutors can post “Tutor seeking students” cases',
    postTitle: 'Title',
    postTitlePlaceholder: 'e.g. S3 Maths, help with algebra',
    level: 'Level',
    grade: 'Grade',
    subjects: 'Subjects',
    subjectFreeText: 'Subject',
    subjectFreeTextPlaceholder: 'Type one subject, e.g. Accounting',
    chooseLevelFirst: 'Choose a level first',
    choose: 'Choose',
    region: 'Region',
    location: 'Location',
    locationHint: 'Choose where lessons take place, e.g. Lam Tin or Sha Tin',
    chooseRegionFirst: 'Choose a region first',
    rate: 'Fee per lesson (HK$)',
    rateShort: 'Fee per lesson',
    sessionLengthShort: 'Lesson length',
    sessionLength: 'Lesson length (minutes)',
    sessionsPerWeek: 'Lessons per week',
    description: 'Case description',
    descriptionPlaceholder: "The student's level, what to improve, lesson times and so on",
    preferredGender: "Tutor's gender",
    genders: { 'no limit': 'No preference', male: 'Male', female: 'Female' },
    startDate: 'Start date',
    required: (label: string) => `Please fill in the ${inSentence(label)}.`,
    numberInvalid: 'Please enter a number.',
    integerInvalid: 'Please enter a whole number.',
    submitNew: 'Post case',
    submitEdit: 'Update case',
    submitting: 'Submitting…',
    created: 'Your case has been posted!',
    updated: 'Your case has been updated!',
    submitFailed: "Couldn't submit the case. Please try again later.",
    loadFailed: "Couldn't load the case. Please try again later.",
    notOwnerTitle: "You can't edit this case",
    notOwner: 'Only the person who posted this case can edit it.',
    viewCase: 'View case',
  },

  status: {
    pending: 'Under review',
    approved: 'Approved',
    rejected: 'Rejected',
    offered: 'Waiting for tutor',
    matched: 'Matched',
    closed: 'Closed',
  },

  apply: {
    applied: 'Applied',
    apply: 'Apply',
    applying: 'Applying…',
    availableTimes: 'Available times',
    availableTimesPlaceholder: 'e.g. Mon to Wed, after 7 pm',
    availableTimesRequired: 'Please fill in the available times.',
    actAsTutor: 'To apply, get approved as a tutor and switch to tutor mode',
    ownCase: 'This is your own case',
    full: 'This case is full',
    prefersGender: (gender: 'male' | 'female') =>
      `This case would like a ${gender === 'male' ? 'male' : 'female'} tutor. You can still apply: the parent decides.`,
    successWithNext:
      "Applied! The case owner will be told. If you're chosen, you'll get an SMS; once you confirm in My applications, you'll see their contact details.",
    failed: "Couldn't apply. Please try again later.",
    formLabel: (caseId: number) => `Apply for case no. ${caseId}`,
    /** As the server refuses it (409 OUTSIDE_TEACHING), said before the tutor taps apply. */
    notTaughtLevel: (level: string) =>
      `You haven't listed any subjects under ${level}, so you can't apply for this case.`,
    notTaughtSubjects: (labels: readonly string[]) =>
      `You haven't listed ${orList(labels.map((label) => `“${label}”`))} in your subjects, so you can't apply for this case.`,
    notTaughtHint: 'Tutors can only apply for cases at levels and in subjects they teach.',
    mySubjects: 'See my subjects',
  },

  recommended: {
    heading: 'Recommended cases for you',
    hint: 'Matched on your subjects, teaching districts, fee and gender, best fit first.',
    empty: 'No suitable cases yet. Add more subjects or teaching districts to match more cases.',
    fits: (parts: readonly string[]) => `Matches on ${andList(parts)}`,
    reason_: {
      subject: 'subject',
      level: 'level',
      district: 'district',
      region: 'region',
      fee: 'fee',
      gender: 'gender preference',
    },
  },

  suggested: {
    heading: 'Tutors who may suit',
    hint: 'Matched on subject, district, fee and gender. Tutors get your invitation by SMS and decide whether to apply; you can invite up to 10 tutors per case.',
    empty: "No suitable tutors who haven't applied yet.",
    show: 'Tutors who may suit',
    invite: 'Invite to apply',
    inviteLabel: (name: string) => `Invite ${name} to apply for this case`,
    inviting: 'Inviting…',
    invited: 'Invited',
    notTaking: 'Not taking invitations for now',
    inviteFailed: "Couldn't send the invitation. Please try again later.",
  },

  /** What both sides of a match read about it, once the tutor confirmed. */
  match: {
    agreedFee: (fee: string) => `Agreed fee: ${fee} per lesson`,
    firstLesson: (time: string) => `First lesson: ${time}`,
  },

  myCases: {
    title: 'My cases',
    intro: 'The tutoring cases you posted, their review status and the tutors who applied.',
    empty: "You haven't posted any tutoring cases",
    postOne: 'Post a tutoring case',
    edit: 'Edit',
    status: 'Status',
    applicants: (count: number) => `${count} ${plural(count, 'tutor', 'tutors')} applied`,
    showApplicants: 'See applicants',
    hideApplicants: 'Hide',
    noApplicants: 'No tutors have applied yet',
    availableTimes: 'Available times',
    viewProfile: "View tutor's profile",
    choose: 'Choose this tutor',
    choosing: 'Working on it…',
    chosen: 'The tutor has confirmed. Please contact them to arrange lessons.',
    offerWaiting: (deadline: string) =>
      `You've offered the case to this tutor, who has until ${deadline} to confirm. You'll see each other's phone once the tutor confirms.`,
    offerEnded: {
      refused: 'This tutor declined the offer. You can choose another tutor.',
      lapsed: "This tutor didn't confirm in time. You can choose another tutor.",
    },
    applicationStatus: {
      applied: 'Applied',
      offered: 'Waiting for tutor',
      selected: 'Chosen',
      declined: 'Not chosen',
      withdrawn: 'Withdrawn',
      refused: 'Declined by tutor',
      lapsed: 'Not confirmed in time',
      ended: 'Match ended',
    },
    loadFailed: "Couldn't load your cases. Please try again later.",
    applicantsFailed: "Couldn't load the applicants. Please try again later.",
    chooseFailed: "Couldn't choose the tutor. Please try again later.",
    saved: {
      pending: "Once approved, tutors can apply; we'll let you know by SMS when one does.",
      approved: "Tutors can apply now; we'll let you know by SMS when one does.",
    },
    facts: {
      rate: 'Fee per lesson',
      education: 'Education',
      subjects: 'Subjects',
      area: 'Area',
      mode: 'Teaching mode',
      districts: 'Teaching districts',
    },
    confirmTitle: (name: string) => `Choose ${name}?`,
    confirmBody: (name: string, fee: string) => `You'll invite ${name} to teach at ${fee} per lesson.`,
    confirmNext: (hours: number) =>
      `We'll let the tutor know by SMS. They have ${hours} ${plural(hours, 'hour', 'hours')} to confirm and propose a time for the first lesson. Meanwhile the case takes no new applications, and the other applicants stay on your list. You'll see each other's phone once the tutor confirms. If the tutor declines or doesn't reply in time, the case reopens and you can choose another tutor.`,
    fee: {
      legend: 'Fee per lesson',
      ofCase: (fee: string) => `Case fee: ${fee}`,
      ofTutor: (fee: string) => `Tutor's fee: ${fee}`,
      other: 'Another amount (between the two)',
      amount: 'Fee per lesson (HK$)',
      range: (low: string, high: string) => `Please enter an amount between ${low} and ${high}.`,
    },
    confirmCancel: 'Not yet',
    confirm: 'Confirm choice',
    /** How an applicant fits the case: the list shows those who fit first. */
    fit: {
      label: 'Fit with the case',
      full: 'Subject, district and fee match',
      gap: {
        level: "Doesn't teach this level",
        subject: "Doesn't teach this subject",
        district: 'Not in their teaching districts',
        fee: 'Asks more than the case fee',
      },
    },
  },

  myApplications: {
    title: 'My applications',
    intro: 'The tutoring cases you applied for as a tutor, and how they went.',
    empty: "You haven't applied for any tutoring cases",
    browse: 'Browse tutoring cases',
    availableTimes: 'Your available times',
    selectedNote: "You've confirmed this case. Please contact the parent to arrange lessons.",
    declinedNote: 'The parent chose another tutor. Thanks for applying.',
    refusedNote: 'You declined this offer.',
    lapsedNote: 'The offer has expired and the case is open to other tutors again.',
    endedNote: 'This match has ended and the case is open to other tutors again.',
    offer: {
      title: 'The parent chose you! Please confirm whether you take this case',
      deadline: (deadline: string) =>
        `Please reply by ${deadline}, or the offer is cancelled automatically. Once you confirm, you'll see the parent's phone.`,
      fee: 'Agreed fee per lesson',
      lessons: 'Lessons',
      startDate: 'Start date',
      place: 'Location',
      firstLesson: 'First lesson date',
      time: 'First lesson time',
      firstLessonHint: 'The parent will see the date and time you propose.',
      firstLessonRequired: 'Please fill in the date and time of the first lesson.',
      confirm: 'Accept',
      confirming: 'Confirming…',
      decline: 'Decline',
      declineTitle: 'Decline this offer?',
      declineBody: "The case will reopen to other tutors. You can't undo this.",
      declineConfirm: 'Decline',
      declineCancel: 'Back',
      declining: 'Working on it…',
      failed: "Couldn't reply to the offer. Please try again later.",
      confirmed: 'Confirmed! Please contact the parent to arrange the first lesson.',
    },
    loadFailed: "Couldn't load the cases you applied for.",
    withdraw: 'Withdraw application',
    withdrawTitle: 'Withdraw application?',
    withdrawBody: (caseNumber: string) =>
      `The parent will no longer see your application for ${caseNumber}. If the case is still open, you can apply again later.`,
    withdrawConfirm: 'Withdraw',
    withdrawCancel: 'Keep it',
    withdrawing: 'Withdrawing…',
    withdrawnNote:
      "You've withdrawn this application. If the case is still open, you can apply again from the list of cases.",
    withdrawFailed: "Couldn't withdraw the application. Please try again later.",
  },
};
