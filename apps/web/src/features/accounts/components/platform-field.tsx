// The "Platform" select of the forms that add an account (Accounts and onboarding).
import type { AccountPlatform } from '@shark/contracts/accounts.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { PLATFORM_OPTIONS } from '#app/features/accounts/lib/platforms.ts';

export function PlatformField({
  value,
  onChange,
  error,
}: {
  value: AccountPlatform;
  onChange: (platform: AccountPlatform) => void;
  error?: string | undefined;
}) {
  return (
    <FormField label="Platform" error={error}>
      {(control) => (
        <NativeSelect
          {...control}
          name="platform"
          value={value}
          onChange={(event) => onChange(event.target.value as AccountPlatform)}
        >
          {PLATFORM_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
