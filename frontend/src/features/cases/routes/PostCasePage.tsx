import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, bannerError, errorMessage } from '@/api/api-error';
import { useGetCase, usePostCase, useUpdateCase } from '@/api/generated/cases/cases';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { casePath, paths } from '@/config/paths';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { t } from '@/i18n/zh-HK';
import { useCatalogue } from '@/lib/catalogue';
import { useSession } from '@/session/session';
import { CaseForm } from '../components/CaseForm';
import { LoginNotice } from '../components/LoginNotice';
import { PageShell } from '@/components/PageShell';
import {
  type CaseFormErrors,
  type CaseFormState,
  emptyCaseForm,
  formFromCase,
  serverFieldErrors,
  toCaseBody,
} from '../lib/case-form';

/** What /my-cases is told after a save, to say what happens next and point at the case. */
export interface CaseSavedState {
  savedCaseId: number;
  created: boolean;
  status: string;
}

/**
 * /post-case (create) and /post-case/{caseId} (edit: the case loads first; its owner only, anyone
 * else sees that they cannot edit it). A saved case leads to /my-cases, which says what happens next.
 */
export function PostCasePage() {
  const { caseId } = useParams();
  const number = caseId ? Number(caseId) : undefined;
  const editing = number !== undefined;
  const text = t.cases.form;
  const title = editing ? text.titleEdit : text.titleNew;
  const session = useSession();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const existing = useGetCase(number ?? 0, {
    swr: { enabled: editing && session.isLoggedIn, revalidateOnFocus: false },
  });
  // Neither revalidates its key's read: the new case's key is the unfiltered board's (and waits for
  // approval), the edited case's is the case this page loaded and is about to leave.
  const post = usePostCase({ swr: { revalidate: false } });
  const update = useUpdateCase(number ?? 0, { swr: { revalidate: false } });
  // Kept by hand rather than the hooks' `isMutating`: after a success the form stays busy until the
  // page has moved on.
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [serverErrors, setServerErrors] = useState<CaseFormErrors>({});
  const { formRef: feedbackRef, reveal } = useFormFeedback<HTMLDivElement>();

  if (!session.isLoggedIn) {
    return (
      <PageShell title={title}>
        <LoginNotice message={text.loginRequired} />
      </PageShell>
    );
  }
  if (editing && (Number.isNaN(number) || existing.error)) {
    return (
      <PageShell title={title}>
        <ErrorBanner message={errorMessage(existing.error, text.loadFailed)} />
      </PageShell>
    );
  }
  if (existing.data && !existing.data.mine) {
    return (
      <PageShell title={text.notOwnerTitle}>
        <EmptyState
          title={text.notOwnerTitle}
          hint={text.notOwner}
          action={<ButtonLink to={casePath(existing.data.caseId)}>{text.viewCase}</ButtonLink>}
        />
      </PageShell>
    );
  }
  if (!catalogue.data || (editing && !existing.data)) {
    return (
      <PageShell title={title}>
        {catalogue.error ? <ErrorBanner message={t.common.catalogueFailed} /> : <LoadingState />}
      </PageShell>
    );
  }

  const submit = async (state: CaseFormState) => {
    setSubmitting(true);
    setFailure(undefined);
    setServerErrors({});
    try {
      const body = toCaseBody(state);
      const stored = editing ? await update.trigger(body) : await post.trigger(body);
      const saved: CaseSavedState = { savedCaseId: stored.caseId, created: !editing, status: stored.status };
      void navigate(paths.myCases, { state: saved });
    } catch (error) {
      // Each error once: a field's message under the field (the server's `category` is the
      // form's level), the banner only for the rest.
      setFailure(bannerError(error, [...Object.keys(emptyCaseForm), 'category'], text.submitFailed));
      const fields = error instanceof ApiError ? serverFieldErrors(error.body?.errors) : {};
      setServerErrors(fields);
      setSubmitting(false);
      // Field errors are the form's to show (it focuses the first); otherwise the banner.
      if (Object.keys(fields).length === 0) reveal();
    }
  };

  return (
    <PageShell title={title} intro={text.intro}>
      <div ref={feedbackRef}>{failure && <ErrorBanner message={failure} />}</div>
      <CaseForm
        key={existing.data?.caseId ?? 'new'}
        catalogue={catalogue.data}
        initial={existing.data ? formFromCase(existing.data) : emptyCaseForm}
        canSeekStudents={session.isTutor}
        submitLabel={editing ? text.submitEdit : text.submitNew}
        submitting={submitting}
        serverErrors={serverErrors}
        onSubmit={(state) => void submit(state)}
      />
    </PageShell>
  );
}
