// /support/new: a subject and a message, optionally about one of her takedowns or findings (named by
// the link that opened the form). Checked with the API's own contract, each message beside its field.
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  openSupportRequestSchema,
  type SupportRequest,
} from '@shark/contracts/support.ts';
import { CircleAlert, Link2, Send, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useOpenSupportRequest } from '#app/features/support/api/open-support-request.ts';
import { initialMessage, type NewSupportSearch } from '#app/features/support/lib/support-search.ts';
import { fieldErrorsFromZod, formErrorsFromApi, type FieldErrors } from '#app/lib/form-errors.ts';

const FIELDS = ['subject', 'message', 'takedownId', 'findingId'] as const;

export function NewSupportRequestPage({
  userId,
  search,
  onOpened,
}: {
  userId: string;
  search: NewSupportSearch;
  onOpened: (request: SupportRequest) => void;
}) {
  const open = useOpenSupportRequest(userId);
  const [subject, setSubject] = useState(search.subject ?? '');
  const [message, setMessage] = useState(() => initialMessage(search));
  const [link, setLink] = useState(
    search.takedownId
      ? { type: 'takedown' as const, id: search.takedownId }
      : search.findingId
        ? { type: 'finding' as const, id: search.findingId }
        : null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function focusFirst(form: HTMLFormElement, found: FieldErrors) {
    const first = FIELDS.find((field) => found[field] !== undefined);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const parsed = openSupportRequestSchema.safeParse({
      subject,
      message,
      takedownId: link?.type === 'takedown' ? link.id : null,
      findingId: link?.type === 'finding' ? link.id : null,
    });
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      setErrors(found);
      focusFirst(form, found);
      return;
    }
    setErrors({});
    open.mutate(parsed.data, {
      onSuccess: onOpened,
      onError: (error) => {
        const result = formErrorsFromApi(error, ['subject', 'message']);
        const linkError = result.fields.takedownId ?? result.fields.findingId;
        setErrors(result.fields);
        setFormError(linkError ?? result.message);
        focusFirst(form, result.fields);
      },
    });
  }

  return (
    <PageFrame
      title="New request"
      description="Tell us what you need. Our team answers here, Premium members first."
    >
      <form noValidate onSubmit={handleSubmit} className="grid max-w-2xl gap-4">
        {formError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{formError}</p>
          </Alert>
        ) : null}
        {link ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
            <span className="flex items-center gap-2">
              <Link2 aria-hidden="true" className="size-4" />
              About your {link.type} <code className="text-xs">{link.id}</code>
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => setLink(null)}>
              <X aria-hidden="true" />
              Remove the link
            </Button>
          </div>
        ) : null}
        <TextField
          label="Subject"
          name="subject"
          autoComplete="off"
          maxLength={SUPPORT_SUBJECT_MAX}
          error={errors.subject}
          value={subject}
          onValueChange={setSubject}
        />
        <FormField
          label="Message"
          error={errors.message}
          hint={`Up to ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.`}
        >
          {(control) => (
            <Textarea
              {...control}
              name="message"
              rows={8}
              maxLength={SUPPORT_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" className="w-fit" disabled={open.isPending}>
          {open.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Send request
        </Button>
      </form>
    </PageFrame>
  );
}
