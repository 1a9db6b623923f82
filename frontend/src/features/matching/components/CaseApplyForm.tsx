import { type FormEvent, useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { errorMessage, overdueInvoicePath } from '@/api/api-error';
import { useApplyToCase } from '@/api/generated/cases/cases';
import { useGetTutor } from '@/api/generated/tutors/tutors';
import type { CaseSummary, PreferredGender, TutorGender } from '@/api/generated/model';
import { RouterLink } from '@/components/RouterLink';
import { SuccessBanner } from '@/components/SuccessBanner';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { findLevel, useCatalogue } from '@/lib/catalogue';
import { levelSubjectName } from '@/lib/tutor-teaching';
import { useSession } from '@/session/session';
import { useAppliedCaseIds, useOwnCaseIds } from '../lib/applied-cases';
import { type NotTaught, notTaught } from '../lib/teaching';
import { isWorkingTutor } from '@/session/tutor';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '100%' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  input: { flexGrow: 1, minWidth: 0 },
  notice: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actionLink: { display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start', minHeight: '44px' },
});

/**
 * The gender a case prefers when it is not the tutor's (mirrors `TutorGender::suits`): the tutor
 * may still apply, and should know before they do. Nothing when either side did not say.
 */
function prefersAnotherGender(
  preferred: PreferredGender,
  tutor: TutorGender | undefined,
): 'male' | 'female' | undefined {
  if (preferred === 'no limit' || tutor === undefined || tutor === preferred) return undefined;
  return preferred;
}

/** The refusal the server would answer, in its words (the catalogue's names in the page's language). */
function notTaughtMessage(missing: NotTaught): string {
  return missing.kind === 'level'
    ? t.cases.apply.notTaughtLevel(catalogueName(missing.level))
    : t.cases.apply.notTaughtSubjects(missing.labels.map(levelSubjectName));
}

/**
 * The action area of a case card or row for a logged-in reader (CaseApplyAction): "applied" once
 * applied; for an active tutor in tutor mode the available-times field and "apply"; otherwise the
 * notice to act as a tutor and pass approval. A full case says so, and so does its owner's own
 * case. The available times start as the tutor's profile has them; right after applying, the
 * success and what happens next show. A tutor whose profile does not teach the case (its level,
 * or one of its subjects there) is told so instead of the form, with their subjects a tap away
 * (issue 34): the server would refuse.
 */
export function CaseApplyForm({ item, size }: { item: CaseSummary; size: 'small' | 'medium' }) {
  const styles = useStyles();
  const session = useSession();
  const applied = useAppliedCaseIds(session.user, session.mode);
  const own = useOwnCaseIds(session.isLoggedIn);
  const canApply = isWorkingTutor(session);
  const profile = useGetTutor(session.user?.id ?? '', { swr: { enabled: canApply } });
  const catalogue = useCatalogue();
  // Undefined until the tutor types: until then the profile's times stand in.
  const [typed, setTyped] = useState<string>();
  const times = typed ?? profile.data?.availableTimes ?? '';
  const [justApplied, setJustApplied] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // An overdue service fee stops applications: the server says which invoice, we add the way to pay.
  const [overdue, setOverdue] = useState<string>();
  const applyToCase = useApplyToCase();
  // Kept by hand rather than `applyToCase.isMutating`: the form stays busy until the applied list
  // has been read again too, not only while the application is sent.
  const [busy, setBusy] = useState(false);
  const text = t.cases.apply;

  if (own.has(item.caseId)) {
    return (
      <Text size={200} className={styles.notice}>
        {text.ownCase}
      </Text>
    );
  }
  if (applied.ids.has(item.caseId)) {
    return (
      <div className={styles.form}>
        <Button appearance="secondary" size={size} disabled icon={<CheckmarkRegular />}>
          {text.applied}
        </Button>
        {justApplied && <SuccessBanner message={text.successWithNext} />}
      </div>
    );
  }
  if (item.full) {
    return <Text className={styles.notice}>{text.full}</Text>;
  }
  if (!canApply) {
    return (
      <Text size={200} className={styles.notice}>
        {text.actAsTutor}
      </Text>
    );
  }
  // Judged only once both are known; until then (or if either fails) the server decides.
  const level = findLevel(catalogue.data, item.level);
  const subjects = profile.data?.subjects;
  const missing = level && Array.isArray(subjects) ? notTaught(subjects, level, item.subjects) : undefined;
  if (missing && session.user) {
    return (
      <div className={styles.form} data-testid="not-taught">
        <Text size={200}>{notTaughtMessage(missing)}</Text>
        <Text size={200} className={styles.notice}>
          {text.notTaughtHint}
        </Text>
        <RouterLink to={`/tutor/${session.user.id}`} className={styles.actionLink}>
          {text.mySubjects}
        </RouterLink>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (times.trim() === '') {
      setFieldError(text.availableTimesRequired);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    setOverdue(undefined);
    try {
      const application = await applyToCase.trigger({ caseId: item.caseId, availableTimes: times.trim() });
      setJustApplied(true);
      // Spec §4: the case joins the applied list, so the card turns to "applied".
      await applied.mutate(
        // A re-apply reopens the withdrawn application under the same id: replace it.
        (list) => ({
          items: [{ ...application, case: item }, ...(list?.items ?? []).filter((i) => i.id !== application.id)],
        }),
        { revalidate: true },
      );
    } catch (error) {
      setFailure(errorMessage(error, text.failed));
      setOverdue(overdueInvoicePath(error));
    } finally {
      setBusy(false);
    }
  };

  const otherGender = prefersAnotherGender(item.preferredGender, profile.data?.gender);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={text.formLabel(item.caseId)} noValidate>
      {otherGender && (
        <Text size={200} className={styles.notice} data-testid="gender-note">
          {text.prefersGender(otherGender)}
        </Text>
      )}
      <div className={styles.row}>
        <Field label={text.availableTimes} validationMessage={fieldError} className={styles.input} size={size}>
          <Input
            value={times}
            placeholder={text.availableTimesPlaceholder}
            onChange={(_, d) => {
              setTyped(d.value);
              setFieldError(undefined);
            }}
          />
        </Field>
      </div>
      <Button type="submit" appearance="primary" size={size} disabled={busy}>
        {busy ? text.applying : text.apply}
      </Button>
      {failure && (
        <Text role="alert" size={200} className={styles.error}>
          {failure}
        </Text>
      )}
      {overdue && (
        <RouterLink to={overdue} className={styles.actionLink}>
          {t.common.payOverdue}
        </RouterLink>
      )}
    </form>
  );
}
