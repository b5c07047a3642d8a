// "Profile" on /account: the name shown in the app and used to greet the user in mails.
import { profileFormSchema } from '@shark/contracts/auth.ts';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useUpdateProfile } from '#app/features/account-profile/api/update-profile.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const FIELDS = ['name'] as const;

export function ProfileSection({ name }: { name: string }) {
  const titleId = useId();
  const update = useUpdateProfile();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = parseFormOrShowErrors(event.currentTarget, profileFormSchema, FIELDS, setErrors);
    if (!data) return;
    update.mutate(data, {
      onSuccess: () => toast.success('Your name was saved'),
      onError: (error) => {
        const result = formErrorsFromApi(error, FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <section id="profile" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Profile</CardTitle>
          <CardDescription>Your name as the app and our e-mails greet you.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={handleSubmit} className="grid max-w-md gap-5">
            {formError ? (
              <Alert variant="error">
                <CircleAlert aria-hidden="true" />
                <p>{formError}</p>
              </Alert>
            ) : null}
            <FormField label="Name" error={errors.name}>
              {(control) => (
                <Input {...control} name="name" autoComplete="name" defaultValue={name} required />
              )}
            </FormField>
            <Button type="submit" className="w-fit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Save Name
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
