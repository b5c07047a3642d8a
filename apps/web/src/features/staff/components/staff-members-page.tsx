// The admins' page of staff: give a role by e-mail, change it, take it away (after a confirmation).
// Refusals (no such account, the last admin) are the API's own messages.
import {
  STAFF_ROLES,
  grantStaffSchema,
  type StaffMember,
  type StaffRole,
} from '@shark/contracts/staff.ts';
import { UserMinus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useGrantStaff } from '#app/features/staff/api/grant-staff.ts';
import { useStaffMembers } from '#app/features/staff/api/get-staff-members.ts';
import { useRevokeStaff } from '#app/features/staff/api/revoke-staff.ts';
import { ROLE_LABELS, formatDay } from '#app/features/staff/lib/format.ts';
import { isApiClientError } from '#app/lib/api.ts';
import {
  formErrorsFromApi,
  parseFormOrShowErrors,
  type FieldErrors,
} from '#app/lib/form-errors.ts';

const isRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);
const messageOf = (error: unknown, fallback: string) =>
  isApiClientError(error) ? error.message : fallback;

export function StaffMembersPage({ currentUserId }: { currentUserId: string }) {
  const { members } = useStaffMembers();
  const [removing, setRemoving] = useState<StaffMember>();
  const revoke = useRevokeStaff();

  return (
    <PageFrame
      title="Staff"
      description="Who works in the staff console. Agents work the queues, support and creators’ pages; admins also manage staff. A new member turns on two-factor authentication on her first visit."
    >
      <div className="grid gap-6">
        <GrantForm />
        <div className="overflow-x-auto rounded-2xl border">
          <table className="w-full text-sm">
            <caption className="sr-only">Staff members</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Member
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Role
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Two-factor
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Since
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  isYou={member.userId === currentUserId}
                  onRemove={() => {
                    revoke.reset();
                    setRemoving(member);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title="Take the staff role away?"
        description={
          removing
            ? `${removing.email} will no longer open the staff console. Her creator account stays as it is.`
            : ''
        }
        confirmLabel="Take the role away"
        pending={revoke.isPending}
        error={
          revoke.error ? messageOf(revoke.error, 'The role could not be taken away.') : undefined
        }
        onConfirm={() => {
          if (!removing) return;
          revoke.mutate(
            { email: removing.email },
            {
              onSuccess: () => {
                toast.success(`${removing.email} is no longer staff`);
                setRemoving(undefined);
              },
            },
          );
        }}
      />
    </PageFrame>
  );
}

function MemberRow({
  member,
  isYou,
  onRemove,
}: {
  member: StaffMember;
  isYou: boolean;
  onRemove: () => void;
}) {
  const grant = useGrantStaff();
  return (
    <tr className="border-t align-middle">
      <td className="px-3 py-2">
        <div className="font-medium">
          {member.name || member.email}
          {isYou ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
        </div>
        <div className="text-muted-foreground">{member.email}</div>
      </td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label={`Role of ${member.email}`}
            value={member.role}
            disabled={grant.isPending}
            className="w-28"
            onChange={(event) => {
              const role = event.target.value;
              if (!isRole(role)) return;
              grant.mutate(
                { email: member.email, role },
                {
                  onSuccess: () =>
                    toast.success(`${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`),
                  onError: (error) =>
                    toast.error(messageOf(error, 'The role could not be changed.')),
                },
              );
            }}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
          {grant.isPending ? <Spinner /> : null}
        </div>
      </td>
      <td className="px-3 py-2">
        {member.twoFactorEnabled ? (
          <Badge variant="secondary">On</Badge>
        ) : (
          <Badge variant="warning">Off</Badge>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        <time dateTime={member.createdAt}>{formatDay(member.createdAt)}</time>
      </td>
      <td className="px-3 py-2 text-right">
        <Button type="button" variant="outline" size="sm" onClick={onRemove}>
          <UserMinus aria-hidden="true" />
          Remove<span className="sr-only"> {member.email}</span>
        </Button>
      </td>
    </tr>
  );
}

const GRANT_FIELDS = ['email', 'role'] as const;

function GrantForm() {
  const grant = useGrantStaff();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const data = parseFormOrShowErrors(form, grantStaffSchema, GRANT_FIELDS, setErrors);
    if (!data) return;
    grant.mutate(data, {
      onSuccess: (member) => {
        toast.success(`${member.email} is now ${ROLE_LABELS[member.role].toLowerCase()}`);
        form.reset();
      },
      onError: (error) => {
        const result = formErrorsFromApi(error, GRANT_FIELDS);
        setErrors(result.fields);
        setFormError(result.message);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Give a role</CardTitle>
        <CardDescription>
          The person needs an account first (she signs up as any creator does).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        >
          {formError ? (
            <Alert variant="error" className="sm:col-span-3">
              {formError}
            </Alert>
          ) : null}
          <FormField label="E-mail of the account" error={errors.email}>
            {(control) => (
              <Input {...control} name="email" type="email" autoComplete="off" required />
            )}
          </FormField>
          <FormField label="Role" error={errors.role}>
            {(control) => (
              <NativeSelect {...control} name="role" defaultValue="agent">
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" className="sm:mt-7" disabled={grant.isPending}>
            {grant.isPending ? <Spinner /> : null}
            Give the role
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
