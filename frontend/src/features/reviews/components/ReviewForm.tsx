import { type FormEvent, useState } from 'react';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Rating,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { errorMessage, fieldErrors } from '@/api/api-error';
import { createReview } from '@/api/generated/tutors/tutors';
import { REVIEW_TEXT_MAX_CHARS } from '@/config/limits';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: { margin: 0 },
  // Each star is a 44 px tap target on a phone.
  stars: { '& input': { minWidth: '44px', minHeight: '44px' } },
  submit: { minHeight: '44px', minWidth: '120px' },
});

type Errors = { rating?: string; text?: string };

/** What the reviewer must see before sending; the server checks it all again. */
function validate(rating: number, text: string): Errors {
  const words = t.reviews.form;
  const errors: Errors = {};
  if (rating < 1) errors.rating = words.ratingRequired;
  const length = [...text.trim()].length;
  if (length === 0) errors.text = words.textRequired;
  else if (length > REVIEW_TEXT_MAX_CHARS) errors.text = words.textTooLong(REVIEW_TEXT_MAX_CHARS);
  return errors;
}

/** Stars and words for a tutor the member had lessons with; shown only when the server allows it. */
export function ReviewForm({ tutorId, onReviewed }: { tutorId: string; onReviewed: () => Promise<void> }) {
  const styles = useStyles();
  const words = t.reviews.form;
  const { formRef, revealAfter } = useFormFeedback();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(rating, text);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await createReview(tutorId, { rating, text: text.trim() });
      await onReviewed();
    } catch (error) {
      setErrors((fieldErrors(error) ?? {}) as Errors);
      setFailure(words.failed(errorMessage(error, words.unknownReason)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(submit)} noValidate aria-label={words.heading}>
      <Text as="h3" size={400} weight="semibold" className={styles.heading}>
        {words.heading}
      </Text>
      <Field
        label={words.rating}
        required
        validationState={errors.rating ? 'error' : 'none'}
        validationMessage={errors.rating}
      >
        <Rating
          className={styles.stars}
          value={rating}
          size="extra-large"
          color="marigold"
          itemLabel={words.ratingItem}
          aria-invalid={errors.rating ? true : undefined}
          onChange={(_, data) => {
            setRating(data.value);
            setErrors((before) => ({ ...before, rating: undefined }));
          }}
        />
      </Field>
      <Field
        label={words.text}
        required
        hint={words.textHint([...text].length, REVIEW_TEXT_MAX_CHARS)}
        validationState={errors.text ? 'error' : 'none'}
        validationMessage={errors.text}
      >
        <Textarea
          value={text}
          rows={4}
          resize="vertical"
          onChange={(_, data) => {
            setText(data.value);
            setErrors((before) => ({ ...before, text: undefined }));
          }}
        />
      </Field>
      {failure && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <div>
        <Button type="submit" appearance="primary" className={styles.submit} disabled={busy}>
          {busy ? words.submitting : words.submit}
        </Button>
      </div>
    </form>
  );
}
