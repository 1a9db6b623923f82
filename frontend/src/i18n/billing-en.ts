/**
 * The service fee's strings in English (issue 33): the fee stated before applying and
 * confirming, the tutor's invoices, paying by FPS, proofs of payment and receipts.
 */
import type { billingZhHK } from './billing-zh-HK';
import type { Catalogue } from './catalogue-type';

export const billingEn: Catalogue<typeof billingZhHK> = {
  status: {
    open: 'Due',
    overdue: 'Overdue',
    paid: 'Paid',
    waived: 'Waived',
  } as Record<string, string>,
  kind: {
    fee: 'Service fee',
    adjustment: 'Adjustment',
    credit: 'Short match reduction',
    interest: 'Late interest',
    penalty: 'Late penalty',
    payment: 'Payment',
    refund: 'Refund',
    waiver: 'Waiver',
  } as Record<string, string>,
  method: {
    fps: 'FPS',
    bank: 'Bank transfer',
    cash: 'Cash',
  } as Record<string, string>,

  fee: {
    caseHeading: 'Service fee if you are matched',
    offerHeading: 'Service fee once you confirm',
    amount: (amount: string) => `Service fee: ${amount}`,
    formula: (fee: string, perWeek: number, weeks: number, share: string) =>
      `${fee} per lesson × ${perWeek} ${perWeek === 1 ? 'lesson' : 'lessons'} a week × ${weeks} ${weeks === 1 ? 'week' : 'weeks'} ${share}`,
    share: (percent: number) => (percent === 50 ? '÷ 2' : `× ${percent}%`),
    equals: (formula: string, amount: string) => `${formula} = ${amount}`,
    caseNote: (weeks: number, percent: number) =>
      `If you are matched, you pay tutorhub a one-off service fee: ${percent}% of the tuition for the first ${weeks} ${weeks === 1 ? 'week' : 'weeks'}. We send the invoice only after the parent confirms the first lesson; the parent pays the tuition to you directly.`,
    offerNote: (weeks: number, percent: number) =>
      `Worked out on the agreed fee: ${percent}% of the tuition for the first ${weeks} ${weeks === 1 ? 'week' : 'weeks'}. By confirming, you agree to pay it; we send the invoice only after the parent confirms the first lesson.`,
    terms: 'Service fee terms',
  },

  bookingNoFee:
    'There is no service fee for accepting a booking; the service fee only applies to matches confirmed through a tutoring case.',

  list: {
    title: 'My invoices',
    intro:
      'Service fees due after a successful match. Open an invoice to see the details, pay by FPS and upload proof of payment.',
    loadFailed: "Couldn't load your invoices. Please try again later.",
    dueToday: 'Total due today',
    nothingDue: 'You have no unpaid service fees.',
    dueHint: (penaltyDay: number) =>
      `Overdue fees are charged interest daily. From day ${penaltyDay} overdue, a penalty is added, and the account can't apply for cases or confirm matches.`,
    unsettled: 'Unpaid',
    settled: 'Settled',
    empty: 'No invoices yet',
    emptyHint:
      'We send a service fee invoice only after a tutor confirms a match and the parent confirms the first lesson.',
    caseNumber: (caseId: number) => `Case no. ${caseId}`,
    due: 'Due date',
    fee: 'Service fee',
    owed: 'Due today',
    overpaid: 'Overpaid (to be refunded)',
    overdueDays: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} overdue`,
  },

  invoice: {
    titleOf: (number: string) => `Invoice ${number}`,
    title: 'Service fee invoice',
    loadFailed: "Couldn't load the invoice. Please try again later.",
    notFound: "We couldn't find this invoice",
    notFoundHint: "The invoice number may be wrong, or the invoice isn't on your account.",
    back: 'Back to My invoices',
    factsLabel: 'Invoice details',
    number: 'Invoice number',
    caseNumber: 'Case number',
    payer: 'Payer',
    issuedAt: 'Issued on',
    dueOn: 'Due date',
    firstLesson: 'First lesson',
    settledOn: 'Settled on',
    settledMethod: 'Payment method',
    owedToday: 'Due today',
    asOf: (date: string) => `As of ${date}`,
    credit: (amount: string) => `You've overpaid by ${amount}. Customer service will contact you about a refund.`,
    overdue: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} overdue. Late interest is added daily.`,
    restricted: (day: number) =>
      `From day ${day} overdue, you can't apply for tutoring cases or confirm matches until this is paid in full.`,
    computedHeading: 'How the service fee is worked out',
    lateTerms: (interest: string, penalty: number, day: number) =>
      `Any amount unpaid after the due date is charged interest at ${interest}% a month, worked out daily (× 12 ÷ 365). On day ${day} overdue, a one-off penalty of ${penalty}% of the overdue amount is added.`,
    linesHeading: 'Statement',
    linesLabel: 'Statement lines',
    accrued: 'To date',
    accruedHint: 'Late charges marked "To date" are updated daily and are only final on the day you pay in full.',
    payment: (method: string, reference: string | undefined) => (reference ? `${method} · ref. ${reference}` : method),
    balance: 'Balance',
    overpaid: 'Overpaid (to be refunded)',
    dueChangesHeading: 'Due date changes',
    dueChange: (from: string, to: string, reason: string) => `Changed from ${from} to ${to}: ${reason}`,
    dueChangedAt: (at: string) => `Changed on ${at}`,
    receipt: 'View receipt',
    paidNote: 'This invoice is paid in full. Thank you!',
    waivedNote: 'The amount owed on this invoice has been waived.',
  },

  fps: {
    heading: 'Pay by FPS',
    hint: (number: string) =>
      `Scan the QR code with your bank or e-wallet app, or copy the payment code and paste it in. If the app has a note field, enter the invoice number ${number}.`,
    qrAlt: (amount: string, number: string) => `FPS QR code: pay ${amount} for invoice ${number}`,
    amount: 'Amount to pay',
    payload: 'FPS payment code',
    copy: 'Copy payment code',
    copied: 'Payment code copied',
    copyFailed: "Couldn't copy. Press and hold the payment code to copy it yourself.",
    save: 'Save QR code image',
    saveHint:
      'Paying on your phone? Save the QR code image first, then in your bank app tap "Scan" and choose the image from your photos.',
    payee: (name: string, proxy: string) => `Payee: ${name} (FPS ID: ${proxy})`,
  },

  proof: {
    heading: 'Upload proof of payment',
    hint: "After paying, upload a screenshot of the transfer and the FPS reference number. Once customer service has checked it, they'll record the payment and let you know by SMS.",
    file: 'Screenshot of the payment',
    fileHint: 'A JPEG, PNG or WebP image, 5 MB at most',
    chooseFile: 'Choose image',
    fileButton: (action: string) => `Screenshot of the payment: ${action}`,
    changeFile: 'Change image',
    fileChosen: (name: string, size: string) => `Chosen: ${name} (${size})`,
    fileRequired: 'Choose a screenshot of the payment',
    wrongType: 'Proof of payment must be a JPEG, PNG or WebP image (a screenshot of the transfer, for example)',
    tooLarge: 'The file is too large (5 MB at most)',
    reference: 'FPS reference number',
    referenceHint: 'The reference number your bank app shows after the transfer, up to 200 characters',
    referenceRequired: 'Please fill in the FPS reference number',
    send: 'Upload proof',
    sending: 'Uploading…',
    done: 'Proof of payment uploaded. Customer service will update this invoice once they have checked it.',
    failed: "Couldn't upload. Please try again later.",
    listHeading: 'Proofs of payment uploaded',
    listed: (reference: string, at: string) => `Reference ${reference} · uploaded ${at}`,
  },

  receipt: {
    title: 'Receipt',
    documentTitle: (number: string) => `Receipt ${number}`,
    issuer: 'tutorhub, tutor matching in Hong Kong',
    contact: (phone: string, email: string) => `Phone ${phone} · Email ${email}`,
    factsLabel: 'Receipt details',
    number: 'Receipt number',
    invoiceNumber: 'Invoice number',
    caseNumber: 'Case number',
    payer: 'Payer',
    paidOn: 'Paid in full on',
    method: 'Payment method',
    item: 'Item',
    date: 'Date',
    amount: 'Amount',
    linesLabel: 'Receipt lines',
    charged: 'Total charged',
    totalPaid: 'Total paid',
    note: 'This receipt is computer-generated and needs no signature.',
    print: 'Print receipt',
    back: 'Back to invoice',
    notPaid: "This invoice isn't paid in full yet, so there's no receipt.",
    loadFailed: "Couldn't load the receipt. Please try again later.",
  },
};
