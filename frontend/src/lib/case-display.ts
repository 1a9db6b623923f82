import type { CaseSummary, OfferBody } from '@/api/generated/model';
import { catalogueName, catalogueNames } from '@/i18n/catalogue-names';
import { formatDate, formatDateTime, formatHkd } from '@/i18n/format';
import { language } from '@/i18n/language';
import { t } from '@/i18n/zh-HK';

/** The texts a case shows in a card or a table row; each missing value reads "not filled". */
export interface CaseDisplay {
  caseNumber: string;
  subject: string;
  location: string;
  rate: string;
  createdAt: string;
  /** The posting date line, or undefined when the case has no creation time. */
  posted: string | undefined;
  /** Accessible name of the apply action, naming the case. */
  applyLabel: string;
  sessions: string | undefined;
}

function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The grade, a space, then the subjects, as the reader reads them: the server's line on a zh-HK
 * page; on an English one, the same composed from the stored names ("S3 Mathematics, English
 * Language").
 */
export function caseSubject(item: Pick<CaseSummary, 'grade' | 'subjects' | 'subject'>): string | undefined {
  if (language() === 'zh-HK') return filled(item.subject);
  const grade = filled(item.grade);
  const subjects = (item.subjects ?? []).map((s) => s.trim()).filter((s) => s !== '');
  const parts = [grade && catalogueName(grade), subjects.length > 0 ? catalogueNames(subjects) : undefined];
  return parts.filter(Boolean).join(' ') || filled(item.subject);
}

/** Where a case is: its area, then its district when that says more, in the page's language. */
export function caseLocation(item: Pick<CaseSummary, 'location' | 'district'>): string | undefined {
  const location = filled(item.location);
  const district = filled(item.district);
  if (location === undefined) return undefined;
  // Compared as shown: in English an area and its district may both read "Wan Chai": said once.
  const area = catalogueName(location);
  const shownDistrict = district && catalogueName(district);
  return shownDistrict && shownDistrict !== area ? t.cases.card.locationWithDistrict(area, shownDistrict) : area;
}

export function caseDisplay(item: CaseSummary): CaseDisplay {
  const minutes = item.sessionLength;
  const perWeek = item.sessionsPerWeek;
  const createdAt = formatDate(item.createdAt);
  const hasCaseId = item.caseId !== undefined && item.caseId !== null;
  return {
    caseNumber: hasCaseId ? String(item.caseId) : t.common.notFilled,
    subject: caseSubject(item) ?? t.common.notFilled,
    location: caseLocation(item) ?? t.common.notFilled,
    rate: formatHkd(item.rate) ?? t.common.notFilled,
    createdAt: createdAt ?? t.common.notFilled,
    posted: createdAt && t.cases.card.postedOn(createdAt),
    applyLabel: hasCaseId ? t.cases.card.applyLabel(item.caseId) : t.common.loginToApply,
    sessions: minutes && perWeek ? t.cases.card.sessionSummary(minutes, perWeek) : undefined,
  };
}

/** Where a case stands, as its page says it: open, full, or one of the statuses. */
export type CaseState = 'open' | 'full' | 'offered' | 'matched' | 'closed' | 'pending' | 'rejected';

export function caseState(item: CaseSummary): CaseState {
  if (item.status === 'approved') return item.full ? 'full' : 'open';
  return item.status;
}

/** Whether the owner may still edit the case: not while a chosen tutor decides, nor once it is matched or closed. */
export function isEditable(item: CaseSummary): boolean {
  return item.status === 'pending' || item.status === 'approved' || item.status === 'rejected';
}

/** Whether the owner may invite tutors to the case: a student's or parent's case open to
 * applications (the server refuses the rest; a tutor's own post does not text other tutors). */
export function invitesTutors(item: CaseSummary): boolean {
  return caseState(item) === 'open' && item.postType === 'student-seeking-tutor';
}

/** A confirmed match in one line, as both sides read it: the agreed fee, then the first lesson once proposed. */
export function matchTerms(offer: OfferBody): string {
  const text = t.cases.match;
  const parts = [text.agreedFee(formatHkd(offer.feePerLesson) ?? t.common.notFilled)];
  const first = formatDateTime(offer.firstLessonAt);
  if (first) parts.push(text.firstLesson(first));
  return t.common.factsLine(parts);
}
