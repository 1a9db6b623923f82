import { useState } from 'react';
import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useReplyToReview } from '@/api/generated/tutors/tutors';
import { REVIEW_TEXT_MAX_CHARS } from '@/config/limits';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { replyProblem } from '../lib/review-rules';

const useStyles = makeStyles({
  replyForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  button: { minHeight: '44px' },
});

/** The reviewed tutor's one public reply to a review, checked for contact details as it is typed. */
export function ReplyForm({ reviewId, onReplied }: { reviewId: number; onReplied: () => Promise<void> }) {
  const styles = useStyles();
  const words = reviewsZhHK.reply;
  const [value, setValue] = useState('');
  const reply = useReplyToReview(reviewId);
  // Kept by hand rather than `reply.isMutating`: the form stays busy until the reviews have been
  // read again too, not only while the reply is sent.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const length = [...value.trim()].length;
  // The reply is public too: a contact detail is refused as it is typed, in the server's words.
  const problem = replyProblem(value);

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await reply.trigger({ text: value.trim() });
      await onReplied();
    } catch (error) {
      setFailure(errorMessage(error, words.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.replyForm}>
      <Field
        label={words.label}
        hint={words.hint([...value].length, REVIEW_TEXT_MAX_CHARS)}
        validationState={failure || problem ? 'error' : 'none'}
        validationMessage={failure ?? problem}
      >
        <Textarea value={value} rows={2} resize="vertical" onChange={(_, data) => setValue(data.value)} />
      </Field>
      <div>
        <Button
          className={styles.button}
          disabled={busy || length === 0 || length > REVIEW_TEXT_MAX_CHARS || problem !== undefined}
          onClick={() => void submit()}
        >
          {busy ? words.submitting : words.submit}
        </Button>
      </div>
    </div>
  );
}
