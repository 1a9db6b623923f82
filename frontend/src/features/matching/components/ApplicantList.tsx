import { Fragment, useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useListCaseApplications, useSelectApplicant } from '@/api/generated/cases/cases';
import type { ApplicantBody } from '@/api/generated/model';
import { useGetTutor } from '@/api/generated/tutors/tutors';
import { ButtonLink } from '@/components/ButtonLink';
import { arrangementPath } from '@/config/paths';
import { ContactLinks } from '@/components/ContactLinks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { catalogueName } from '@/i18n/catalogue-names';
import { formatDateTime, formatHkd, formatRatePerLesson } from '@/i18n/format';
import { lessonsZhHK } from '@/i18n/lessons-zh-HK';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { t } from '@/i18n/zh-HK';
import { levelSubjectName, teachingDistrictsLine, teachingModesLine } from '@/lib/tutor-teaching';
import { matchTerms } from '@/lib/case-display';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  applicant: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  name: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  value: { margin: 0 },
  confirm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  fit: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

/**
 * The applicants of one of the owner's cases, side by side, in the server's order (those who fit
 * first); choosing one offers the case to that tutor at one agreed fee, and the tutor confirms it
 * (spec §4, issue 32).
 */
export function ApplicantList({
  caseId,
  canChoose,
  onChosen,
}: {
  caseId: number;
  canChoose: boolean;
  onChosen: () => void;
}) {
  const styles = useStyles();
  const text = t.cases.myCases;
  const list = useListCaseApplications(caseId);
  // Kept by hand rather than the cards' `isMutating`: every card's choose button waits for it, until
  // the list has been read again too.
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();

  if (list.error) return <ErrorBanner message={errorMessage(list.error, text.applicantsFailed)} />;
  if (!list.data) return <LoadingState />;
  if (list.data.items.length === 0) return <Text className={styles.muted}>{text.noApplicants}</Text>;

  const { rate: caseRate } = list.data.case;
  const { offerHours } = list.data;
  /** `select` sends the offer (the applicant's card holds the hook, which takes its id). */
  const choose = async (applicant: ApplicantBody, select: () => Promise<unknown>) => {
    setBusy(applicant.id);
    setFailure(undefined);
    try {
      await select();
      await list.mutate();
      onChosen();
    } catch (error) {
      setFailure(errorMessage(error, text.chooseFailed));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      {failure && <ErrorBanner message={failure} />}
      <ul className={styles.list} aria-label={text.showApplicants}>
        {list.data.items.map((applicant) => (
          <li key={applicant.id}>
            <ApplicantCard
              caseId={caseId}
              applicant={applicant}
              canChoose={canChoose && applicant.status === 'applied'}
              caseRate={caseRate}
              offerHours={offerHours}
              busy={busy}
              onChoose={(select) => choose(applicant, select)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

interface ApplicantCardProps {
  caseId: number;
  applicant: ApplicantBody;
  canChoose: boolean;
  /** The case's fee per lesson, HKD: the offer's default. */
  caseRate: number;
  /** Hours the tutor has to confirm. */
  offerHours: number;
  /** The application being chosen, if any: every choose button waits for it. */
  busy: string | undefined;
  /** Runs `select`, which offers the case to this applicant. */
  onChoose: (select: () => Promise<unknown>) => Promise<void>;
}

type FeeChoice = 'case' | 'tutor' | 'other';

/**
 * How the applicant fits the case, plainly (issue 34): one badge when they teach it where and
 * for what it pays, else one per gap, what they do not teach in red. An answer without the fit
 * shows nothing rather than a guess.
 */
function FitBadges({ applicant }: { applicant: ApplicantBody }) {
  const styles = useStyles();
  const text = t.cases.myCases.fit;
  const gaps = applicant.fitGaps ?? [];
  if (applicant.fit !== 'full' && gaps.length === 0) return null;
  return (
    <div className={styles.fit} role="group" aria-label={text.label} data-testid="applicant-fit">
      {applicant.fit === 'full' ? (
        <Badge appearance="tint" color="success">
          {text.full}
        </Badge>
      ) : (
        gaps.map((gap) => (
          <Badge key={gap} appearance="tint" color={gap === 'level' || gap === 'subject' ? 'danger' : 'warning'}>
            {text.gap[gap] ?? gap}
          </Badge>
        ))
      )}
    </div>
  );
}

/**
 * One applicant with what an owner compares: fee, education, subjects, areas and mode from the
 * tutor's public profile, beside the times they offered. Choosing asks first, with the one fee
 * to offer (the case's, the tutor's, or one between) and what happens next; once the tutor
 * confirms, the contact is one tap away.
 */
function ApplicantCard({ caseId, applicant, canChoose, caseRate, offerHours, busy, onChoose }: ApplicantCardProps) {
  const styles = useStyles();
  const text = t.cases.myCases;
  const selectApplicant = useSelectApplicant(caseId, applicant.id);
  const profile = useGetTutor(applicant.tutor.id).data;
  const asked = profile?.rate;
  const perLesson = formatRatePerLesson(asked);
  const [choice, setChoice] = useState<FeeChoice>('case');
  const [other, setOther] = useState('');
  const differs = asked !== undefined && asked !== caseRate;
  const [low, high] = [Math.min(caseRate, asked ?? caseRate), Math.max(caseRate, asked ?? caseRate)];
  const fee = choice === 'case' ? caseRate : choice === 'tutor' && asked !== undefined ? asked : Number(other);
  const feeOk = Number.isFinite(fee) && fee >= low && fee <= high && Math.round(fee * 100) === fee * 100;
  const offer = applicant.offer;
  // The area, then its district, each once as shown (in English both may read "Wan Chai").
  const places = profile
    ? [...new Set([profile.location, profile.district].filter((p) => p !== '').map((p) => catalogueName(p)))]
    : [];
  const facts: [string, string | undefined][] = [
    [text.facts.rate, perLesson],
    [text.facts.education, profile?.education],
    [text.facts.subjects, profile?.subjects.map(levelSubjectName).join(t.filters.listSeparator)],
    [text.facts.area, profile && t.common.factsLine(places)],
    [text.facts.mode, profile && teachingModesLine(profile)],
    [text.facts.districts, profile && teachingDistrictsLine(profile)],
    [text.availableTimes, applicant.availableTimes],
  ];
  const [confirming, setConfirming] = useState(false);
  const name = applicant.tutor.name;
  const choose = () =>
    onChoose(() => selectApplicant.trigger({ feePerLesson: fee })).finally(() => setConfirming(false));

  return (
    <Card className={styles.applicant} data-testid="applicant">
      <div className={styles.head}>
        <Avatar name={name} image={applicant.tutor.avatar ? { src: applicant.tutor.avatar } : undefined} size={48} />
        <Text weight="semibold" className={styles.name}>
          {name}
        </Text>
        <Badge appearance="tint" color={applicant.status === 'selected' ? 'success' : 'informative'}>
          {text.applicationStatus[applicant.status] ?? applicant.status}
        </Badge>
      </div>
      <FitBadges applicant={applicant} />
      <dl className={styles.facts}>
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]?.trim()))
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt className={styles.muted}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </Fragment>
          ))}
      </dl>
      {applicant.status === 'offered' && offer && (
        <Text>{text.offerWaiting(formatDateTime(offer.expiresAt) ?? '')}</Text>
      )}
      {text.offerEnded[applicant.status] && <Text className={styles.muted}>{text.offerEnded[applicant.status]}</Text>}
      {applicant.status === 'selected' && offer && <Text>{matchTerms(offer)}</Text>}
      {applicant.contact && (
        <>
          <Text>{text.chosen}</Text>
          <ContactLinks name={applicant.contact.name} phone={applicant.contact.phone} />
        </>
      )}
      <div className={styles.actions}>
        <ButtonLink to={`/tutor/${applicant.tutor.id}`} appearance="secondary" size="small">
          {text.viewProfile}
        </ButtonLink>
        {offer?.status === 'confirmed' && (
          // Also once the match ended: its record may still hold lessons to answer.
          <ButtonLink to={arrangementPath(offer.id)} appearance="primary" size="small">
            {lessonsZhHK.open}
          </ButtonLink>
        )}
        {applicant.status === 'selected' && (
          // The server decides when a review is possible; the profile says so.
          <ButtonLink to={`/tutor/${applicant.tutor.id}#reviews`} appearance="secondary" size="small">
            {reviewsZhHK.rateTutor}
          </ButtonLink>
        )}
        {canChoose && (
          <Dialog open={confirming} onOpenChange={(_, data) => busy === undefined && setConfirming(data.open)}>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" size="small" disabled={busy !== undefined}>
                {text.choose}
              </Button>
            </DialogTrigger>
            <DialogSurface>
              <DialogBody>
                <DialogTitle>{text.confirmTitle(name)}</DialogTitle>
                <DialogContent className={styles.confirm}>
                  {differs && (
                    <RadioGroup
                      aria-label={text.fee.legend}
                      value={choice}
                      onChange={(_, data) => setChoice(data.value as FeeChoice)}
                    >
                      <Radio value="case" label={text.fee.ofCase(formatHkd(caseRate) ?? '')} />
                      <Radio value="tutor" label={text.fee.ofTutor(formatHkd(asked) ?? '')} />
                      <Radio value="other" label={text.fee.other} />
                    </RadioGroup>
                  )}
                  {differs && choice === 'other' && (
                    <Field
                      label={text.fee.amount}
                      validationMessage={
                        other !== '' && !feeOk ? text.fee.range(formatHkd(low) ?? '', formatHkd(high) ?? '') : undefined
                      }
                    >
                      <Input
                        type="number"
                        inputMode="decimal"
                        min={low}
                        max={high}
                        value={other}
                        onChange={(_, data) => setOther(data.value)}
                      />
                    </Field>
                  )}
                  {feeOk && <Text weight="semibold">{text.confirmBody(name, formatHkd(fee) ?? '')}</Text>}
                  <Text>{text.confirmNext(offerHours)}</Text>
                </DialogContent>
                <DialogActions>
                  <DialogTrigger disableButtonEnhancement>
                    <Button appearance="secondary" disabled={busy !== undefined}>
                      {text.confirmCancel}
                    </Button>
                  </DialogTrigger>
                  <Button appearance="primary" disabled={busy !== undefined || !feeOk} onClick={() => void choose()}>
                    {busy === applicant.id ? text.choosing : text.confirm}
                  </Button>
                </DialogActions>
              </DialogBody>
            </DialogSurface>
          </Dialog>
        )}
      </div>
    </Card>
  );
}
