import { Fragment, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { errorMessage, fieldErrors, overdueInvoicePath } from '@/api/api-error';
import { useConfirmOffer, useDeclineOffer } from '@/api/generated/cases/cases';
import type { AppliedCaseBody, OfferBody } from '@/api/generated/model';
import { DateTimeSelect, hongKongInstant } from '@/components/DateTimeSelect';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RouterLink } from '@/components/RouterLink';
import { ServiceFee } from '@/components/ServiceFee';
import { formatDate, formatDateTime, formatHkd } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { caseDisplay } from '@/lib/case-display';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
  terms: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  payLink: { display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start', minHeight: '44px' },
});

/**
 * The offer a tutor answers on /my-applications: the terms to confirm (one agreed fee, the
 * lessons, the start, the place), the deadline, and the first lesson the tutor proposes.
 * Confirming shows both phones; declining opens the case to the others again.
 */
export function OfferAnswer({
  item,
  onAnswered,
}: {
  item: AppliedCaseBody & { offer: OfferBody };
  onAnswered: () => Promise<unknown> | void;
}) {
  const styles = useStyles();
  const text = t.cases.myApplications.offer;
  const view = caseDisplay(item.case);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('19:00');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // An overdue service fee stops a confirmation: the server says which invoice, we add the way to pay.
  const [overdue, setOverdue] = useState<string>();
  const confirmOffer = useConfirmOffer(item.id);
  const declineOffer = useDeclineOffer(item.id);
  // Kept by hand rather than the hooks' `isMutating`: it lasts until the answer has been taken in
  // (`onAnswered`) too, not only while it is sent.
  const [busy, setBusy] = useState<'confirm' | 'decline'>();
  const [declining, setDeclining] = useState(false);

  const terms: [string, string | undefined][] = [
    [text.fee, formatHkd(item.offer.feePerLesson)],
    [text.lessons, view.sessions],
    [text.startDate, formatDate(item.case.startDate)],
    [text.place, view.location],
  ];

  const answer = async (kind: 'confirm' | 'decline') => {
    setBusy(kind);
    setFailure(undefined);
    setOverdue(undefined);
    try {
      if (kind === 'confirm') await confirmOffer.trigger({ firstLessonAt: hongKongInstant(date, time) });
      else await declineOffer.trigger();
      await onAnswered();
    } catch (caught) {
      const fields = fieldErrors(caught);
      if (fields?.firstLessonAt) setError(fields.firstLessonAt);
      else setFailure(errorMessage(caught, text.failed));
      setOverdue(overdueInvoicePath(caught));
    } finally {
      setBusy(undefined);
      setDeclining(false);
    }
  };

  const confirm = () => {
    if (!date) {
      setError(text.firstLessonRequired);
      return;
    }
    setError(undefined);
    void answer('confirm');
  };

  return (
    <section className={styles.box} aria-label={text.title}>
      <Text weight="semibold">{text.title}</Text>
      <Text>{text.deadline(formatDateTime(item.offer.expiresAt) ?? '')}</Text>
      <dl className={styles.terms}>
        {terms
          .filter((term): term is [string, string] => Boolean(term[1]))
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt className={styles.muted}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </Fragment>
          ))}
      </dl>
      {item.serviceFee && <ServiceFee fee={item.serviceFee} on="offer" />}
      <DateTimeSelect
        dateLabel={text.firstLesson}
        timeLabel={text.time}
        date={date}
        time={time}
        onDate={setDate}
        onTime={setTime}
        hint={text.firstLessonHint}
        validationMessage={error}
      />
      {failure && <ErrorBanner message={failure} />}
      {overdue && (
        <RouterLink to={overdue} className={styles.payLink}>
          {t.common.payOverdue}
        </RouterLink>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy !== undefined} onClick={confirm}>
          {busy === 'confirm' ? text.confirming : text.confirm}
        </Button>
        <Dialog open={declining} onOpenChange={(_, data) => busy === undefined && setDeclining(data.open)}>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="secondary" disabled={busy !== undefined}>
              {text.decline}
            </Button>
          </DialogTrigger>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{text.declineTitle}</DialogTitle>
              <DialogContent>{text.declineBody}</DialogContent>
              <DialogActions>
                <DialogTrigger disableButtonEnhancement>
                  <Button appearance="secondary" disabled={busy !== undefined}>
                    {text.declineCancel}
                  </Button>
                </DialogTrigger>
                <Button appearance="primary" disabled={busy !== undefined} onClick={() => void answer('decline')}>
                  {busy === 'decline' ? text.declining : text.declineConfirm}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </div>
    </section>
  );
}
