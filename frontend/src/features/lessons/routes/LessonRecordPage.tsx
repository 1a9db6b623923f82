import { useState } from 'react';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  Select,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError, errorMessage, fieldErrors } from '@/api/api-error';
import {
  useCancelLesson,
  useConfirmLesson,
  useDisputeLesson,
  useEndArrangement,
  useGetArrangement,
  useRecordLesson,
  useReopenCase,
} from '@/api/generated/lessons/lessons';
import { getListCaseApplicationsKey, getListMyCasesKey } from '@/api/generated/cases/cases';
import type { ArrangementBody, LessonBody } from '@/api/generated/model';
import { DateTimeSelect, hongKongInstant } from '@/components/DateTimeSelect';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { ButtonLink } from '@/components/ButtonLink';
import { PageShell } from '@/components/PageShell';
import { paths } from '@/config/paths';
import { formatDateTime, formatHkd } from '@/i18n/format';
import { lessonsZhHK } from '@/i18n/lessons-zh-HK';

const useStyles = makeStyles({
  summary: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalL,
  },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  lesson: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
});

const statusColor = {
  recorded: 'warning',
  confirmed: 'success',
  disputed: 'danger',
  'not-held': 'subtle',
  cancelled: 'subtle',
} as const;

/** The years a lesson held may fall in (14 days back at most): this one, and last in early January. */
function recentYears(): number[] {
  const year = new Date().getFullYear();
  return [year - 1, year];
}

/**
 * /lesson-record/:id: one confirmed match or accepted booking as its two sides read it. The
 * tutor records lessons held; either side records a cancellation ahead; the family confirms
 * or disputes within 72 hours. The server decides who may do what; the page only offers it.
 */
export function LessonRecordPage() {
  const { id = '' } = useParams();
  const text = lessonsZhHK;
  const arrangement = useGetArrangement(id);
  const [failure, setFailure] = useState<string>();
  const notFound = arrangement.error instanceof ApiError && arrangement.error.status === 404;
  return (
    <PageShell title={text.title} intro={text.intro}>
      {notFound && <EmptyState title={text.notFound} />}
      {arrangement.error && !notFound && <ErrorBanner message={errorMessage(arrangement.error, text.loadFailed)} />}
      {failure && <ErrorBanner message={failure} />}
      {!arrangement.data && !arrangement.error && <LoadingState />}
      {arrangement.data && (
        <Record
          item={arrangement.data}
          onChanged={() => arrangement.mutate()}
          onFailed={(message) => setFailure(message)}
        />
      )}
    </PageShell>
  );
}

interface RecordProps {
  item: ArrangementBody;
  onChanged: () => Promise<unknown>;
  onFailed: (message: string | undefined) => void;
}

function Record({ item, onChanged, onFailed }: RecordProps) {
  const styles = useStyles();
  const text = lessonsZhHK;
  const fee = formatHkd(item.feePerLesson);
  const tuition = formatHkd(item.totals.tuition);
  return (
    <>
      <Card className={styles.summary} data-testid="arrangement">
        <Text as="h2" size={500} weight="semibold">
          {item.caseId !== undefined ? text.heading.match(item.caseId) : text.heading.booking}
        </Text>
        <Text>{text.people(item.tutorName, item.familyName)}</Text>
        <Text>{fee ? text.fee(fee) : text.noFee}</Text>
        <Text weight="semibold">{text.totals(item.totals.held, item.totals.minutes)}</Text>
        {tuition && <Text>{text.tuition(tuition)}</Text>}
      </Card>
      {item.ended ? (
        <Ended item={item} onChanged={onChanged} />
      ) : (
        <>
          {item.side === 'tutor' && <RecordForm arrangementId={item.id} onDone={onChanged} />}
          <CancelForm arrangementId={item.id} onDone={onChanged} />
        </>
      )}
      {item.lessons.length === 0 ? (
        <EmptyState title={text.empty} compact />
      ) : (
        <ul className={styles.list} aria-label={text.title}>
          {item.lessons.map((lesson) => (
            <li key={lesson.number}>
              <LessonCard lesson={lesson} family={item.side === 'family'} onChanged={onChanged} onFailed={onFailed} />
            </li>
          ))}
        </ul>
      )}
      {!item.ended && <EndForm arrangementId={item.id} onDone={onChanged} />}
    </>
  );
}

/** How it ended, and for the family who ended it early, the case opened again in one tap. */
function Ended({ item, onChanged }: { item: ArrangementBody; onChanged: () => Promise<unknown> }) {
  const styles = useStyles();
  const text = lessonsZhHK;
  const [reopened, setReopened] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const reopenCase = useReopenCase(item.id);
  // Kept by hand rather than `reopenCase.isMutating`: busy until the record is read again too.
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  if (!item.ended) return null;
  const ending = item.ended;
  const reasonWords = text.end.reasons[ending.reason] ?? '';
  const reason = ending.note ? text.end.reasonWithNote(reasonWords, ending.note) : reasonWords;

  const reopen = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { caseId } = await reopenCase.trigger();
      setReopened(caseId);
      // The owner's case list and its applicants changed: read them again when shown.
      const stale: string[] = [getListMyCasesKey()[0], getListCaseApplicationsKey(caseId)[0]];
      void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && stale.includes(key[0]));
      await onChanged();
    } catch (error) {
      setFailure(errorMessage(error, text.reopen.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.form} data-testid="ended">
      <Text weight="semibold">{text.ended(formatDateTime(ending.endedAt) ?? '', ending.endedBy, reason)}</Text>
      {failure && <ErrorBanner message={failure} />}
      {reopened !== undefined ? (
        <>
          <Text role="status">{text.reopen.done(reopened)}</Text>
          <div className={styles.actions}>
            <ButtonLink to={paths.myCases} appearance="primary">
              {text.reopen.view}
            </ButtonLink>
          </div>
        </>
      ) : (
        item.canReopen && (
          <>
            <Text>{text.reopen.hint}</Text>
            <div className={styles.actions}>
              <Button appearance="primary" disabled={busy} onClick={() => void reopen()}>
                {text.reopen.send}
              </Button>
            </div>
          </>
        )
      )}
    </Card>
  );
}

/** Either side's form: end the arrangement, with a reason from the list and a note, after asking. */
function EndForm({ arrangementId, onDone }: { arrangementId: string; onDone: () => Promise<unknown> }) {
  const styles = useStyles();
  const text = lessonsZhHK.end;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [sure, setSure] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const end = useEndArrangement(arrangementId);
  // Kept by hand rather than `end.isMutating`: busy until the record is read again too.
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      await end.trigger({ reason, note });
      setErrors({});
      await onDone();
    } catch (error) {
      setErrors(fieldErrors(error) ?? { reason: errorMessage(error, text.failed) });
      setSure(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.form}>
      <div className={styles.head}>
        <Text as="h2" size={400} weight="semibold">
          {text.heading}
        </Text>
        <Button appearance="subtle" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {text.send}
        </Button>
      </div>
      {open && (
        <>
          <Text className={styles.muted}>{text.hint}</Text>
          <Field label={text.reason} validationMessage={errors.reason}>
            <Select value={reason} onChange={(_, d) => setReason(d.value)}>
              <option value="">{text.reasonPlaceholder}</option>
              {Object.entries(text.reasons).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={text.note} validationMessage={errors.note}>
            <Input value={note} maxLength={200} onChange={(_, d) => setNote(d.value)} />
          </Field>
          {sure && <Text weight="semibold">{text.confirm}</Text>}
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => (sure ? void send() : setSure(true))}>
              {sure ? text.confirmSend : text.send}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function LessonCard({
  lesson,
  family,
  onChanged,
  onFailed,
}: {
  lesson: LessonBody;
  family: boolean;
  onChanged: () => Promise<unknown>;
  onFailed: (message: string | undefined) => void;
}) {
  const styles = useStyles();
  const text = lessonsZhHK;
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const confirmLesson = useConfirmLesson(lesson.number);
  const disputeLesson = useDisputeLesson(lesson.number);
  // Kept by hand rather than the hooks' `isMutating`: busy until the record is read again too.
  const [busy, setBusy] = useState(false);
  const open = lesson.status === 'recorded' && new Date(lesson.answerBy) > new Date();
  const answerBy = formatDateTime(lesson.answerBy) ?? '';

  const answer = async (send: () => Promise<unknown>) => {
    setBusy(true);
    onFailed(undefined);
    try {
      await send();
      await onChanged();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) setReasonError(fields.reason);
      else onFailed(errorMessage(error, text.answerFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.lesson} data-testid="lesson">
      <div className={styles.head}>
        <Text weight="semibold">{formatDateTime(lesson.startsAt)}</Text>
        {lesson.status !== 'cancelled' && <Text>{text.minutes(lesson.minutes)}</Text>}
        <Badge appearance="tint" color={statusColor[lesson.status]}>
          {text.status[lesson.status]}
        </Badge>
      </div>
      {lesson.status === 'cancelled' && <Text>{text.cancelledBy(lesson.recordedBy, lesson.late)}</Text>}
      {lesson.confirmedBy && <Text className={styles.muted}>{text.confirmedBy[lesson.confirmedBy]}</Text>}
      {lesson.reason && <Text>{text.reason(lesson.reason)}</Text>}
      {lesson.resolution && <Text>{text.resolution(lesson.resolution)}</Text>}
      {open && !family && <Text className={styles.muted}>{text.waitingFamily(answerBy)}</Text>}
      {open && family && (
        <>
          <Text>{text.answerBy(answerBy)}</Text>
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => void answer(() => confirmLesson.trigger())}>
              {text.confirm}
            </Button>
            <Button
              appearance="secondary"
              disabled={busy}
              onClick={() => setDisputing(!disputing)}
              aria-expanded={disputing}
            >
              {text.dispute}
            </Button>
          </div>
          {disputing && (
            <>
              <Field label={text.disputeReason} hint={text.disputeHint} validationMessage={reasonError}>
                <Textarea value={reason} maxLength={200} onChange={(_, data) => setReason(data.value)} />
              </Field>
              <div className={styles.actions}>
                <Button
                  appearance="primary"
                  disabled={busy}
                  onClick={() => void answer(() => disputeLesson.trigger({ reason }))}
                >
                  {text.disputeSend}
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * What both forms keep: a lesson's date and start, the answer's errors, and sending. `fallback`
 * is the field a failure without field errors shows under.
 */
function useLessonEntry(dateRequired: string, fallback: string) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('19:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  // Kept by hand rather than the hooks' `isMutating`: busy until `after` has run too.
  const [busy, setBusy] = useState(false);

  /** Sends the entry starting then; `after` runs once it is recorded. */
  const send = async (submit: (startsAt: string) => Promise<unknown>, after: () => Promise<unknown>) => {
    setDone(false);
    if (!date) {
      setErrors({ startsAt: dateRequired });
      return;
    }
    setBusy(true);
    try {
      await submit(hongKongInstant(date, time));
      setErrors({});
      setDone(true);
      await after();
    } catch (error) {
      setErrors(fieldErrors(error) ?? { [fallback]: errorMessage(error, lessonsZhHK.failed) });
    } finally {
      setBusy(false);
    }
  };
  return { date, setDate, time, setTime, errors, done, busy, send };
}

/** The tutor's form: a lesson held, its date, start and minutes. */
function RecordForm({ arrangementId, onDone }: { arrangementId: string; onDone: () => Promise<unknown> }) {
  const styles = useStyles();
  const text = lessonsZhHK.record;
  const [minutes, setMinutes] = useState('90');
  const { date, setDate, time, setTime, errors, done, busy, send } = useLessonEntry(text.dateRequired, 'startsAt');
  const recordLesson = useRecordLesson(arrangementId);
  const record = () => send((startsAt) => recordLesson.trigger({ startsAt, minutes: Number(minutes) }), onDone);

  return (
    <Card className={styles.form}>
      <Text as="h2" size={400} weight="semibold">
        {text.heading}
      </Text>
      <DateTimeSelect
        dateLabel={text.date}
        timeLabel={text.time}
        date={date}
        time={time}
        onDate={setDate}
        onTime={setTime}
        validationMessage={errors.startsAt}
        years={recentYears()}
      />
      <Field label={text.minutes} validationMessage={errors.minutes}>
        <Input
          type="number"
          inputMode="numeric"
          min={15}
          max={300}
          step={15}
          value={minutes}
          onChange={(_, d) => setMinutes(d.value)}
        />
      </Field>
      {done && <Text role="status">{text.done}</Text>}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy} onClick={() => void record()}>
          {busy ? text.sending : text.send}
        </Button>
      </div>
    </Card>
  );
}

/** Either side's form: a lesson cancelled ahead of time, with a reason. */
function CancelForm({ arrangementId, onDone }: { arrangementId: string; onDone: () => Promise<unknown> }) {
  const styles = useStyles();
  const text = lessonsZhHK.cancel;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { date, setDate, time, setTime, errors, done, busy, send } = useLessonEntry(text.dateRequired, 'reason');
  const cancelLesson = useCancelLesson(arrangementId);
  const cancel = () =>
    send(
      (startsAt) => cancelLesson.trigger({ startsAt, reason }),
      async () => {
        setOpen(false);
        await onDone();
      },
    );

  return (
    <Card className={styles.form}>
      <div className={styles.head}>
        <Text as="h2" size={400} weight="semibold">
          {text.heading}
        </Text>
        <Button appearance="subtle" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {lessonsZhHK.cancelAction}
        </Button>
      </div>
      {done && <Text role="status">{text.done}</Text>}
      {open && (
        <>
          <DateTimeSelect
            dateLabel={text.date}
            timeLabel={text.time}
            date={date}
            time={time}
            onDate={setDate}
            onTime={setTime}
            validationMessage={errors.startsAt}
          />
          <Field label={text.reason} validationMessage={errors.reason}>
            <Input value={reason} maxLength={200} onChange={(_, d) => setReason(d.value)} />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" disabled={busy} onClick={() => void cancel()}>
              {text.send}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
