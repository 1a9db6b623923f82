import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  MessageBar,
  MessageBarBody,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FlagRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useReportReview } from '@/api/generated/tutors/tutors';
import type { ReviewBody } from '@/api/generated/model';
import { REPORT_REASON_MAX_CHARS } from '@/config/limits';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';

const useStyles = makeStyles({
  replyForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  button: { minHeight: '44px' },
});

/** Reporting: a reason in a dialog, sent to the back office; the dialog then says it was received. */
export function ReportButton({ review }: { review: ReviewBody }) {
  const styles = useStyles();
  const words = reviewsZhHK.report;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportReview(review.reviewId);
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const length = [...reason.trim()].length;

  const submit = async () => {
    try {
      await report.trigger({ reason: reason.trim() });
      setResult({ ok: true, message: words.done });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error, words.failed) });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        if (!data.open) setResult(undefined);
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<FlagRegular />}
          className={styles.button}
          aria-label={words.openLabel(review.authorName)}
        >
          {words.open}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{words.title}</DialogTitle>
          <DialogContent className={styles.replyForm}>
            {result?.ok ? (
              <MessageBar intent="success" role="status">
                <MessageBarBody>{result.message}</MessageBarBody>
              </MessageBar>
            ) : (
              <Field
                label={words.reason}
                required
                hint={words.hint(REPORT_REASON_MAX_CHARS)}
                validationState={result ? 'error' : 'none'}
                validationMessage={result?.message}
              >
                <Textarea value={reason} rows={3} onChange={(_, data) => setReason(data.value)} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{result?.ok ? words.close : words.cancel}</Button>
            </DialogTrigger>
            {!result?.ok && (
              <Button
                appearance="primary"
                disabled={report.isMutating || length === 0 || length > REPORT_REASON_MAX_CHARS}
                onClick={() => void submit()}
              >
                {words.submit}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
