// A site's own copyright channel: look up what is known, and set it by hand (an address or a form),
// as `shark sites contact`. A channel set here is the first recipient of every takedown on the site.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  useCorrectSiteContact,
  useSiteContact,
} from '#app/features/staff-sites/api/site-contact.ts';
import { formErrorsFromApi } from '#app/lib/form-errors.ts';

export function SiteContactCard() {
  const [site, setSite] = useState('');
  const [shown, setShown] = useState('');
  const [channel, setChannel] = useState('');
  const contact = useSiteContact(shown);
  const correct = useCorrectSiteContact();
  const errors = correct.isError
    ? formErrorsFromApi(correct.error, ['site', 'email', 'form'])
    : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = channel.trim();
    const isForm = /^https?:\/\//i.test(value);
    correct.mutate(isForm ? { site, form: value } : { site, email: value }, {
      onSuccess: (saved) => {
        toast.success(`The channel of ${saved.site} is set.`);
        setShown(saved.site);
        setChannel('');
      },
    });
  }

  const known = contact.data?.contact;
  return (
    <Card>
      <CardHeader>
        <CardTitle>A site’s own channel</CardTitle>
        <CardDescription>
          Where takedowns on a site outside the catalog go first. Set it when the address found on
          the site’s pages is wrong or missing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Site channel" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Site"
              hint="Its host or one of its page addresses."
              value={site}
              onValueChange={setSite}
              error={errors?.fields.site}
            />
            <TextField
              label="Channel"
              hint="An e-mail address, or the address of its copyright form."
              value={channel}
              onValueChange={setChannel}
              error={errors?.fields.email ?? errors?.fields.form}
            />
          </div>
          {errors?.message ? <Alert variant="error">{errors.message}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={correct.isPending || channel.trim() === ''}>
              {correct.isPending ? <Spinner /> : null}
              Set channel
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={site.trim() === ''}
              onClick={() => setShown(site.trim())}
            >
              Show the known channel
            </Button>
          </div>
        </form>
        {shown === '' ? null : contact.isPending ? (
          <Spinner className="mt-4" />
        ) : contact.isError ? (
          <Alert variant="error" className="mt-4">
            {contact.error.message}
          </Alert>
        ) : known ? (
          <Alert className="mt-4">
            {known.site}: {known.channelKind ?? 'no channel'} {known.address ?? ''} ({known.status}
            {known.correctedBy ? ` by ${known.correctedBy}` : ''}
            {known.foundOn ? `, found on ${known.foundOn}` : ''},{' '}
            {new Date(known.checkedAt).toLocaleDateString()})
          </Alert>
        ) : (
          <Alert className="mt-4">No channel is known for {shown} yet.</Alert>
        )}
      </CardContent>
    </Card>
  );
}
