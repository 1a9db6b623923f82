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
} from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useWithdrawApplication } from '@/api/generated/cases/cases';
import type { ApplicationBody } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';

interface WithdrawApplicationButtonProps {
  applicationId: string;
  /** The case as the list names it (its number), repeated in the confirmation. */
  caseLabel: string;
  onWithdrawn: (application: ApplicationBody) => Promise<unknown> | void;
  /** The server's message (or a fallback), for the page's red banner. */
  onFailed: (message: string | undefined) => void;
}

/**
 * Withdrawing is not undone by a click (only by applying again), so it asks first. The dialog
 * stays open while the request runs, and closes either way; a failure goes to the page banner.
 */
export function WithdrawApplicationButton({
  applicationId,
  caseLabel,
  onWithdrawn,
  onFailed,
}: WithdrawApplicationButtonProps) {
  const text = t.cases.myApplications;
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawApplication(applicationId);
  // Kept by hand rather than `withdraw.isMutating`: the dialog stays busy until the withdrawal has
  // been taken in (`onWithdrawn`) too, not only while it is sent.
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    onFailed(undefined);
    try {
      await onWithdrawn(await withdraw.trigger());
    } catch (error) {
      onFailed(errorMessage(error, text.withdrawFailed));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !busy && setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="secondary" size="small">
          {text.withdraw}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{text.withdrawTitle}</DialogTitle>
          <DialogContent>{text.withdrawBody(caseLabel)}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabled={busy}>
                {text.withdrawCancel}
              </Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {busy ? text.withdrawing : text.withdrawConfirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
