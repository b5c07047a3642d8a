// The box under a support conversation: one message, checked like the API checks it, the server's
// refusal shown above it. The creator's reply and the staff's answer both use it.
import { SUPPORT_MESSAGE_MAX, supportReplySchema } from '@shark/contracts/support.ts';
import { CircleAlert, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { isApiClientError } from '#app/lib/api.ts';

export function SupportReplyForm({
  label,
  submitLabel,
  hint,
  isPending,
  send,
}: {
  label: string;
  submitLabel: string;
  hint?: string;
  isPending: boolean;
  /** Resolves once sent; a rejection's message is shown. */
  send: (message: string) => Promise<unknown>;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = supportReplySchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send(parsed.data.message).then(
      () => setMessage(''),
      (failure: unknown) =>
        setFormError(
          isApiClientError(failure) ? failure.message : 'Something unexpected happened. Try again.',
        ),
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3">
      {formError ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      ) : null}
      <FormField label={label} error={error} hint={hint}>
        {(control) => (
          <Textarea
            {...control}
            name="message"
            rows={5}
            maxLength={SUPPORT_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="w-fit" disabled={isPending}>
        {isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {submitLabel}
      </Button>
    </form>
  );
}
