import { http, HttpResponse } from 'msw';
import type { CaseSummary } from '@/api/generated/model';
import { feeTermsBeforeLoad } from '@/config/legal';
import { casesFixture, catalogueFixture } from './fixtures';

/** A stand-in for the server's filtering, enough for component tests. */
function matches(item: CaseSummary, q: URLSearchParams): boolean {
  const level = q.get('level');
  if (level && item.level !== level) return false;
  const grades = q.getAll('grades');
  if (grades.length && !grades.includes(item.grade)) return false;
  const subjects = q.getAll('subjects');
  if (subjects.length && !item.subjects.some((s) => subjects.includes(s))) return false;
  const region = q.get('region');
  if (region && item.region !== region) return false;
  const districts = q.getAll('districts');
  if (districts.length && !districts.includes(item.district)) return false;
  const areas = q.getAll('areas');
  if (areas.length && !areas.includes(item.location)) return false;
  const minRate = Number(q.get('minRate'));
  if (q.get('minRate') && Number.isFinite(minRate) && item.rate < minRate) return false;
  return true;
}

export function pageOf(items: CaseSummary[], q: URLSearchParams, defaultSize = 20) {
  const page = Math.max(1, Number(q.get('page') ?? 1));
  const pageSize = Math.max(1, Number(q.get('pageSize') ?? defaultSize));
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    total: items.length,
    page,
    pageSize,
  };
}

export const handlers = [
  http.get('*/catalogue', () => HttpResponse.json(catalogueFixture)),
  // The terms page states the service fee's terms; the server's defaults unless a test says so.
  http.get('*/fees/terms', () => HttpResponse.json(feeTermsBeforeLoad)),
  // A tutor's profile is read by the apply action to prefill times; tests that show one say so.
  http.get('*/tutors/:id', () => HttpResponse.json({ code: 'NOT_FOUND', error: '找不到此用戶' }, { status: 404 })),
  // Fee fields ask how comparable cases pay; none compare unless a test says so.
  http.get('*/cases/fee-guide', () => HttpResponse.json({ scope: 'level', count: 0, minSample: 20 })),
  // A tutor's home asks for recommended cases; none unless a test says so.
  http.get('*/cases/recommended', () => HttpResponse.json({ items: [] })),
  // An owner's open case suggests tutors; none unless a test says so.
  http.get('*/cases/:caseId/suggested-tutors', () => HttpResponse.json({ items: [] })),
  // Case cards ask which cases are the member's own; nobody owns a case unless a test says so.
  http.get('*/cases/mine', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
  http.get('*/cases/public', ({ request }) =>
    HttpResponse.json(pageOf(casesFixture, new URL(request.url).searchParams, 6)),
  ),
  http.get('*/cases', ({ request }) => {
    const q = new URL(request.url).searchParams;
    return HttpResponse.json(
      pageOf(
        casesFixture.filter((c) => matches(c, q)),
        q,
      ),
    );
  }),
];
