/**
 * The text of /en/terms and /en/privacy: the English version of legal-zh-HK.ts, section for
 * section and block for block, with the same figures (src/config/legal.ts and the server's
 * `GET /fees/terms`). Both documents say the Chinese version prevails if the two differ.
 */
import type { FeeTermsBody } from '@/api/generated/model';
import type { LegalConstants } from '@/config/legal';
import { formatHkd } from './format';
import type { LegalBlock, LegalDocumentText } from './legal-zh-HK';
import { LONG_MONTHS } from './months-en';
import { formatBasisPoints } from './money';

const p = (text: string): LegalBlock => ({ kind: 'paragraph', text });
const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });
const contact: LegalBlock = { kind: 'contact' };

function effectiveText(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `This document takes effect on ${day} ${LONG_MONTHS[(month ?? 1) - 1]} ${year}.`;
}

/** "7 days", "1 day". */
const daysCount = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** "1st", "2nd", "3rd", "11th", "22nd". */
function ordinal(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${value}th`;
  switch (value % 10) {
    case 1:
      return `${value}st`;
    case 2:
      return `${value}nd`;
    case 3:
      return `${value}rd`;
    default:
      return `${value}th`;
  }
}

/** "3rd and 11th", "3rd, 7th and 11th": days listed in a sentence. */
function ordinals(values: readonly number[]): string {
  const words = values.map(ordinal);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Section 7: what the service fee is, when it is due, what a short match costs, the late
 * charges and what an account owing them cannot do, with the server's figures. The worked
 * example is a fee of HK$300 a lesson, twice a week.
 */
function feesBlocks(f: FeeTermsBody): LegalBlock[] {
  const interest = formatBasisPoints(f.interestBasisPointsPerMonth);
  const example = formatHkd((300 * 2 * f.shareWeeks * f.sharePercent) / 100);
  const weeks = `${f.shareWeeks} ${f.shareWeeks === 1 ? 'week' : 'weeks'}`;
  const remindDays = f.remindOverdueDays.length === 1 ? 'day' : 'days';
  return [
    p(
      'All amounts shown and collected on the Platform, including fees per lesson and service fees, are in Hong Kong dollars (HKD).',
    ),
    p(
      'The fee per lesson is agreed between the parties to a tutoring case and is paid by the student or parent directly to the tutor; the Platform does not collect tutoring fees on anyone’s behalf.',
    ),
    p(
      `When a tutor is matched through a tutoring case on the Platform (that is, accepts a parent’s offer), the tutor must pay us a one-off service fee of ${f.sharePercent}% of the tutoring fees for the first ${weeks}, that is: fee per lesson × lessons per week × ${f.shareWeeks} × ${f.sharePercent}%. For example, with a fee of HK$300 per lesson and two lessons a week, the service fee is ${example}. No service fee is charged for bookings made through the “Book a tutor” feature.`,
    ),
    p(
      'The amount of the service fee and how it is calculated are stated on the Platform before a tutor applies for a tutoring case and before the tutor confirms a match; by confirming a match, the tutor agrees to pay that service fee.',
    ),
    p(
      `Once the student or parent has confirmed the first lesson, we will issue the tutor with an invoice for the service fee, which the tutor must pay in full within ${daysCount(f.dueDays)} of the date of issue. Under “My invoices”, the tutor can view the invoice’s details, pay by FPS and upload proof of payment; once the invoice is paid in full, we will issue a receipt.`,
    ),
    p(
      `If a match ends within ${daysCount(f.shortMatchDays)} of the first lesson, the service fee is instead calculated only on the lessons confirmed during that period (lessons confirmed × fee per lesson × ${f.sharePercent}%), capped at the original service fee; any amount overpaid will be refunded to the tutor.`,
    ),
    p(
      `We will remind the tutor to pay by SMS ${daysCount(f.remindDaysBefore)} before the due date, on the due date, and on the ${ordinals(f.remindOverdueDays)} ${remindDays} overdue.`,
    ),
    p(
      `If any sum payable to us is not paid in full on or before its due date, we will charge simple late interest on the overdue principal at ${interest}% per month, from the day after the due date until it is paid in full. Interest accrues daily: each day’s interest is the overdue principal × ${interest}% × 12 ÷ 365, up to and including the day of payment. Part payments are applied first to the principal, and no interest is charged on interest or on the late payment penalty.`,
    ),
    p(
      `If a sum is still unpaid after being overdue for more than ${daysCount(f.penaltyDay - 1)}, we will charge, on the ${ordinal(f.penaltyDay)} day overdue, an additional late payment penalty equal to ${f.penaltyPercent}% of the overdue principal at that time. The penalty is charged once only.`,
    ),
    p(
      `From the ${ordinal(f.penaltyDay)} day overdue until the debt is paid in full, the account concerned cannot apply for tutoring cases or confirm matches. We may also suspend other features of that account and take reasonable steps to recover the debt; reasonable costs incurred in recovering the debt are to be borne by the User who owes it.`,
    ),
  ];
}

export function termsOfServiceTextEn(c: LegalConstants, fees: FeeTermsBody): LegalDocumentText {
  return {
    title: 'Terms of Service',
    effective: effectiveText(c.effectiveDate),
    intro: [
      'Welcome to tutorhub (the “Platform”, “we” or “us”). The Platform is an online matching platform that connects parents, students and private tutors.',
      'Please read the following terms of service (these “Terms”) carefully before you register an account or use any service of the Platform. By registering with or using the Platform, you confirm that you have read, understood and agree to be bound by these Terms and our Privacy Policy. If you do not agree to any part of these Terms, please do not use the Platform.',
    ],
    sections: [
      {
        id: 'definitions',
        heading: '1. Interpretation',
        blocks: [
          p('In these Terms, unless the context otherwise requires:'),
          list(
            '“User” means any individual or organisation that has registered an account on the Platform, including students, parents and tutors.',
            '“Tutor” means a User whose application has been approved by the Platform and whose tutor profile is active.',
            '“Tutoring case” means a tutoring need, or an offer to take students, posted by a User on the Platform, including the subject, grade, area, fee per lesson, lesson arrangements and the like.',
            '“Match” means the confirmation, through the Platform, that the poster of a tutoring case and a tutor who applied for it will work together.',
            '“Service fee” means the fee payable to us by a User for the matching or other services provided by the Platform.',
          ),
        ],
      },
      {
        id: 'eligibility',
        heading: '2. Eligibility',
        blocks: [
          p(
            `To register for and use the Platform, a User must be aged ${c.minimumAge} or over and have an education level of Secondary 4 (S4) or above. By registering an account, you confirm that you meet these requirements.`,
          ),
          p(
            'Users under the age of 18 must use the Platform with the knowledge and consent of a parent or legal guardian, who is responsible for that User’s conduct on the Platform and for all sums payable by that User.',
          ),
          p(
            'An account registered in the name of an organisation must be opened on the organisation’s behalf by a duly authorised person, who must submit its business registration certificate and proof of address as required, for our verification. Until verification is complete, we may restrict some features of the account.',
          ),
          p(
            'If we have reasonable grounds to believe that a User does not meet these requirements, we may ask the User for proof, or suspend or terminate the User’s account.',
          ),
        ],
      },
      {
        id: 'account',
        heading: '3. Account registration and security',
        blocks: [
          list(
            'To register, you must complete verification with your own Hong Kong phone number and provide true, accurate and complete information; if your information changes, please update it as soon as possible.',
            'Each person may hold only one personal account, and may not use another person’s identity or register on another person’s behalf.',
            'You must keep your password and login details safe, and you are responsible for all activity carried out through your account.',
            'If you discover any unauthorised use of your account, please change your password immediately and notify us.',
          ),
        ],
      },
      {
        id: 'service',
        heading: '4. Nature of the Platform’s services',
        blocks: [
          p(
            'The Platform provides only information listing and matching services, and is not the provider, employer or agent in respect of any tutoring lesson. Tutoring arrangements between a tutor and a student or parent (including lesson times, places, content and fees) are agreed between the parties themselves, and each party is responsible for its own part.',
          ),
          p(
            'We review tutor applications and tutoring cases, but we do not guarantee that information provided by any User is true or accurate, that every tutoring case will be matched, or the quality or effectiveness of any tutoring lesson.',
          ),
        ],
      },
      {
        id: 'cases',
        heading: '5. Posting tutoring cases',
        blocks: [
          list(
            'The poster must ensure that the content of a tutoring case is genuine, and must state truthfully its subject, grade, area, fee per lesson, lesson length, lessons per week and start date.',
            'A tutoring case is shown publicly only after we have approved it. We may reject, reformat or remove any tutoring case that does not comply with these Terms or the law, without prior notice.',
            'A tutoring case must not contain a phone number, email address or any other contact details, nor any discriminatory, harassing, misleading or unlawful content.',
            'Only tutors may post tutoring cases in the “Tutor seeking students” category.',
          ),
        ],
      },
      {
        id: 'tutors',
        heading: '6. Tutor applications and applying for cases',
        blocks: [
          list(
            'A User applying to become a tutor must truthfully provide their academic qualifications, teaching experience, public examination results and other information. We have the right to require supporting documents and may reject any application without giving reasons.',
            'When applying for a tutoring case, a tutor must give their genuine available times for lessons; a tutor may apply for the same tutoring case only once.',
            'Once matched, a tutor should hold lessons punctually as agreed between the parties, and treat students and parents professionally and with respect.',
          ),
        ],
      },
      {
        id: 'fees',
        heading: '7. Fees and payment',
        blocks: feesBlocks(fees),
      },
      {
        id: 'conduct',
        heading: '8. Code of conduct',
        blocks: [
          p('When using the Platform, you must not:'),
          list(
            'provide false or misleading information, or information that impersonates another person;',
            'harass, threaten, discriminate against or in any way harm other Users;',
            'complete privately, outside the Platform, a match obtained through the Platform in order to avoid the service fee;',
            'collect, use or disclose other Users’ personal data for any purpose other than the purposes of the Platform;',
            'send spam or advertisements, or upload files containing malicious software;',
            'interfere with the normal operation of the Platform, or extract the Platform’s content in bulk by automated means;',
            'engage in any conduct that breaches the laws of Hong Kong.',
          ),
        ],
      },
      {
        id: 'safety',
        heading: '9. Personal safety',
        blocks: [
          p(
            'We encourage Users to verify each other’s identity before the first lesson, and to hold lessons in a safe place. When a student under 18 has a lesson, we recommend that a parent or another adult be present. If you encounter any suspicious or inappropriate behaviour, please tell us immediately; if anyone’s personal safety is at risk, call the police at once.',
          ),
        ],
      },
      {
        id: 'ip',
        heading: '10. Intellectual property',
        blocks: [
          p(
            'The intellectual property rights in the design, logos, text, software and other content of the Platform belong to us or our licensors. No one may copy, modify, publish or use them for commercial purposes without our written consent.',
          ),
          p(
            'You keep the rights in the content you upload to the Platform (such as tutoring cases and tutor introductions); you grant us a non-exclusive, royalty-free licence to use, display and process that content within the scope of providing the Platform’s services.',
          ),
        ],
      },
      {
        id: 'liability',
        heading: '11. Disclaimer and limitation of liability',
        blocks: [
          p(
            'The Platform is provided “as is”. To the fullest extent permitted by the laws of Hong Kong, we are not liable for: any dispute between Users; the quality or effectiveness of tutoring lessons; whether information provided by Users is true; or any interruption of service caused by system maintenance, faults or force majeure.',
          ),
          p(
            'To the extent permitted by law, our total liability for any claim is limited to the total service fees actually paid to us by the User concerned in the 12 months before the event giving rise to the claim. Nothing in these Terms excludes or limits any liability that cannot be excluded or limited by law.',
          ),
        ],
      },
      {
        id: 'indemnity',
        heading: '12. Indemnity',
        blocks: [
          p(
            'If we suffer any loss, claim or expense (including reasonable legal costs) because you breach these Terms or any law, or because of a dispute between you and another User, you agree to indemnify us in full.',
          ),
        ],
      },
      {
        id: 'termination',
        heading: '13. Suspension and termination of accounts',
        blocks: [
          p(
            'If a User breaches these Terms, fails to pay sums due, or acts in a way that harms other Users or the Platform, we may suspend or terminate the User’s account and remove the content the User has posted. A User may also contact us at any time to ask for their account to be closed; closing an account does not affect any payment obligations that arose before it was closed.',
          ),
        ],
      },
      {
        id: 'changes',
        heading: '14. Changes to these Terms',
        blocks: [
          p(
            `We may amend these Terms from time to time. Amended Terms will be published on the Platform and take effect ${daysCount(c.changesEffectiveAfterDays)} after the date of publication. If you continue to use the Platform after the amendments take effect, you accept the amended Terms; if you do not accept them, please stop using the Platform and close your account before they take effect.`,
          ),
        ],
      },
      {
        id: 'law',
        heading: '15. Governing law and disputes',
        blocks: [
          p(
            'These Terms are governed by and shall be construed in accordance with the laws of the Hong Kong Special Administrative Region. The parties agree to submit to the non-exclusive jurisdiction of the Hong Kong courts in respect of any dispute arising from these Terms.',
          ),
          p('If any part of these Terms is held to be invalid or unenforceable, the remaining parts remain in effect.'),
          p(
            'These Terms are published in Chinese and English. If there is any inconsistency between the Chinese and English versions, the Chinese version prevails.',
          ),
        ],
      },
      {
        id: 'contact',
        heading: '16. Contact us',
        blocks: [p('If you have any questions about these Terms, please contact our customer service team:'), contact],
      },
    ],
  };
}

export function privacyPolicyTextEn(c: LegalConstants): LegalDocumentText {
  return {
    title: 'Privacy Policy',
    effective: effectiveText(c.effectiveDate),
    intro: [
      'tutorhub (“we” or “us”) values your privacy. This Privacy Policy explains how we collect, use, disclose, retain and protect your personal data, and the rights you have.',
      'We comply with the requirements of the Personal Data (Privacy) Ordinance (Cap. 486) (the “Ordinance”), including its six data protection principles.',
    ],
    sections: [
      {
        id: 'collected',
        heading: '1. Personal data we collect',
        blocks: [
          p('Depending on the services you use, we may collect the following personal data:'),
          list(
            'Registration details: name, phone number, email address, date of birth and user type (individual or organisation).',
            'Supporting documents of organisation users: business registration certificate and proof of address.',
            'Tutor application details: contact phone number, academic qualifications, age, teaching experience, public examination results, subjects and districts taught, available times, fee expectations, introduction and photo.',
            'Data generated when you use the platform: the tutoring cases you post, the available times you give when applying for cases, booking records and payment records.',
            'Technical data: login records, IP address, browser and device type, and the login credentials stored on your device to keep you logged in.',
          ),
          p(
            'Apart from the above, we do not ask for your Hong Kong Identity Card number. If you choose not to provide certain necessary information, we may be unable to open an account for you or to provide the related services.',
          ),
        ],
      },
      {
        id: 'purposes',
        heading: '2. Purposes of collection',
        blocks: [
          p(
            'The personal data we collect is used only for the following purposes, or purposes directly related to them:',
          ),
          list(
            'opening and managing your account, including verifying your phone number with an SMS verification code;',
            `verifying that you are eligible to use the platform (aged ${c.minimumAge} or over), and verifying the identity of organisation users;`,
            'reviewing tutor applications and tutoring cases, and matching students, parents and tutors;',
            'handling bookings, collecting service fees and recovering overdue sums;',
            'sending you notices about your account, cases and bookings, such as password reset links;',
            'preventing and investigating fraud, abuse and other breaches of the Terms of Service, to keep users safe;',
            'complying with legal requirements, and responding to lawful requests from law enforcement agencies or courts;',
            'analysing and improving the platform’s services through statistics that do not identify individuals.',
          ),
          p(
            'We will not use your personal data for direct marketing without your express consent, and we will not sell your personal data to anyone.',
          ),
        ],
      },
      {
        id: 'disclosure',
        heading: '3. Disclosure of personal data',
        blocks: [
          p(
            'Your phone number is disclosed only after a match is confirmed, and only to the party you are matched with (the poster of the tutoring case or the chosen tutor, or the other party to the booking), so that you can contact each other to arrange lessons. Your phone number is not shown publicly on the platform and is not disclosed to any other user.',
          ),
          p(
            'Your email address, date of birth and supporting documents are not disclosed to other users. A tutor profile shows publicly only the teaching information the tutor has agreed to make public; in booking records, other users’ names are shown partly masked.',
          ),
          p('We may also disclose your personal data:'),
          list(
            'to service providers that provide SMS, email, data hosting and payment services on our behalf, who are bound by contract to keep the data confidential and to use it only on our instructions;',
            'as required by law, a court order or a lawful request from a law enforcement agency;',
            'where necessary to protect anyone’s personal safety, or to establish, exercise or defend legal claims.',
          ),
        ],
      },
      {
        id: 'security',
        heading: '4. Data security',
        blocks: [
          p(
            'We take reasonably practicable technical and administrative measures to protect your personal data, including sending data over encrypted connections, storing passwords and verification codes only in hashed form, keeping organisations’ supporting documents in non-public storage, and allowing access to personal data only to authorised staff who need it.',
          ),
          p(
            'However, no transmission over the internet can be guaranteed to be completely secure. Please keep your password safe, and tell us immediately if you notice anything suspicious.',
          ),
        ],
      },
      {
        id: 'retention',
        heading: '5. How long we keep data',
        blocks: [
          p(
            'We keep your personal data only for as long as is necessary to fulfil the purposes for which it was collected:',
          ),
          list(
            'Account data is kept while your account is active; after your account is closed, we delete it or anonymise it within 12 months.',
            'Data from tutor applications that are not approved is deleted within 6 months of the decision.',
            'SMS verification codes and password reset links are valid only for a short time and expire after that.',
            'Payment and transaction records are kept as required by the laws of Hong Kong (generally for 7 years).',
            'Where data relates to an unresolved dispute, debt or legal proceedings, we keep it until the matter is concluded.',
          ),
        ],
      },
      {
        id: 'rights',
        heading: '6. Your rights',
        blocks: [
          p('Under the Ordinance, you have the right to:'),
          list(
            'ask whether we hold your personal data, and obtain a copy of it (a data access request);',
            'ask us to correct any inaccurate personal data (a data correction request);',
            'ask about our policies and practices in relation to personal data, and the kinds of personal data we hold;',
            'withdraw at any time, free of charge, any consent you have given to direct marketing.',
          ),
          p(
            'You can update details such as your name and phone number on the platform, or contact us in writing to make any of the above requests. We will reply within 40 days of receiving a request. As the Ordinance allows, we may charge a fee for complying with a data access request, which will not be excessive. You may also ask us to close your account and delete your personal data, subject to the statutory retention requirements described above.',
          ),
        ],
      },
      {
        id: 'storage',
        heading: '7. Storage on your device',
        blocks: [
          p(
            'To keep you logged in, the platform stores login credentials in your browser’s local storage. These credentials are cleared when you log out. We do not use third-party advertising tracking technologies.',
          ),
        ],
      },
      {
        id: 'minors',
        heading: '8. Users under 18',
        blocks: [
          p(
            `Only persons aged ${c.minimumAge} or over may register on the platform. Users under the age of 18 must have the consent of a parent or legal guardian to provide personal data. If we find that we have collected personal data without these requirements being met, we will delete that data as soon as possible.`,
          ),
        ],
      },
      {
        id: 'changes',
        heading: '9. Changes to this policy',
        blocks: [
          p(
            `We may amend this Privacy Policy from time to time. The amended policy will be published on the platform and take effect ${daysCount(c.changesEffectiveAfterDays)} after the date of publication. If an amendment involves a material change to the purposes for which personal data is used, we will seek your consent separately before such use.`,
          ),
          p(
            'This Privacy Policy is published in Chinese and English. If there is any inconsistency between the Chinese and English versions, the Chinese version prevails.',
          ),
        ],
      },
      {
        id: 'contact',
        heading: '10. Contact us',
        blocks: [
          p(
            'If you have any questions about this Privacy Policy, or wish to make a data access or correction request, please contact our Data Protection Officer (please put “Personal data enquiry” in the email subject line):',
          ),
          contact,
        ],
      },
    ],
  };
}
