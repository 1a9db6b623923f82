import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {} from '@fluentui/react-components';
import { SuccessBanner } from '@/components/SuccessBanner';
import { ApiError, errorMessage } from '@/api/api-error';
import { postCase, updateCase, useGetCase } from '@/api/generated/cases/cases';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
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

/** Spec §4: after a saved case, the user goes home after 2 s. */
export const CASE_SAVED_REDIRECT_MS = 2000;

/** /post-case (create) and /post-case/{caseId} (edit: the case loads first; its owner only). */
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
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [serverErrors, setServerErrors] = useState<CaseFormErrors>({});
  const [saved, setSaved] = useState<string>();

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate(paths.home), CASE_SAVED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

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
      const stored = editing ? await updateCase(number, body) : await postCase(body);
      const done = editing ? text.updated : text.created;
      setSaved(stored.status === 'pending' ? `${done} ${text.pendingNote}` : done);
    } catch (error) {
      setFailure(errorMessage(error, text.submitFailed));
      if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.body?.errors));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageShell title={title} intro={text.intro}>
      {saved && <SuccessBanner message={saved} />}
      {failure && <ErrorBanner message={failure} />}
      <CaseForm
        key={existing.data?.caseId ?? 'new'}
        catalogue={catalogue.data}
        initial={existing.data ? formFromCase(existing.data) : emptyCaseForm}
        canSeekStudents={session.isTutor}
        submitLabel={editing ? text.submitEdit : text.submitNew}
        submitting={submitting || saved !== undefined}
        serverErrors={serverErrors}
        onSubmit={(state) => void submit(state)}
      />
    </PageShell>
  );
}
